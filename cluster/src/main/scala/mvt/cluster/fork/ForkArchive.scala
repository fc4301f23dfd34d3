package mvt.cluster.fork

import java.nio.channels.FileChannel
import java.nio.file.{Files, Path, StandardCopyOption, StandardOpenOption}
import java.util.concurrent.atomic.AtomicBoolean
import scala.jdk.CollectionConverters.*

/**
 * A class-data-sharing archive for the JVMs a test run forks (cluster nodes, `mvt` runs), made from the first one
 * that loads a node's worth of classes. A forked node spends most of its start loading and verifying some 7,000
 * library classes; from the archive it maps them instead, about 1.5 s of CPU less per JVM, which on two cores is
 * what keeps several JVMs starting at once from starving the running ones. On only when the system property
 * `mvt.fork.cds-dir` names a directory (the build sets it for tests); otherwise [[classPath]] is the plain class
 * path. An archive is keyed by the class path's jars and the JVM, so a changed dependency makes a new one.
 * Thread-safe; several test JVMs may share the directory (a file lock picks the one that builds).
 */
object ForkArchive {

  // a list from a JVM that loaded fewer classes (an `mvt` command that needs no cluster) would leave Pekko out
  private val MinClasses = 5000

  /** The options that put this JVM's class path on a forked JVM's command line, with the archive once it exists. */
  def classPath(): Vector[String] =
    sys.props.get("mvt.fork.cds-dir").filter(_.nonEmpty).fold(plain)(d => archived(Path.of(d)))

  private def plain: Vector[String] = Vector("-cp", System.getProperty("java.class.path"))

  // the jars first, the directories after: an archive only holds classes from jars, and its class path must be a
  // prefix of the runtime one; no class is in both, so the order changes nothing else
  private lazy val (jars, others) = System.getProperty("java.class.path")
    .split(java.io.File.pathSeparator)
    .toVector
    .filter(_.nonEmpty)
    .partition(e => e.endsWith(".jar") && Files.isRegularFile(Path.of(e)))

  private lazy val key: String = {
    val text =
      (jars :+ System.getProperty("java.home") :+ System.getProperty("java.vm.version")).mkString("\n")
    val digest = java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes("UTF-8"))
    digest.take(8).map(b => f"$b%02x").mkString
  }

  private val building = new AtomicBoolean(false)

  private def archived(dir: Path): Vector[String] = {
    val archive = dir.resolve(s"$key.jsa")
    val cp = Vector("-cp", (jars ++ others).mkString(java.io.File.pathSeparator))
    if (Files.isRegularFile(archive))
      // a stale or foreign archive is ignored by the JVM, not fatal; its warnings would land on a node's stdout,
      // where its events go
      Vector(
        s"-XX:SharedArchiveFile=$archive",
        "-Xshare:auto",
        "-Xlog:cds=off",
        "-Xlog:cds+dynamic=off"
      ) ++ cp
    else if (Files.exists(dir.resolve(s"$key.failed")) || !startBuilder(dir, archive)) cp
    // one list per JVM (the JVM puts its pid for %p): a launcher's command serves every node of a run
    else Vector(s"-XX:DumpLoadedClassList=${dir.resolve(s"$key.%p.classlist")}") ++ cp
  }

  // once per JVM: a daemon thread that waits for a forked JVM's list of a node's worth of classes, then dumps the
  // archive from it (about 10 s of CPU, once per key); false when the directory cannot be used
  private def startBuilder(dir: Path, archive: Path): Boolean =
    try {
      Files.createDirectories(dir)
      if (building.compareAndSet(false, true)) {
        val t = new Thread(() => build(dir, archive), "fork-archive")
        t.setDaemon(true)
        t.start()
      }
      true
    } catch { case _: java.io.IOException => false }

  private def build(dir: Path, archive: Path): Unit = {
    val deadline = System.nanoTime + 30L * 60 * 1_000_000_000L
    var list: Option[Path] = None
    while (list.isEmpty && !Files.exists(archive) && System.nanoTime < deadline) {
      Thread.sleep(500)
      list = lists(dir).find(p => lineCount(p) >= MinClasses)
    }
    list.foreach { l =>
      val lock =
        FileChannel.open(dir.resolve(s"$key.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)
      try {
        val held = lock.tryLock()
        if (held != null && !Files.exists(archive)) dump(dir, l, archive)
      } finally lock.close()
    }
  }

  private def lists(dir: Path): Vector[Path] = {
    val s = Files.list(dir)
    try s.iterator.asScala.filter(_.getFileName.toString.startsWith(s"$key.")).filter(
        _.getFileName.toString.endsWith(".classlist")
      ).toVector
    finally s.close()
  }

  private def lineCount(p: Path): Long =
    try {
      val s = Files.lines(p)
      try s.count()
      finally s.close()
    } catch { case _: java.io.IOException | _: java.io.UncheckedIOException => 0L }

  private def dump(dir: Path, list: Path, archive: Path): Unit = {
    val tmp = dir.resolve(s"$key.jsa.tmp")
    val javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString
    // a copy: the JVM that writes the list is still running and may append a partial line
    val frozen = dir.resolve(s"$key.frozen")
    val lines = Files.readAllLines(list).asScala.dropRight(1)
    Files.write(frozen, lines.asJava)
    val cmd = Vector(
      javaBin,
      "-Xshare:dump",
      s"-XX:SharedClassListFile=$frozen",
      s"-XX:SharedArchiveFile=$tmp",
      "-cp",
      jars.mkString(java.io.File.pathSeparator)
    )
    val nice =
      if (Files.isExecutable(Path.of("/usr/bin/nice"))) Vector("/usr/bin/nice", "-n", "10") else Vector.empty
    val log = dir.resolve(s"$key.dump.log")
    val status =
      try
        new ProcessBuilder((nice ++ cmd).asJava)
          .redirectErrorStream(true)
          .redirectOutput(log.toFile)
          .start()
          .waitFor()
      catch { case _: java.io.IOException => -1 }
    if (status == 0 && Files.isRegularFile(tmp))
      Files.move(tmp, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING): Unit
    else Files.writeString(
      dir.resolve(s"$key.failed"),
      s"java -Xshare:dump exited with $status; see $log\n"
    ): Unit
    lists(dir).foreach(Files.deleteIfExists(_): Unit)
    Files.deleteIfExists(frozen): Unit
  }
}
