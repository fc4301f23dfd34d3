package mvt.bench

import mvt.core.*
import mvt.orderbook.{CommandTarget, Engine, Exchange, LongLongHashMap}
import mvt.workload.CommandBatch

/**
 * The limit gauge (`--engine limit`): per command, only the work that no engine can avoid. An add probes the id
 * index once (inserting when it rests) and links its slot at the tail of its book side's intrusive list; each
 * maker it fills completely is one index removal and one unlink; a cancel is one probe and, when live, one
 * unlink; a modify is one probe, and when the order moves (a new price or more quantity) one unlink, its fills
 * as an add's, and a link at the tail when it still rests. What rests and what fills comes from a plan made once per stream by the fast engine (outside the
 * measured passes), so the gauge does the same structural work on the same stream without matching, price
 * levels or validation. A command target that must see the stream in order from its first command, as the
 * replay loop and the latency driver give it. Not thread-safe.
 */
final class LimitGauge(plan: LimitGauge.Plan) extends CommandTarget {
  import LimitGauge.{NoSlot, hi, lo, pair}

  private val index = new LongLongHashMap(1 << 10) // live id -> slot, sized as the exchange's index starts
  private var links = new Array[Long](1 << 10) // slot -> next << 32 | prev; slot 0 unused so 0 means none
  private var listOf = new Array[Int](1 << 10) // slot -> its list (book * 2 + side code)
  private var heads = new Array[Int](32) // list -> first slot, NoSlot when empty
  private var tails = new Array[Int](32) // list -> last slot
  private var freeSlot = NoSlot // free slots link through next
  private var high = 1 // slots at or above this were never used
  private var cursor = 0 // the index in the stream of the next command: the plan is read at it
  private var done = 0L // structural operations done: rests, fills and cancels

  /** Structural operations done so far: orders rested, makers filled, live orders cancelled. */
  def operations: Long = done

  /** Orders resting now, across books. */
  def liveCount: Int = index.size

  /** Whether `id` rests now. */
  def isLive(id: Long): Boolean = index.contains(id)

  /** Commands seen so far. */
  def position: Int = cursor

  def bookOf(symbol: Symbol): Int = plan.books.indexOf(symbol) // creation order is the batch's symbol order

  // the makers that command i fills completely: each one's index entry goes and it leaves its list
  private def fillMakers(i: Int): Unit = {
    var m = plan.makerFrom(i)
    val end = plan.makerFrom(i + 1)
    while (m < end) {
      val s = index.slotOf(plan.makers(m))
      if (s >= 0) {
        val slot = index.valueAt(s).toInt
        index.removeSlot(s)
        unlink(slot)
        done += 1
      }
      m += 1
    }
  }

  /** Any time in force: the plan says whether it rests, so IOC, FOK and POST cost what a GTC add costs. */
  def add(
      book: Int,
      id: OrderId,
      side: Side,
      price: Price,
      qty: Quantity,
      account: Account,
      tif: TimeInForce
  ): Unit =
    add(book, id, side, price, qty)

  def modify(book: Int, id: OrderId, price: Price, qty: Quantity): Unit = {
    val i = cursor
    cursor += 1
    val s = index.slotOf(id.value) // the one probe every modify needs
    if (s >= 0 && plan.moves(i)) {
      val slot = index.valueAt(s).toInt
      val list = listOf(slot)
      unlink(slot)
      fillMakers(i)
      if (plan.rests(i)) {
        val ns = acquire()
        index.put(id.value, ns.toLong)
        link(ns, list)
      } else { val _ = index.remove(id.value) }
      done += 1
    }
  }

  def add(book: Int, id: OrderId, side: Side, price: Price, qty: Quantity): Unit = {
    val i = cursor
    cursor += 1
    fillMakers(i)
    if (plan.rests(i)) {
      val s = acquire()
      index.put(id.value, s.toLong) // the one probe: the duplicate check and the insert together
      link(s, book * 2 + side.code)
      done += 1
    } else {
      val _ = index.contains(id.value) // the duplicate check is a probe even when nothing rests
    }
  }

  def cancel(book: Int, id: OrderId): Unit = {
    cursor += 1
    val s = index.slotOf(id.value)
    if (s >= 0) {
      val slot = index.valueAt(s).toInt
      index.removeSlot(s)
      unlink(slot)
      done += 1
    }
  }

  override def time(at: Timestamp): Unit = cursor += 1

