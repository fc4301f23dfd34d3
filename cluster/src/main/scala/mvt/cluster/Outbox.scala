package mvt.cluster

import scala.collection.mutable

/**
 * A trader node's messages on their way to the exchange, in the order they were decided. An add whose debit waits
 * for a majority write is held, and everything behind it waits too, so the exchange never sees a cancel before its
 * add; once the write settles the add goes (or is dropped, refused) and what queued behind it follows. Every
 * message sent is kept until the exchange acknowledges it ([[OrderAck]], once its command is durable) and sent
 * again, in order, by [[resend]] (on a timer, and when an exchange appears after a restart or a lost link): the
 * exchange applies a (node, sequence) once, so a resend never doubles an order. Not thread-safe: the trader's
 * actor owns it.
 */
final class Outbox(deliver: OrderMessage => Unit) {

  // one message on its way: a pending add waits for its write, and everything behind it waits too
  private final class Outgoing(val message: OrderMessage, var pending: Boolean, var dropped: Boolean)

  private val queue = mutable.Queue.empty[Outgoing]
  private val waiting = mutable.LongMap.empty[Outgoing]
  // sent and not acknowledged yet, in the order sent (the sequence's order), each with the resend rounds it saw
  private final class Unacked(val message: OrderMessage, var rounds: Int)
  private val unacked = mutable.LinkedHashMap.empty[Long, Unacked]
  private var resent = 0L

  /** Sends `m` now if nothing waits ahead of it and it does not wait itself; else queues it (by its `seq`). */
  def send(m: OrderMessage, pending: Boolean): Unit =
    if (queue.isEmpty && !pending) go(m)
    else {
      val o = new Outgoing(m, pending, false)
      queue.enqueue(o)
      if (pending) waiting.update(m.seq, o)
    }

  /**
   * The write of the pending message `seq` settled: `ok` sends it, otherwise it is dropped (and returned, for the
   * caller to undo); then every message that waited behind it and waits no more goes. `None` if `seq` was not
   * pending.
   */
  def settle(seq: Long, ok: Boolean): Option[Outbox.Settlement] =
    waiting.remove(seq).map { o =>
      o.pending = false
      o.dropped = !ok
      flush()
      if (ok) Outbox.Sent(o.message) else Outbox.Dropped(o.message)
    }

  /** Messages queued, pending or behind one. */
  def queued: Int = queue.size

  /** The exchange acknowledged message `seq`: it is not sent again. False if it was not waiting for one. */
  def acknowledged(seq: Long): Boolean = unacked.remove(seq).isDefined

  /**
   * A resend round: sends again, in order, every message that was already waiting for its acknowledgement at the
   * round before (one sent since then gets a round's time for its answer); with `all`, every one waiting (an
   * exchange that just appeared has acknowledged nothing). How many went again.
   */
  def resend(all: Boolean = false): Int = {
    var n = 0
    unacked.valuesIterator.foreach { u =>
      if (all || u.rounds > 0) { deliver(u.message); n += 1 }
      u.rounds += 1
    }
    resent += n
    n
  }

  /** Messages sent and not acknowledged yet. */
  def unacknowledged: Int = unacked.size

  /** Messages sent again so far. */
  def resends: Long = resent

  private def go(m: OrderMessage): Unit = {
    unacked.update(m.seq, new Unacked(m, 0))
    deliver(m)
  }

  private def flush(): Unit =
    while (queue.nonEmpty && !queue.head.pending) {
      val o = queue.dequeue()
      if (!o.dropped) go(o.message)
    }

}

object Outbox {

  /** How a pending message settled. */
  sealed trait Settlement { def message: OrderMessage }
  final case class Sent(message: OrderMessage) extends Settlement
  final case class Dropped(message: OrderMessage) extends Settlement
}
