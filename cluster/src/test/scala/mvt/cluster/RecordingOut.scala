package mvt.cluster

import scala.collection.mutable

/**
 * A desk's way out that sends nothing: it records the adds and cancels the desk would have sent, in order, and
 * takes every modify (as sequence number 1). For tests of what a desk decides, with no exchange behind it.
 */
final class RecordingOut extends SubscriptionDesk.Out {

  /** What the desk sent, oldest first. */
  val sent = mutable.ArrayBuffer.empty[RecordingOut.Sent]

  def add(
      s: Subscription,
      symbol: String,
      id: Long,
      buy: Boolean,
      priceRaw: Long,
      qty: Long,
      tif: mvt.core.TimeInForce
  ): Boolean = {
    sent += RecordingOut.Sent.Add(id, buy, priceRaw, qty); true
  }

  def modify(s: Subscription, symbol: String, id: Long, buy: Boolean, priceRaw: Long, qty: Long): Long = 1L

  def cancel(s: Subscription, symbol: String, id: Long): Unit = sent += RecordingOut.Sent.Cancel(id)

  /** The adds sent, oldest first. */
  def adds: Vector[RecordingOut.Sent.Add] = sent.collect { case a: RecordingOut.Sent.Add => a }.toVector

  /** The order ids of everything sent, oldest first. */
  def ids: Vector[Long] = sent.map(_.id).toVector
}

object RecordingOut {

  /** One order command the desk sent, by its strategy order id. */
  sealed trait Sent { def id: Long }

  object Sent {
    final case class Add(id: Long, buy: Boolean, priceRaw: Long, qty: Long) extends Sent
    final case class Cancel(id: Long) extends Sent
  }
}
