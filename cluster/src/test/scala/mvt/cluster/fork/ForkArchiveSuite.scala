package mvt.cluster.fork

import java.nio.file.Files

/** The class path a forked JVM gets: plain without the archive directory; with it, jars first, then the archive. */
class ForkArchiveSuite extends munit.FunSuite {

  private val Property = "mvt.fork.cds-dir"

  private def withDir[A](body: java.nio.file.Path => A): A = {
    val dir = Files.createTempDirectory("fork-archive-test")
    val before = sys.props.get(Property)
    sys.props(Property) = dir.toString
    try body(dir)
    finally {
      before.fold(sys.props.remove(Property): Unit)(sys.props(Property) = _)
      mvt.core.files.FileTree.delete(dir)
    }
  }

  private def valueAfter(args: Vector[String], option: String): String =
    args.lift(args.indexOf(option) + 1).getOrElse(fail(s"no $option in $args"))

  test("without the directory property, the JVM's class path as it is") {
    val before = sys.props.remove(Property)
    try assertEquals(ForkArchive.classPath(), Vector("-cp", System.getProperty("java.class.path")))
    finally before.foreach(sys.props(Property) = _)
  }

  test(
    "before an archive exists: each JVM lists its classes in a file of its own, the jars first on the class path"
  ) {
    withDir { dir =>
      val args = ForkArchive.classPath()
      val list = args.find(_.startsWith("-XX:DumpLoadedClassList=")).getOrElse(fail(args.toString))
      assert(list.startsWith(s"-XX:DumpLoadedClassList=$dir/") && list.endsWith(".%p.classlist"), list)
      val entries = valueAfter(args, "-cp").split(java.io.File.pathSeparator).toVector
      assertEquals(
        entries.toSet,
        System.getProperty("java.class.path").split(java.io.File.pathSeparator).toSet
      )
      val firstDir = entries.indexWhere(e => !e.endsWith(".jar"))
      assert(firstDir < 0 || entries.drop(firstDir).forall(!_.endsWith(".jar")), entries.toString)
    }
  }

  test(
    "once the archive exists, JVMs map it, with the JVM's own messages about it off (a node's stdout is its events)"
  ) {
    withDir { dir =>
      val list = ForkArchive.classPath().find(_.startsWith("-XX:DumpLoadedClassList=")).get
      val key = list.drop(s"-XX:DumpLoadedClassList=$dir/".length).takeWhile(_ != '.')
      Files.writeString(dir.resolve(s"$key.jsa"), "")
      val args = ForkArchive.classPath()
      assert(args.contains(s"-XX:SharedArchiveFile=${dir.resolve(s"$key.jsa")}"), args.toString)
      assert(
        args.contains("-Xlog:cds=off") && !args.exists(_.startsWith("-XX:DumpLoadedClassList")),
        args.toString
      )
    }
  }
}
