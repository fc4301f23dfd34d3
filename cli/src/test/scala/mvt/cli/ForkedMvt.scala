package mvt.cli

import java.io.File
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import scala.jdk.CollectionConverters.*

/** Runs `mvt` as a real process (a JVM of its own with the test classpath), for signals, kills and redirections. */
object ForkedMvt {

  /** A started `mvt`; stdout and stderr go to files so a full pipe never blocks it. */
  final case class Running(process: Process, out: Path, err: Path) {

    /** Waits up to `seconds` for the exit; the status, or None if it is still running. */
    def await(seconds: Long): Option[Int] =
      if (process.waitFor(seconds, TimeUnit.SECONDS)) Some(process.exitValue) else None

    def stderr: String = java.nio.file.Files.readString(err)
  }

  def start(dir: Path, stdin: Option[Path], args: String*): Running = {
    val javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString
    val cmd =
      (Vector(javaBin, "-Xmx1g") ++ mvt.cluster.fork.Launcher.extraOptions ++
        mvt.cluster.fork.ForkArchive.classPath() :+ "mvt.cli.Main") ++ args
    val out = java.nio.file.Files.createTempFile(dir, "out", ".txt")
    val err = java.nio.file.Files.createTempFile(dir, "err", ".txt")
    val pb = new ProcessBuilder(cmd.asJava).redirectOutput(out.toFile).redirectError(err.toFile)
    stdin.foreach(p => pb.redirectInput(p.toFile))
    if (stdin.isEmpty) pb.redirectInput(new File("/dev/null"))
    Running(pb.start(), out, err)
  }
}
