package mvt.core.files

import java.nio.file.Files

/** Removing a directory tree: everything below goes, a missing root is fine, a sibling stays. */
class FileTreeSuite extends munit.FunSuite {

  test("a tree of files and nested directories is removed whole, and its sibling is left") {
    val parent = Files.createTempDirectory("mvt-tree")
    try {
      val root = parent.resolve("root")
      Files.createDirectories(root.resolve("a/b/c"))
      Files.writeString(root.resolve("top.txt"), "1")
      Files.writeString(root.resolve("a/b/mid.txt"), "2")
      Files.writeString(root.resolve("a/b/c/deep.txt"), "3")
      val sibling = Files.writeString(parent.resolve("sibling.txt"), "kept")
      FileTree.delete(root)
      assert(!Files.exists(root))
      assertEquals(Files.readString(sibling), "kept")
    } finally {
      Files.deleteIfExists(parent.resolve("sibling.txt"))
      Files.deleteIfExists(parent)
    }
  }

  test("a root that does not exist, or a single file, is removed without complaint") {
    val dir = Files.createTempDirectory("mvt-tree")
    FileTree.delete(dir.resolve("never-made"))
    val file = Files.writeString(dir.resolve("one.txt"), "x")
    FileTree.delete(file)
    assert(!Files.exists(file))
    FileTree.delete(dir)
    assert(!Files.exists(dir))
  }
}
