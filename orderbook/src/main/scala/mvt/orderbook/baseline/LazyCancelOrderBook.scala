package mvt.orderbook.baseline

import mvt.orderbook.*

import mvt.core.*

import scala.collection.immutable.{HashMap, HashSet, Queue}

/**
 * The third historical book: a cancel only records the order in a pending-cancel set; the order stays in its
 * level until matching reaches it and drops it. Keeps a map of active orders to answer cancels without a
 * search. Not thread-safe.
 */
final class LazyCancelOrderBook(index: OrderIndex = new OrderIndex(), bookNo: Int = 0)
    extends PersistentOrderBook[Queue[PersistentOrder]](index, bookNo) {
  // active: live orders by id, with their current remaining quantity
  private var active: HashMap[Long, PersistentOrder] = HashMap.empty
  // pendingCancel: sequence numbers of cancelled orders still in a level (an id may be reused meanwhile)
  private var pendingCancel: HashSet[Long] = HashSet.empty

  override protected def isGhost(o: PersistentOrder): Boolean = pendingCancel.contains(o.seq)
  override protected def ghostDropped(o: PersistentOrder): Unit = pendingCancel -= o.seq
  override protected def rested(o: PersistentOrder): Unit = active = active.updated(o.id, o)
  override protected def filled(o: PersistentOrder): Unit =
    active = if (o.qty == 0) active - o.id else active.updated(o.id, o)

  override protected def reduced(o: PersistentOrder): Unit = active = active.updated(o.id, o)
  override protected def findLive(id: Long): PersistentOrder = active.getOrElse(id, null)

  override private[orderbook] def cancelTaken(id: OrderId, handle: Int): Quantity =
    active.get(id.value) match {
      case None => Quantity.Zero
      case Some(o) =>
        active -= o.id
        pendingCancel += o.seq
        Quantity(o.qty)
    }

  /** Cancelled orders still waiting in levels. */
  def pendingCancels: Int = pendingCancel.size

  override def checkInvariants(): Unit = {
    super.checkInvariants()
    val live =
      (restingOrders(Side.Buy) ++ restingOrders(Side.Sell)).map(o => o.id.value -> o.remainingQty.units)
    val fromActive = active.values.map(o => o.id -> o.qty).toSet
    if (live.toSet != fromActive || live.size != active.size)
      throw new IllegalStateException(
        "LazyCancelOrderBook: active map disagrees with the live orders in levels"
      )
  }
}
