package mvt.trader
package orders

import mvt.core.*

/**
 * Turns one strategy's decisions into add, modify and cancel commands for the engine, under `rules.account`, with
 * ids of the strategy's own range (`StrategyIds`), each due `rules.latencyNanos` of session clock after the quote
 * change that caused it. Each add carries the decision's time in force. The rules, per symbol:
 *   - the strategy has at most one working order; a decision for the same side and price keeps it (and its place
 *     in the queue), and so does a decision for the same side that would rest while the working order's price
 *     is the best of that side (the strategy does not outbid itself);
 *   - a post-only decision on the side of a post-only working order moves that order with `modify` (same id),
 *     when `rules.amendInPlace`; a venue that answers a modify later (`OrderVenue.amendsLater`, a remote
 *     exchange) keeps it in flight until `amended` or `amendRefused`;
 *   - any other decision cancels the working order and, behind that cancel, adds the new one;
 *   - the new (or modified) quantity is cut so that the position stays within `rules.maxPosition` even if every
 *     order still open or in flight on that side filled (a cut to zero sends only a cancel).
 * Open quantity, which the limit counts: an order's remaining units until it fills, is cancelled, is refused or
 * expires (an IOC or FOK add never rests, so it counts only while in flight). A modify in flight counts its new
 * quantity on top of what the order still has, as a replacement counts on top of the order its cancel has not yet
 * reached; once applied, the order counts what rests after it: the new quantity less its fills, unchanged when
 * the venue refused it, nothing when it filled completely or was already gone.
 * Commands wait in a queue in the order they were decided and reach the engine (an `OrderVenue`) through
 * `deliver`; their fills come back through `filled`. Arrays only: after they have grown, nothing is allocated per decision. Not thread-safe:
 * the engine's thread drives it.
 */
final class StrategyOrders(val rules: OrderRules) {
  import StrategyOrders.*

  // per order, by slot = id - StrategyIds.First
  private var orderBook = new Array[Int](256)
  private var orderSide = new Array[Byte](256)
  // the price the strategy means the order to have: a modify decided while its add waits in the queue changes this,
  // not the add, which leaves with its own price and quantity (queued beside it)
  private var orderPrice = new Array[Long](256)
  private var orderTif = new Array[Byte](256)
  // the price the venue last confirmed (the add's, or an applied modify's): a refused later modify leaves it there
  private var confirmedPrice = new Array[Long](256)
  // modifies sent to a venue that answers later and not answered yet
  private var amending = new Array[Int](256)
  // units that may still fill: 0 once the order is cancelled, filled, rejected or gone
  private var remaining = new Array[Long](256)
  private var issued = 0

  // per book: the signed position, the working order's slot (-1 when none), open quantity per side (book * 2 + side)
  private var positions = new Array[Long](16)
  private var working = Array.fill(16)(-1)
  private var exposure = new Array[Long](32)

  // the queue of commands on their way to the engine: a ring of (kind, slot, due, and an add's or a modify's price
  // and qty)
  private var qKind = new Array[Byte](64)
  private var qSlot = new Array[Int](64)
  private var qDue = new Array[Long](64)
  private var qPrice = new Array[Long](64)
  private var qQty = new Array[Long](64)
  private var qHead = 0
  private var qCount = 0

  /**
   * Starts `book` at `position` (a subscription taken over from another node holds what its fills left it): the
   * position limit counts from there. Only before this strategy's own orders in `book`.
   */
  def startAt(book: Int, position: Long): Unit = {
    ensureBook(book)
    positions(book) = position
  }

  /** The position in the book numbered `book` (positive long, negative short). */
  def position(book: Int): Long = if (book < positions.length) positions(book) else 0L

  /** Orders created so far, the close-out's included. */
  def ordersIssued: Int = issued

  /** Commands decided and not yet delivered. */
  def inFlight: Int = qCount

  /** Orders that may still fill (in flight or resting). */
  def openOrders: Int = {
    var n = 0
    var s = 0
    while (s < issued) { if (remaining(s) > 0) n += 1; s += 1 }
    n
  }

  /** The due instant of the next command (epoch nanoseconds), or `Long.MaxValue` when none waits. */
  def nextDue: Long = if (qCount == 0) Long.MaxValue else qDue(qHead)

