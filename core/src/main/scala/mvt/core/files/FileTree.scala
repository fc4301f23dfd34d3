package mvt.core.files

import java.nio.file.{Files, Path}

/** A directory and everything below it, as scratch space is removed once a run or a test is done with it. */
object FileTree {

  /**
   * Removes `root` and all it holds, deepest first; a `root` that does not exist is already removed. A file that
   * cannot be removed ends it with its error; what was removed before it stays removed.
   */
  def delete(root: Path): Unit =
    if (Files.exists(root)) {
      val all = Files.walk(root)
      // a path sorts after its directory's: in reverse order, what a directory holds goes before it
      try all.sorted(java.util.Comparator.reverseOrder()).forEach(p => { val _ = Files.deleteIfExists(p) })
      finally all.close()
    }
}
