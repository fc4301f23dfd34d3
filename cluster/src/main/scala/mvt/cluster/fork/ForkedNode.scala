package mvt.cluster.fork

import mvt.cluster.NodeEvent

import java.nio.file.{Files, Path}
import scala.jdk.CollectionConverters.*

/** One forked `mvt node --json`: its process and the files its stdout (events) and stderr go to. */
final case class ForkedNode(name: String, process: Process, out: Path, err: Path) {

  /**
   * Every event the node reported so far. A line that is not an event (the last one, half written while the node
   * writes it) is left out.
   */
  def events: Vector[NodeEvent] = read(out).flatMap(NodeEvent.fromJson(_).toOption)

  /** What the node wrote to stderr so far: why it failed, if it did. */
  def errors: Vector[String] = read(err)

  private def read(p: Path): Vector[String] =
    if (Files.exists(p)) Files.readAllLines(p).asScala.toVector else Vector.empty
}

object ForkedNode {

  /**
   * Starts `mvt <args> --json` with `launcher`, stdout to `dir/<name>.out`, stderr to `dir/<name>.err`, no stdin.
   */
  def start(launcher: Launcher, dir: Path, name: String, args: Vector[String]): ForkedNode = {
    val out = dir.resolve(s"$name.out")
    val err = dir.resolve(s"$name.err")
    val pb = new ProcessBuilder((launcher.command ++ args :+ "--json").asJava)
      .redirectOutput(out.toFile)
      .redirectError(err.toFile)
      .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
    ForkedNode(name, pb.start(), out, err)
  }

  /** A free TCP port on loopback, for the exchange to listen on. */
  def freePort(): Int = {
    val s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress)
    try s.getLocalPort
    finally s.close()
  }
}
