package mvt.core

import mvt.core.files.FileTree

import java.nio.file.{Files, Path}

/** Temporary directories for tests: a fresh one for a block, removed with all it holds afterwards. */
object TempDir {

  /** Runs `f` in a new temporary directory named from `prefix`, then removes the directory and its contents. */
  def apply[A](prefix: String)(f: Path => A): A = {
    val dir = Files.createTempDirectory(prefix)
    try f(dir)
    finally FileTree.delete(dir)
  }

  /** A fixture of `suite`: a new temporary directory per test, named from `prefix`, removed whole after it. */
  def fixture(suite: munit.FunSuite, prefix: String): suite.FunFixture[Path] =
    suite.FunFixture[Path](_ => Files.createTempDirectory(prefix), FileTree.delete)
}
