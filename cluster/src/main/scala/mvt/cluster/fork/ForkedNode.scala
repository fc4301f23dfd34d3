package mvt.cluster.fork

import java.nio.file.{Files, Path}
import scala.jdk.CollectionConverters.*

/** One forked `mvt node`: its process and the file its stdout goes to (stderr beside it). */
final case class ForkedNode(name: String, process: Process, out: Path) {

  /** Every line the node printed so far. */
  def lines: Vector[String] =
    if (Files.exists(out)) Files.readAllLines(out).asScala.toVector else Vector.empty
}

object ForkedNode {

  /** Starts `mvt <args>` with `launcher`, stdout to `dir/<name>.out`, stderr to `dir/<name>.err`, no stdin. */
  def start(launcher: Launcher, dir: Path, name: String, args: Vector[String]): ForkedNode = {
    val out = dir.resolve(s"$name.out")
    val pb = new ProcessBuilder((launcher.command ++ args).asJava)
      .redirectOutput(out.toFile)
      .redirectError(dir.resolve(s"$name.err").toFile)
      .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
    ForkedNode(name, pb.start(), out)
  }

  /** A free TCP port on loopback, for the exchange to listen on. */
  def freePort(): Int = {
    val s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress)
    try s.getLocalPort
    finally s.close()
  }
}
