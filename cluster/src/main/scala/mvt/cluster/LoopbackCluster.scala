package mvt.cluster

import org.apache.pekko.actor.Address
import org.apache.pekko.actor.typed.ActorSystem
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.cluster.MemberStatus
import org.apache.pekko.cluster.typed.{Cluster, Join}

import scala.concurrent.Await
import scala.concurrent.duration.*

/**
 * Several cluster nodes as `ActorSystem`s in this JVM, on loopback with free ports, in Artery's test mode so
 * links can be cut: what the protocol tests and `mvt bench cluster` run on. `close` terminates them all.
 */
final class LoopbackCluster(n: Int) extends AutoCloseable {

  val systems: Vector[ActorSystem[Nothing]] = {
    val first = start()
    val firstAddress = Cluster(first).selfMember.address
    Cluster(first).manager ! Join(firstAddress)
    val rest = Vector.fill(n - 1)(start())
    rest.foreach(s => Cluster(s).manager ! Join(firstAddress))
    first +: rest
  }

  def address(i: Int): Address = Cluster(systems(i)).selfMember.address

  /** Whether every node sees all `n` members up. */
  def allUp: Boolean =
    systems.forall(s => Cluster(s).state.members.count(_.status == MemberStatus.Up) == n)

  /** Cuts node `i` off from every other node, both ways, on both sides. */
  def isolate(i: Int): Unit = both(i, Partition.cut)

  /** Heals every link of node `i`. */
  def reconnect(i: Int): Unit = both(i, Partition.heal)

  private def both(i: Int, f: (ActorSystem[?], Address) => scala.concurrent.Future[Boolean]): Unit =
    systems.indices.filter(_ != i).foreach { j =>
      Await.result(f(systems(i), address(j)), 10.seconds)
      Await.result(f(systems(j), address(i)), 10.seconds)
    }

  def close(): Unit = {
    systems.foreach(_.terminate())
    systems.foreach(s => Await.ready(s.whenTerminated, 30.seconds))
  }

  private def start(): ActorSystem[Nothing] =
    ActorSystem(
      Behaviors.empty[Nothing],
      NodeConfig.SystemName,
      NodeConfig("127.0.0.1", 0, Seq("trader"), testMode = true, downAfter = None)
    )
}
