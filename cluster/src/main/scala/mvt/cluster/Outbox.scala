package mvt.cluster

import scala.collection.mutable

/**
 * A trader node's messages on their way to the exchange, in the order they were decided. An add whose debit waits
 * for a majority write is held, and everything behind it waits too, so the exchange never sees a cancel before its
 * add; once the write settles the add goes (or is dropped, refused) and what queued behind it follows. Not
 * thread-safe: the trader's actor owns it.
 */
final class Outbox(deliver: OrderMessage => Unit) {

  // one message on its way: a pending add waits for its write, and everything behind it waits too
  private final class Outgoing(val message: OrderMessage, var pending: Boolean, var dropped: Boolean)

  private val queue = mutable.Queue.empty[Outgoing]
  private val waiting = mutable.LongMap.empty[Outgoing]

  /** Sends `m` now if nothing waits ahead of it and it does not wait itself; else queues it (by its `seq`). */
  def send(m: OrderMessage, pending: Boolean): Unit =
    if (queue.isEmpty && !pending) deliver(m)
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

  private def flush(): Unit =
    while (queue.nonEmpty && !queue.head.pending) {
      val o = queue.dequeue()
      if (!o.dropped) deliver(o.message)
    }

}

object Outbox {

  /** How a pending message settled. */
  sealed trait Settlement { def message: OrderMessage }
  final case class Sent(message: OrderMessage) extends Settlement
  final case class Dropped(message: OrderMessage) extends Settlement
}
