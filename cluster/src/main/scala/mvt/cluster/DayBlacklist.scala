package mvt.cluster

import mvt.crdt.{ClientId, GSet, TradingDay}
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.actor.typed.{ActorRef, ActorSystem, Behavior}
import org.apache.pekko.cluster.ddata.typed.scaladsl.DistributedData
import org.apache.pekko.cluster.ddata.typed.scaladsl.Replicator.{
  Changed,
  SubscribeResponse,
  Update,
  UpdateResponse,
  WriteLocal
}

import java.util.concurrent.atomic.AtomicReference

/**
 * One trading day's blacklist on this node: a grow-only set of clients under the key `blacklist-<date>`, so the
 * next day reads another key and starts clean with nobody coordinating a reset. [[isBarred]] reads the local
 * replica only; [[bar]] joins locally and gossips. Thread-safe.
 */
final class DayBlacklist private (val day: TradingDay) {

  private val view = new AtomicReference[GSet[ClientId]](GSet.empty[ClientId])
  @volatile private var actor: ActorRef[DayBlacklist.Command] = null

  /** Whether `client` is barred today, on this replica. Allocation-free. */
  def isBarred(client: ClientId): Boolean = view.get.contains(client)

  /** The clients barred today, as this replica knows them. */
  def barred: Set[ClientId] = view.get.elements

  /** Bars `client` for the rest of the day. */
  def bar(client: ClientId): Unit = {
    val up = view.get.add(client)
    join(up.state)
    actor ! DayBlacklist.Publish(up.delta.state)
  }

  private def join(s: GSet[ClientId]): Unit = { val _ = view.accumulateAndGet(s, (a, b) => a.merge(b)) }
}

object DayBlacklist {

  private trait Command
  private final case class Publish(delta: GSet[ClientId]) extends Command
  private final case class Arrived(state: GSet[ClientId]) extends Command
  private case object Ignored extends Command

  /** The replicated key of `day`'s blacklist. */
  def key(day: TradingDay): ReplicatedKey[GSet[ClientId]] = ReplicatedKey(s"blacklist-${day.date}")

  /** Starts `day`'s blacklist on this node. */
  def start(system: ActorSystem[?], day: TradingDay): DayBlacklist = {
    val b = new DayBlacklist(day)
    b.actor = system.systemActorOf(behavior(b), s"blacklist-${day.date}")
    b
  }

  private def behavior(b: DayBlacklist): Behavior[Command] =
    DistributedData.withReplicatorMessageAdapter[Command, Replicated[GSet[ClientId]]] { replicator =>
      val k = key(b.day)
      replicator.subscribe(
        k,
        (rsp: SubscribeResponse[Replicated[GSet[ClientId]]]) =>
          rsp match {
            case c: Changed[Replicated[GSet[ClientId]]] @unchecked => Arrived(c.get(k).state)
            case _ => Ignored
          }
      )
      Behaviors.receiveMessage {
        case Publish(delta) =>
          replicator.askUpdate(
            replyTo =>
              Update(k, Replicated.empty(Lattice.blacklistDay), WriteLocal, replyTo)(_.joinLocal(delta)),
            (_: UpdateResponse[Replicated[GSet[ClientId]]]) => Ignored
          )
          Behaviors.same
        case Arrived(s) =>
          b.join(s)
          Behaviors.same
        case _ =>
          Behaviors.same
      }
    }
}