  /** Applies the rules to decision `d`, taken at `now` on the quote `e` of the book numbered `book`. */
  def decide(now: Timestamp, book: Int, e: BboUpdated, d: Decision): Unit = {
    ensureBook(book)
    val w = working(book)
    val open = w >= 0 && remaining(w) > 0
    val side = d.side.code
    val keep = open && orderSide(w) == side && (orderPrice(w) == d.price.raw || {
      // ours is the best of its side and the decision would rest too: it would only outbid ourselves
      val best = if (d.side.isBuy) e.bidPrice.raw else e.askPrice.raw
      val crosses =
        if (d.side.isBuy) e.hasAsk && d.price.raw >= e.askPrice.raw
        else e.hasBid && d.price.raw <= e.bidPrice.raw
      orderPrice(w) == best && !crosses
    })
    if (!keep) {
      val due = now.epochNanos + rules.latencyNanos
      val room =
        if (d.side.isBuy) rules.maxPosition - positions(book) - exposure(book * 2 + side)
        else rules.maxPosition + positions(book) - exposure(book * 2 + side)
      val qty = math.min(d.qty.units, room)
      val amend = open && rules.amendInPlace && orderSide(w) == side &&
        orderTif(w) == TimeInForce.Post.code && d.tif == TimeInForce.Post
      if (amend && qty > 0) {
        orderPrice(w) = d.price.raw
        exposure(book * 2 + side) += qty
        enqueue(ModifyKind, w, due, d.price.raw, qty)
      } else {
        if (open) enqueue(CancelKind, w, due, 0L, 0L)
        if (qty > 0) {
          val s = newOrder(book, side, d.price.raw, qty, d.tif.code)
          working(book) = s
          enqueue(AddKind, s, due, d.price.raw, qty)
        } else working(book) = -1
      }
    }
  }

  /**
   * Sends `day` every queued command due at or before `until` (epoch nanoseconds), in order, each at its due
   * instant: the clock moves forward to it when it is later than the day's clock.
   */
  def deliver(until: Long, day: OrderVenue): Unit =
    while (qCount > 0 && qDue(qHead) <= until) {
      val kind = qKind(qHead)
      val s = qSlot(qHead)
      val due = qDue(qHead)
      val price = qPrice(qHead)
      val qty = qQty(qHead)
      qHead = (qHead + 1) & (qKind.length - 1)
      qCount -= 1
      if (due > day.now.epochNanos) day.time(Timestamp.fromEpochNanos(due))
      if (kind == AddKind) send(day, s, price, qty)
      else if (kind == ModifyKind) amend(day, s, price, qty)
      else {
        day.cancel(orderBook(s), idOf(s))
        close(s)
      }
    }

  /**
   * A fill of `qty` units of the strategy's order `id` (from the trade feed). A fill that reaches a venue after the
   * strategy's cancel left (a remote venue) moves the position but no longer the open quantity, already released.
   */
  def filled(id: Long, qty: Long): Unit = {
    val s = (id - StrategyIds.First).toInt
    val b = orderBook(s)
    val open = math.min(qty, math.max(remaining(s), 0L))
    remaining(s) -= open
    exposure(b * 2 + orderSide(s)) -= open
    positions(b) += (if (orderSide(s) == Side.BuyCode) qty else -qty)
  }

  /**
   * The strategy's order `id` left the venue without the strategy's cancel (refused, rejected, or cancelled by the
   * venue): it can fill no more, and its quantity stops counting against the position limit. Idempotent.
   */
  def done(id: Long): Unit = {
    val s = (id - StrategyIds.First).toInt
    if (s >= 0 && s < issued) {
      if (working(orderBook(s)) == s) working(orderBook(s)) = -1
      close(s)
    }
  }

  /**
   * The end of the day: delivers what is still queued, cancels every open order, then trades each position out
   * against the book with an order priced to take any price on the other side. What the book cannot absorb
   * stays as a position (see `position`).
   */
  def closeOut(day: OrderVenue): Unit = {
    deliver(Long.MaxValue, day)
    var s = 0
    while (s < issued) {
      if (remaining(s) > 0) { day.cancel(orderBook(s), idOf(s)); close(s) }
      s += 1
    }
    var b = 0
    while (b < positions.length) {
      val p = positions(b)
      if (p != 0L) {
        val side = if (p > 0) Side.SellCode else Side.BuyCode
        val price = if (p > 0) 1L else Price.Limit - 1L
        val o = newOrder(b, side, price, math.abs(p), TimeInForce.Gtc.code)
        send(day, o, price, math.abs(p))
        if (remaining(o) > 0) { day.cancel(b, idOf(o)); close(o) }
        working(b) = -1
      }
      b += 1
    }
  }

  // the add of order `s` at the price and quantity it was decided with
  private def send(day: OrderVenue, s: Int, price: Long, qty: Long): Unit = {
    val id = idOf(s)
    day.add(
      orderBook(s),
      id,
      Side.fromCode(orderSide(s)),
      Price.fromRaw(price),
      Quantity(qty),
      rules.account,
      TimeInForce.fromCode(orderTif(s))
    )
    // filled at once, rejected, or resting: only a resting order can still fill
    if (!day.isLive(id)) close(s)
  }

