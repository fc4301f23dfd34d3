package mvt.cluster

import org.apache.pekko.actor.Address
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.cluster.ClusterEvent
import org.apache.pekko.cluster.typed.{Cluster, Subscribe}

import java.io.{BufferedReader, InputStream, InputStreamReader}
import java.nio.charset.StandardCharsets.UTF_8
import scala.collection.mutable
import scala.concurrent.Await
import scala.concurrent.duration.*

/**
 * The control channel of a node run by a harness (`mvt node --control`, which also turns on Artery's test mode):
 * each line on the node's stdin cuts or heals its links ([[Partition]]) and is acknowledged by a
 * [[NodeEvent.Control]] once Artery applied it, so the harness knows the cut is in place before it goes on. The
 * node also reports every peer it sees become unreachable or reachable again ([[NodeEvent.Reachability]]): the
 * cut as the cluster saw it. Lines: `cut HOST:PORT[,HOST:PORT...]` (drop everything between this node and those,
 * both ways) and `heal` (let every link this node cut through again).
 */
object NodeControl {

  /** What one control line asks. */
  enum Command {
    case Cut(peers: Vector[(String, Int)])
    case Heal
  }

  /** The command `line` holds, or why it holds none. */
  def parse(line: String): Either[String, Command] = line.trim.split("\\s+", 2) match {
    case Array("heal") => Right(Command.Heal)
    case Array("cut", peers) =>
      val ps = peers.split(',').toVector.map(p => HostPort.parse(p.trim))
      ps.collectFirst { case Left(why) => why }.toLeft(Command.Cut(ps.collect { case Right(hp) => hp }))
    case _ => Left(s"expected `cut HOST:PORT,...` or `heal`, found \"${line.trim}\"")
  }

  /**
   * Reads control lines from `in` on a daemon thread of its own until `in` ends, applying each to `node`, and
   * reports the node's view of reachability; both go to `report`.
   */
  def start(node: ClusterNode, in: InputStream, report: NodeEvent => Unit): Unit = {
    val watcher = node.system.systemActorOf(
      Behaviors.receiveMessage[ClusterEvent.ReachabilityEvent] { e =>
        val peer = NodeId(e.member.address.hostPort.dropWhile(_ != '@').drop(1))
        val reachable = e.isInstanceOf[ClusterEvent.ReachableMember]
        report(NodeEvent.Reachability(peer, reachable, System.currentTimeMillis))
        Behaviors.same
      },
      "control-reachability"
    )
    Cluster(node.system).subscriptions ! Subscribe(watcher, classOf[ClusterEvent.ReachabilityEvent])
    val reader = new Thread(() => read(node, in, report), "node-control")
    reader.setDaemon(true)
    reader.start()
  }

  private def read(node: ClusterNode, in: InputStream, report: NodeEvent => Unit): Unit = {
    val lines = new BufferedReader(new InputStreamReader(in, UTF_8))
    val cut = mutable.LinkedHashSet.empty[Address]
    var line = lines.readLine()
    while (line != null) {
      if (line.trim.nonEmpty) {
        val outcome = parse(line).flatMap(apply(node, _, cut))
        report(NodeEvent.Control(
          line.trim,
          outcome.isRight,
          outcome.left.getOrElse(""),
          System.currentTimeMillis
        ))
      }
      line = lines.readLine()
    }
  }

  // applies `c`, waiting until Artery did; `cut` holds the peers cut and not healed since
  private def apply(node: ClusterNode, c: Command, cut: mutable.Set[Address]): Either[String, Unit] = {
    val (peers, step) = c match {
      case Command.Cut(ps) =>
        val as = ps.map((host, port) => Address("pekko", NodeConfig.SystemName, host, port))
        cut ++= as
        (as, Partition.cut)
      case Command.Heal =>
        val as = cut.toVector
        cut.clear()
        (as, Partition.heal)
    }
    try {
      val done = peers.map(a => Await.result(step(node.system, a), 10.seconds))
      if (done.forall(identity)) Right(()) else Left("Artery did not apply it")
    } catch {
      case e: Exception => Left(s"Artery did not apply it: ${Option(e.getMessage).getOrElse(e.toString)}")
    }
  }
}
