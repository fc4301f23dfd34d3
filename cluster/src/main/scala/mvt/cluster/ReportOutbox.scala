package mvt.cluster

import org.apache.pekko.actor.typed.ActorRef

import scala.collection.mutable
import scala.concurrent.duration.*

/**
 * The exchange's reports on their way to the trader nodes, by the node incarnation that sent the order: each is
 * kept until the node acknowledges it ([[ReportAck]]) and sent again, in order, while it is not. A node that
 * acknowledges nothing between two rounds is resent to less and less often (the interval doubles up to
 * `Policy.maxInterval`); one that acknowledges, or comes back into the exchange's view ([[wake]]), is resent to at
 * the base interval again. A node keeps at most `Policy.window` reports: past that the oldest is abandoned (counted
 * in [[abandoned]]), and a node removed from the cluster ([[forget]]) has all of its own abandoned, since that
 * incarnation never returns. Refs start at `firstRef` and go up by one per report. Not thread-safe: the exchange's
 * thread owns it.
 */
final class ReportOutbox(firstRef: Long, policy: ReportOutbox.Policy) {

  // a report sent and not acknowledged yet, with the resend rounds it saw
  private final class Pending(val report: ExchangeReport, val node: Destination, var rounds: Int)

  // one node incarnation's reports in the order sent (their refs' order), and when its next round is due
  private final class Destination(val node: NodeId, var to: ActorRef[TraderNode.Command]) {
    val unacked = mutable.LinkedHashMap.empty[Long, Pending]
    var interval: Long = policy.interval.toNanos
    var due: Long = Long.MinValue // set when its first report goes
    var heard = false // an acknowledgement came since its last round
  }

  private val destinations = mutable.HashMap.empty[NodeId, Destination]
  private val byRef = mutable.LongMap.empty[Pending]
  private var nextRef = firstRef
  private var sentCount = 0L
  private var resentCount = 0L
  private var abandonedCount = 0L

  /** Sends the report `make` builds with its ref to `to`, the actor of node incarnation `node`, and keeps it. */
  def send(node: NodeId, to: ActorRef[TraderNode.Command], now: Long, make: Long => ExchangeReport): Unit = {
    val ref = nextRef
    nextRef += 1
    val r = make(ref)
    val d = destinations.getOrElseUpdate(node, new Destination(node, to))
    d.to = to
    if (d.unacked.isEmpty) d.due = math.max(d.due, now + d.interval)
    if (d.unacked.size >= policy.window) {
      val (oldest, _) = d.unacked.head
      abandon(d, oldest)
    }
    val p = new Pending(r, d, 0)
    d.unacked.update(ref, p)
    byRef.update(ref, p)
    sentCount += 1
    to ! r
  }

  /** The node has the report `ref`: it is not sent again. False if it was not waiting for that. */
  def acknowledged(ref: Long): Boolean =
    byRef.remove(ref) match {
      case Some(p) =>
        p.node.unacked.remove(ref)
        p.node.heard = true
        true
      case None => false
    }

  /**
   * A resend round for every node whose round is due at `now`: every report that was already waiting at its round
   * before goes again, in order (one sent since then gets a round's time for its answer). How many went.
   */
  def tick(now: Long): Int = {
    var n = 0
    destinations.valuesIterator.foreach { d =>
      if (d.unacked.nonEmpty && now - d.due >= 0L) {
        n += round(d, all = false)
        // silence since the last round: the node is away or dead, so it is asked less often
        d.interval =
          if (d.heard) policy.interval.toNanos else math.min(d.interval * 2L, policy.maxInterval.toNanos)
        d.heard = false
        d.due = now + d.interval
      }
    }
    n
  }

  /**
   * The trader actor `to` is in the exchange's view again (a link healed): every report waiting for its node goes
   * again now, and the rounds return to the base interval.
   */
  def wake(to: ActorRef[TraderNode.Command], now: Long): Int = {
    var n = 0
    destinations.valuesIterator.filter(_.to == to).foreach { d =>
      n += round(d, all = true)
      d.interval = policy.interval.toNanos
      d.heard = false
      d.due = now + d.interval
    }
    n
  }

  /** The node incarnation left the cluster for good: its reports are abandoned. How many. */
  def forget(node: NodeId): Int =
    destinations.remove(node).fold(0) { d =>
      val n = d.unacked.size
      d.unacked.keysIterator.foreach(byRef.remove(_): Unit)
      abandonedCount += n
      n
    }

  /** Reports sent and not acknowledged yet, every node's. */
  def unacknowledged: Int = byRef.size

  /** Reports sent, resends not counted. */
  def sent: Long = sentCount

  /** Reports sent again so far. */
  def resent: Long = resentCount

  /** Reports given up on: past a node's window, or of a node removed from the cluster. */
  def abandoned: Long = abandonedCount

  private def round(d: Destination, all: Boolean): Int = {
    var n = 0
    d.unacked.valuesIterator.foreach { p =>
      if (all || p.rounds > 0) { d.to ! p.report; n += 1 }
      p.rounds += 1
    }
    resentCount += n
    n
  }

  private def abandon(d: Destination, ref: Long): Unit = {
    d.unacked.remove(ref)
    byRef.remove(ref)
    abandonedCount += 1
  }
}

object ReportOutbox {

  /**
   * How reports are resent: a round every `interval` while the node answers, doubling up to `maxInterval` while it
   * does not; at most `window` waiting per node.
   */
  final case class Policy(interval: FiniteDuration, maxInterval: FiniteDuration, window: Int)

  object Policy {

    /** A round a second, at least one every 30 seconds, up to 16,384 reports waiting per node. */
    val default: Policy = Policy(1.second, 30.seconds, 16_384)
  }

  /**
   * The first ref of an exchange run started at `epochMillis`: above every ref of a run started before it (a run
   * would have to send over a million reports a millisecond to reach the next run's), so an acknowledgement that
   * reaches a restarted exchange late never stops one of the new run's reports.
   */
  def firstRef(epochMillis: Long): Long = epochMillis << 20
}