  /**
   * The answer of a venue that [[OrderVenue.amendsLater]] to a modify of order `id` to `qty` units at `priceRaw`:
   * applied, with `restingQty` resting after it (its own fills reported before this). The modify stops counting
   * as in flight and the order counts what rests; an order the strategy has closed meanwhile stays closed.
   */
  def amended(id: Long, priceRaw: Long, qty: Long, restingQty: Long): Unit = {
    val s = (id - StrategyIds.First).toInt
    if (s >= 0 && s < issued) {
      val k = orderBook(s) * 2 + orderSide(s)
      exposure(k) -= qty
      amending(s) = math.max(0, amending(s) - 1)
      confirmedPrice(s) = priceRaw
      if (remaining(s) > 0) {
        exposure(k) += restingQty - remaining(s)
        remaining(s) = restingQty
      }
    }
  }

  /**
   * The answer of a venue that [[OrderVenue.amendsLater]] to a modify of order `id` to `qty` units: refused (by
   * the balance check before it left, or by the venue), the order unchanged at the last price the venue
   * confirmed. The modify stops counting as in flight.
   */
  def amendRefused(id: Long, qty: Long): Unit = {
    val s = (id - StrategyIds.First).toInt
    if (s >= 0 && s < issued) {
      exposure(orderBook(s) * 2 + orderSide(s)) -= qty
      amending(s) = math.max(0, amending(s) - 1)
      // with no later modify on its way, the strategy's view goes back to where the order rests
      if (amending(s) == 0) orderPrice(s) = confirmedPrice(s)
    }
  }

  // a modify reaching the venue: its in-flight quantity stops counting, and the order counts what rests after it;
  // a venue that answers later keeps it in flight until its answer
  private def amend(day: OrderVenue, s: Int, price: Long, qty: Long): Unit = {
    val k = orderBook(s) * 2 + orderSide(s)
    if (day.amendsLater) {
      if (remaining(s) > 0) {
        // counted before the call: a balance check that refuses it answers within it
        amending(s) += 1
        day.modify(orderBook(s), idOf(s), Price.fromRaw(price), Quantity(qty))
      } else exposure(k) -= qty
    } else {
      exposure(k) -= qty
      // an order already filled or cancelled has nothing to move
      if (remaining(s) > 0) {
        val id = idOf(s)
        day.modify(orderBook(s), id, Price.fromRaw(price), Quantity(qty))
        val rests = day.restingQty(id)
        exposure(k) += rests - remaining(s)
        remaining(s) = rests
      }
    }
  }

  private def close(s: Int): Unit = {
    exposure(orderBook(s) * 2 + orderSide(s)) -= remaining(s)
    remaining(s) = 0L
  }

  private def idOf(s: Int): OrderId = OrderId(StrategyIds.First + s)

  private def newOrder(book: Int, side: Int, price: Long, qty: Long, tif: Int): Int = {
    if (issued == orderBook.length) {
      val n = issued * 2
      orderBook = java.util.Arrays.copyOf(orderBook, n)
      orderSide = java.util.Arrays.copyOf(orderSide, n)
      orderPrice = java.util.Arrays.copyOf(orderPrice, n)
      orderTif = java.util.Arrays.copyOf(orderTif, n)
      confirmedPrice = java.util.Arrays.copyOf(confirmedPrice, n)
      amending = java.util.Arrays.copyOf(amending, n)
      remaining = java.util.Arrays.copyOf(remaining, n)
    }
    val s = issued
    orderBook(s) = book
    orderSide(s) = side.toByte
    orderPrice(s) = price
    confirmedPrice(s) = price
    orderTif(s) = tif.toByte
    remaining(s) = qty
    exposure(book * 2 + side) += qty
    issued += 1
    s
  }

  private def enqueue(kind: Byte, s: Int, due: Long, price: Long, qty: Long): Unit = {
    if (qCount == qKind.length) {
      // unroll the ring into arrays twice as large
      val n = qKind.length * 2
      val k = new Array[Byte](n)
      val sl = new Array[Int](n)
      val d = new Array[Long](n)
      val pr = new Array[Long](n)
      val q = new Array[Long](n)
      var i = 0
      while (i < qCount) {
        val j = (qHead + i) & (qKind.length - 1)
        k(i) = qKind(j); sl(i) = qSlot(j); d(i) = qDue(j); pr(i) = qPrice(j); q(i) = qQty(j)
        i += 1
      }
      qKind = k; qSlot = sl; qDue = d; qPrice = pr; qQty = q; qHead = 0
    }
    val t = (qHead + qCount) & (qKind.length - 1)
    qKind(t) = kind
    qSlot(t) = s
    qDue(t) = due
    qPrice(t) = price
    qQty(t) = qty
    qCount += 1
  }

  private def ensureBook(book: Int): Unit =
    if (book >= positions.length) {
      val n = math.max(book + 1, positions.length * 2)
      positions = java.util.Arrays.copyOf(positions, n)
      val w = Array.fill(n)(-1)
      System.arraycopy(working, 0, w, 0, working.length)
      working = w
      exposure = java.util.Arrays.copyOf(exposure, n * 2)
    }
}

object StrategyOrders {
  private val AddKind: Byte = 0
  private val CancelKind: Byte = 1
  private val ModifyKind: Byte = 2
}
