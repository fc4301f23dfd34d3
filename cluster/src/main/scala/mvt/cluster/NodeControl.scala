package mvt.cluster

import org.apache.pekko.actor.{Address, RootActorPath}
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.cluster.ClusterEvent
import org.apache.pekko.cluster.typed.{Cluster, Subscribe}

import java.io.{BufferedReader, InputStream, InputStreamReader}
import java.nio.charset.StandardCharsets.UTF_8
import scala.collection.mutable
import scala.concurrent.Await
import scala.concurrent.duration.*
import scala.util.Try

/**
 * The control channel of a node run by a harness (`mvt node --control`, which also turns on Artery's test mode):
 * each line on the node's stdin cuts or heals its links ([[Partition]]) and is acknowledged by a
 * [[NodeEvent.Control]] once Artery applied it, so the harness knows the cut is in place before it goes on. The
 * node also reports every peer it sees become unreachable or reachable again ([[NodeEvent.Reachability]]): the
 * cut as the cluster saw it. Lines: `cut HOST:PORT[,HOST:PORT...]` (drop everything between this node and those,
 * both ways), `heal` (let every link this node cut through again) and `probe HOST:PORT[,HOST:PORT...]` (send an
 * identify across each link and report whether it was answered within [[ProbeWithin]], one
 * [[NodeEvent.Probe]] each: the cut as the messages met it, whatever the failure detector made of it).
 */
object NodeControl {

  /** What one control line asks. */
  enum Command {
    case Cut(peers: Vector[(String, Int)])
    case Heal
    case Probe(peers: Vector[(String, Int)])
  }

  /** How long a probe waits for its answer: long enough for a busy machine, short against a cut of seconds. */
  val ProbeWithin: FiniteDuration = 3.seconds

  /** The command `line` holds, or why it holds none. */
  def parse(line: String): Either[String, Command] = line.trim.split("\\s+", 2) match {
    case Array("heal") => Right(Command.Heal)
    case Array(verb @ ("cut" | "probe"), peers) =>
      val ps = peers.split(',').toVector.map(p => HostPort.parse(p.trim))
      ps.collectFirst { case Left(why) => why }.toLeft {
        val hps = ps.collect { case Right(hp) => hp }
        if (verb == "cut") Command.Cut(hps) else Command.Probe(hps)
      }
    case _ => Left(s"expected `cut HOST:PORT,...`, `probe HOST:PORT,...` or `heal`, found \"${line.trim}\"")
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
        val outcome = parse(line).flatMap {
          case Command.Probe(peers) => Right(probe(node, peers, report))
          case c => apply(node, c, cut)
        }
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

  // an identify to each peer's root guardian, all at once; each reported answered or silent
  private def probe(node: ClusterNode, peers: Vector[(String, Int)], report: NodeEvent => Unit): Unit = {
    val asked = peers.map { (host, port) =>
      val root = RootActorPath(Address("pekko", NodeConfig.SystemName, host, port))
      NodeId(s"$host:$port") -> node.system.classicSystem.actorSelection(root).resolveOne(ProbeWithin)
    }
    asked.foreach { (peer, answer) =>
      val answered = Try(Await.result(answer, ProbeWithin + 1.second)).isSuccess
      report(NodeEvent.Probe(peer, answered, System.currentTimeMillis))
    }
  }

  // applies `c`, waiting until Artery did; `cut` holds the peers cut and not healed since
  private def apply(node: ClusterNode, c: Command, cut: mutable.Set[Address]): Either[String, Unit] = {
    val (peers, step) = c match {
      case Command.Cut(ps) =>
        val as = ps.map((host, port) => Address("pekko", NodeConfig.SystemName, host, port))
        cut ++= as
        (as, Partition.cut)
      case _ =>
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
