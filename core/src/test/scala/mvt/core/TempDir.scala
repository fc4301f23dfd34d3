package mvt.core

import java.nio.file.{Files, Path}
import scala.jdk.CollectionConverters.*

/** Temporary directories for tests: a fresh one for a block, removed with all it holds afterwards. */
object TempDir {

  /** Runs `f` in a new temporary directory named from `prefix`, then removes the directory and its contents. */
  def apply[A](prefix: String)(f: Path => A): A = {
    val dir = Files.createTempDirectory(prefix)
    try f(dir)
    finally remove(dir)
  }

  /** A fixture of `suite`: a new temporary directory named from `prefix` per test, removed with its contents after. */
  def fixture(suite: munit.FunSuite, prefix: String): suite.FunFixture[Path] =
    suite.FunFixture[Path](_ => Files.createTempDirectory(prefix), remove)

  private def remove(dir: Path): Unit = {
    val all = Files.walk(dir)
    try all.iterator.asScala.toVector.reverse.foreach(Files.deleteIfExists)
    finally all.close()
  }
}
