package mvt.orderbook.baseline

import mvt.orderbook.*

import mvt.core.*

import scala.collection.immutable.TreeMap

/**
 * The firm's historical book design, kept as a baseline: per side an immutable `TreeMap` from price to a
 * FIFO of orders, replaced wholesale on every change. Cancels search the levels for the id. Not thread-safe.
 */
abstract class PersistentOrderBook[Q](index: OrderIndex, bookNo: Int)(using queue: LevelQueue[Q])
    extends OrderBook {
  // best level first on each side: bids by descending price, asks by ascending
  protected var bids: TreeMap[Long, Q] = TreeMap.empty(using Ordering.Long.reverse)
  protected var asks: TreeMap[Long, Q] = TreeMap.empty(using Ordering.Long)
  private var nextSeq = 0L

  private def sideMap(side: Byte): TreeMap[Long, Q] = if (side == Side.BuyCode) bids else asks
  private def setSide(side: Byte, m: TreeMap[Long, Q]): Unit =
    if (side == Side.BuyCode) bids = m else asks = m

  /** True when `o` was cancelled but still sits in its level (only the lazy-cancel design has such orders). */
  protected def isGhost(o: PersistentOrder): Boolean = false

  /** Called when matching drops a ghost from its level. */
  protected def ghostDropped(o: PersistentOrder): Unit = ()

  /** Called after a fill leaves `o` with `o.qty` remaining (zero when it left the book). */
  protected def filled(o: PersistentOrder): Unit = ()

  /** Called when an order starts resting. */
  protected def rested(o: PersistentOrder): Unit = ()

  def place(
      id: OrderId,
      side: Side,
      price: Price,
      qty: Quantity,
      mode: Int,
      fills: FillListener
  ): Quantity = {
    val own = side.code.toByte
    val other = side.opposite.code.toByte
    var remaining = qty.units
    var book = sideMap(other)
    def crosses(p: Long): Boolean = if (side.isBuy) p <= price.raw else p >= price.raw
    while (remaining > 0 && book.nonEmpty && crosses(book.head._1)) {
      val (lp, level) = book.head
      var q = level
      while (remaining > 0 && !queue.isEmpty(q)) {
        val maker = queue.head(q)
        if (isGhost(maker)) {
          q = queue.dropHead(q)
          ghostDropped(maker)
        } else {
          val trade = math.min(remaining, maker.qty)
          remaining -= trade
          val left = maker.copy(qty = maker.qty - trade)
          q = if (left.qty == 0) queue.dropHead(q) else queue.replaceHead(q, left)
          if (left.qty == 0) index.unregister(maker.id)
          filled(left)
          fills.fill(OrderId(maker.id), Price.fromRaw(lp), Quantity(trade), left.qty == 0)
        }
      }
      book = if (queue.isEmpty(q)) book - lp else book.updated(lp, q)
    }
    setSide(other, book)
    if (remaining > 0 && mode != OrderBook.NoRest) {
      val o = PersistentOrder(id.value, own, price.raw, remaining, nextSeq, mode == OrderBook.RestPostOnly)
      nextSeq += 1
      val m = sideMap(own)
      setSide(own, m.updated(price.raw, queue.append(m.getOrElse(price.raw, queue.empty), o)))
      index.register(o.id, bookNo, 0)
      rested(o)
    }
    Quantity(remaining)
  }

  /** Sums the live orders of the crossed levels, best first, stopping once the sum reaches `upTo`. */
  def fillableQty(side: Side, price: Price, upTo: Long): Long = {
    def crosses(p: Long): Boolean = if (side.isBuy) p <= price.raw else p >= price.raw
    var sum = 0L
    var going = true
    val levels = sideMap(side.opposite.code.toByte).iterator
    while (going && sum < upTo && levels.hasNext) {
      val (p, q) = levels.next()
      if (crosses(p)) sum += queue.toList(q).iterator.filterNot(isGhost).map(_.qty).sum
      else going = false // best first: no later level crosses either
    }
    sum
  }

  /** The live order with this id, or `null`: a search of every level, as the historical books did. */
  protected def findLive(id: Long): PersistentOrder =
    (bids.valuesIterator ++ asks.valuesIterator).flatMap(q => queue.toList(q)).find(o =>
      o.id == id && !isGhost(o)
    )
      .orNull

  /** Called when a resting order's quantity is reduced in place. */
  protected def reduced(o: PersistentOrder): Unit = ()

  private def live(id: OrderId): PersistentOrder = {
    val o = findLive(id.value)
    if (o == null)
      throw new IllegalStateException(s"${getClass.getSimpleName}: order ${id.value} does not rest here")
    o
  }

  private[orderbook] def sideOf(id: OrderId, handle: Int): Side = Side.fromCode(live(id).side.toInt)
  private[orderbook] def priceOf(id: OrderId, handle: Int): Long = live(id).price
  private[orderbook] def qtyOf(id: OrderId, handle: Int): Long = live(id).qty
  private[orderbook] def isPostOnly(id: OrderId, handle: Int): Boolean = live(id).postOnly

  private[orderbook] def reduce(id: OrderId, handle: Int, qty: Long): Unit = {
    val o = live(id).copy(qty = qty)
    val m = sideMap(o.side)
    setSide(o.side, m.updated(o.price, queue.replaceSeq(m(o.price), o)))
    reduced(o)
  }

  def cancel(id: OrderId): Quantity =
    if (index.take(id.value, bookNo) < 0) Quantity.Zero else cancelTaken(id, 0)

  /** Searches every level of both sides for the id, as the historical books did. */
  private[orderbook] def cancelTaken(id: OrderId, handle: Int): Quantity = {
    val found = (bids.iterator ++ asks.iterator).collectFirst {
      case (p, q) if queue.toList(q).exists(o => o.id == id.value && !isGhost(o)) =>
        queue.toList(q).find(_.id == id.value).get
    }
    found match {
      case None => Quantity.Zero
      case Some(o) =>
        val m = sideMap(o.side)
        val q = queue.removeId(m(o.price), o.id)
        setSide(o.side, if (queue.isEmpty(q)) m - o.price else m.updated(o.price, q))
        Quantity(o.qty)
    }
  }

  // the first level holding a live order: lazy cancels can leave a level of ghosts at the top
  private def bestLive(side: Side): (Long, Long) =
    sideMap(side.code.toByte).iterator
      .map((p, q) => (p, queue.toList(q).iterator.filterNot(isGhost).map(_.qty).sum))
      .find(_._2 > 0)
      .getOrElse((0L, 0L))

  def bestPrice(side: Side): Long = bestLive(side)._1
  def bestQty(side: Side): Long = bestLive(side)._2

  def orderCount: Int = liveOrders(Side.Buy).size + liveOrders(Side.Sell).size

  protected def liveOrders(side: Side): Vector[PersistentOrder] =
    sideMap(side.code.toByte).valuesIterator.flatMap(q => queue.toList(q)).filterNot(isGhost).toVector

  def restingOrders(side: Side): Vector[RestingOrder] =
    liveOrders(side).map(o => RestingOrder(OrderId(o.id), side, Price.fromRaw(o.price), Quantity(o.qty)))

  def levels(symbol: Symbol, side: Side): Vector[Level] =
    liveOrders(side).groupBy(_.price).toVector
      .map((p, os) => Level(symbol, side, Price.fromRaw(p), Quantity(os.map(_.qty).sum), os.size))
      .sortBy(l => if (side.isBuy) -l.price.raw else l.price.raw)

  def checkInvariants(): Unit = {
    def fail(msg: String): Nothing = throw new IllegalStateException(s"${getClass.getSimpleName}: $msg")
    for (side <- Side.values; (p, q) <- sideMap(side.code.toByte)) {
      if (queue.isEmpty(q)) fail(s"empty level at $p")
      queue.toList(q).foreach { o =>
        if (o.price != p || o.side != side.code) fail(s"order ${o.id} filed under the wrong level")
        if (o.qty <= 0) fail(s"order ${o.id} rests with quantity ${o.qty}")
      }
      val seqs = queue.toList(q).map(_.seq)
      if (seqs != seqs.sorted) fail(s"level $p is not in arrival order")
    }
    val bestBid = liveOrders(Side.Buy).headOption.map(_.price)
    val bestAsk = liveOrders(Side.Sell).headOption.map(_.price)
    if (bestBid.exists(b => bestAsk.exists(_ <= b))) fail("book is crossed at rest")
  }
}

/** The first historical book: a `List` per level, so appending an order copies the level. */
final class ListOrderBook(index: OrderIndex = new OrderIndex(), bookNo: Int = 0)
    extends PersistentOrderBook[List[PersistentOrder]](index, bookNo)

/** The second historical book: an immutable `Queue` per level. */
final class QueueOrderBook(index: OrderIndex = new OrderIndex(), bookNo: Int = 0)
    extends PersistentOrderBook[scala.collection.immutable.Queue[PersistentOrder]](index, bookNo)