  private def acquire(): Int =
    if (freeSlot != NoSlot) {
      val s = freeSlot
      freeSlot = hi(links(s))
      s
    } else {
      if (high == links.length) {
        links = java.util.Arrays.copyOf(links, high * 2)
        listOf = java.util.Arrays.copyOf(listOf, high * 2)
      }
      high += 1
      high - 1
    }

  private def link(s: Int, list: Int): Unit = {
    if (list >= heads.length) {
      val n = math.max(heads.length * 2, list + 1)
      heads = java.util.Arrays.copyOf(heads, n)
      tails = java.util.Arrays.copyOf(tails, n)
    }
    val tail = tails(list)
    links(s) = pair(NoSlot, tail)
    listOf(s) = list
    if (tail == NoSlot) heads(list) = s else links(tail) = pair(s, lo(links(tail)))
    tails(list) = s
  }

  private def unlink(s: Int): Unit = {
    val list = listOf(s)
    val next = hi(links(s))
    val prev = lo(links(s))
    if (prev == NoSlot) heads(list) = next else links(prev) = pair(next, lo(links(prev)))
    if (next == NoSlot) tails(list) = prev else links(next) = pair(hi(links(next)), prev)
    links(s) = pair(freeSlot, NoSlot)
    freeSlot = s
  }
}

object LimitGauge {
  private inline val NoSlot = 0
  private inline def pair(high: Int, low: Int): Long = (high.toLong << 32) | (low.toLong & 0xffffffffL)
  private inline def hi(v: Long): Int = (v >>> 32).toInt
  private inline def lo(v: Long): Int = v.toInt

  /**
   * What the fast engine does to the book structure on a stream, per command: whether an add or a modified order
   * rests, whether a modify moves its order (leaves its place) and the makers it fills completely
   * (`makers(makerFrom(i) until makerFrom(i + 1))`).
   */
  final class Plan(
      val books: Vector[Symbol],
      val rests: Array[Boolean],
      val moves: Array[Boolean],
      val makerFrom: Array[Int],
      val makers: Array[Long]
  )

  // the plan of the last stream asked for: every pass of a run replays the same batch
  private var lastBatch: CommandBatch = null
  private var lastPlan: Plan = null

  /** The plan of `batch`, made on first use by one replay of the fast engine and kept for later passes. */
  def planOf(batch: CommandBatch): Plan = synchronized {
    if (lastBatch ne batch) {
      lastPlan = makePlan(batch)
      lastBatch = batch
    }
    lastPlan
  }

  private def makePlan(batch: CommandBatch): Plan = {
    val n = batch.size
    val rests = new Array[Boolean](n)
    val moves = new Array[Boolean](n)
    val prices = scala.collection.mutable.HashMap.empty[Long, Long] // resting id -> price
    val makerFrom = new Array[Int](n + 1)
    val makers = Array.newBuilder[Long]
    var makerCount = 0
    val remaining = scala.collection.mutable.HashMap.empty[Long, Long] // resting id -> remaining quantity
    var current = 0
    val sink = new EventSink {
      def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit = {
        rests(current) = true
        remaining(id.value) = restingQty.units
        prices(id.value) = price.raw
      }
      def executed(s: Symbol, buy: OrderId, sell: OrderId, p: Price, q: Quantity, aggressor: Side): Unit = {
        val maker = if (aggressor.isBuy) sell.value else buy.value
        val left = remaining.getOrElse(maker, 0L) - q.units
        if (left > 0) remaining(maker) = left
        else {
          remaining -= maker
          makers += maker
          makerCount += 1
        }
      }
      def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit = {
        remaining -= id.value
      }
      def cancelRejected(symbol: Symbol, id: OrderId): Unit = ()
      def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit = ()
      def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit = ()
      def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit = {
        // in place: the same price and no more than rested before
        val inPlace =
          prices.get(id.value).contains(price.raw) && restingQty.units <= remaining.getOrElse(id.value, 0L)
        moves(current) = !inPlace
        rests(current) = restingQty.units > 0
        if (restingQty.units > 0) {
          remaining(id.value) = restingQty.units
          prices(id.value) = price.raw
        } else remaining -= id.value
      }
      def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit = ()
    }
    val exchange = new Exchange(Engine.Fast, sink)
    val books = batch.books(exchange)
    while (current < n) {
      makerFrom(current) = makerCount
      batch.replayInto(exchange, books, current, current + 1)
      current += 1
    }
    makerFrom(n) = makerCount
    new Plan(batch.symbols, rests, moves, makerFrom, makers.result())
  }
}
