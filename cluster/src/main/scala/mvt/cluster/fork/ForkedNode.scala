package mvt.cluster.fork

import mvt.cluster.NodeEvent

import java.nio.file.{Files, Path}
import scala.concurrent.duration.*
import scala.jdk.CollectionConverters.*

/**
 * One forked `mvt node --json`: its process and the files its stdout (events) and stderr go to. A node started
 * with `--control` takes cut and heal lines on its stdin ([[mvt.cluster.NodeControl]]) through [[cut]] and
 * [[heal]]; the others' stdin is empty. Its methods may be called from any one thread at a time.
 */
final case class ForkedNode(name: String, process: Process, out: Path, err: Path) {

  /** The node's address (`host:port`), once it reported itself up. */
  def address: Option[String] = NodeEvents(events).node.map(_.value)

  /**
   * Cuts every link between this node and `peers` (`host:port`), both ways on this node's side; true once the node
   * acknowledged that Artery applied it, false if it could not (not started with `--control`, dead, paused, or
   * not answering within `within`).
   */
  def cut(peers: Vector[String], within: FiniteDuration = 10.seconds): Boolean =
    peers.isEmpty || control(s"cut ${peers.mkString(",")}", within)

  /**
   * Probes `peers` (`host:port`) from this node, an identify across each link ([[mvt.cluster.NodeControl]]): the
   * probes' results once the node acknowledged them, empty if it could not (as [[cut]]).
   */
  def probe(peers: Vector[String], within: FiniteDuration = 20.seconds): Vector[NodeEvent.Probe] = {
    def probes = events.collect { case p: NodeEvent.Probe => p }
    val before = probes.size
    if (peers.nonEmpty && control(s"probe ${peers.mkString(",")}", within)) probes.drop(before)
    else Vector.empty
  }

  /** Lets every link this node cut through again; true once the node acknowledged it, as [[cut]]. */
  def heal(within: FiniteDuration = 10.seconds): Boolean = control("heal", within)

  // sends `line` and waits for its acknowledgement: one more Control event than before
  private def control(line: String, within: FiniteDuration): Boolean = {
    def acks = events.collect { case c: NodeEvent.Control => c }
    val before = acks.size
    val sent =
      try {
        val in = process.getOutputStream
        in.write((line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8))
        in.flush()
        true
      } catch { case _: java.io.IOException => false }
    val deadline = within.fromNow
    while (sent && process.isAlive && acks.size <= before && deadline.hasTimeLeft()) Thread.sleep(20)
    acks.drop(before).headOption.exists(_.applied)
  }

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
   * Starts `mvt <args> --json` with `launcher`, stdout to `dir/<name>.out`, stderr to `dir/<name>.err`; stdin is
   * empty, or with `--control` among `args` a pipe for [[ForkedNode.cut]] and [[ForkedNode.heal]].
   */
  def start(launcher: Launcher, dir: Path, name: String, args: Vector[String]): ForkedNode = {
    val out = dir.resolve(s"$name.out")
    val err = dir.resolve(s"$name.err")
    val in =
      if (args.contains("--control")) ProcessBuilder.Redirect.PIPE
      else ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))
    val pb = new ProcessBuilder((launcher.command ++ args :+ "--json").asJava)
      .redirectOutput(out.toFile)
      .redirectError(err.toFile)
      .redirectInput(in)
    ForkedNode(name, pb.start(), out, err)
  }

  /** A free TCP port on loopback, for the exchange to listen on. */
  def freePort(): Int = {
    val s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress)
    try s.getLocalPort
    finally s.close()
  }
}
