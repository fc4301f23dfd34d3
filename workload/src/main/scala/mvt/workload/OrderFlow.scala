package mvt.workload

import mvt.core.*
import mvt.orderbook.{Engine, Exchange}

import java.util.SplittableRandom

/**
 * The mutable state of a generated order flow: per-symbol mids, the orders it placed that may still rest, and
 * an embedded fast exchange that tells which still do. Generators decide what comes next; this class knows how
 * to price, place and cancel. Confined to one generator run; not thread-safe.
 *
 * A multi-day run uses one flow a day (the books start empty each morning) with the options a single stream
 * leaves at their defaults: `accounts` draws each add's account (none: the house), ids continue from
 * `firstId`, and prices are floored at `minPrice`.
 */
private[workload] final class OrderFlow(
    p: WorkloadProfile,
    seed: Long,
    commands: Int,
    accounts: AccountMix.Draw = null,
    firstId: Long = 1L,
    minPrice: Long = Long.MinValue
) {
  private val rnd = new SplittableRandom(seed)
  val symbols: Vector[Symbol] = Tickers.take(p.symbols)
  val builder = new CommandBatch.Builder(symbols, math.max(16, commands))
  private val events = new EventCounter
  private val exchange = new Exchange(Engine.Fast, events)
  private val books = symbols.map(exchange.bookOf).toArray
  private val tick = p.tickUnits
  private val mid = Array.fill(p.symbols)((100L + rnd.nextInt(p.startMidTicks)) * 10L * tick)
  private val popularity = {
    val w = Array.tabulate(p.symbols)(i => 1.0 / (i + 1))
    val total = w.sum
    w.scanLeft(0.0)(_ + _).tail.map(_ / total)
  }
  // resting: orders this generator placed that rested when placed; some may have filled since
  private var restingIds = new Array[Long](1 << 16)
  private var restingSym = new Array[Int](1 << 16)
  private var restingSide = new Array[Byte](1 << 16)
  private var restingPrice = new Array[Long](1 << 16)
  private var restingQty = new Array[Long](1 << 16)
  private var resting = 0
  // filled: a ring of recently filled ids, the targets of late cancels
  private val filledIds = new Array[Long](4096)
  private val filledSym = new Array[Int](4096)
  private var filledHead = 0
  private var filled = 0
  private var nextId = firstId

  var placed = 0L
  var crossingPlaced = 0L
  var typedPlaced = 0L // adds with a time in force other than GTC
  var modifies = 0L
  var cancels = 0L
  var lateCancels = 0L

  /** The id the next order will get. */
  def nextOrderId: Long = nextId

  /** The symbols' current mids, in raw price units (a copy). */
  def mids: Array[Long] = mid.clone()

  /** Replaces the symbols' mids (a day that opens where the last one closed). */
  def startFrom(mids: Array[Long]): Unit = {
    require(mids.length == mid.length, "one mid per symbol")
    System.arraycopy(mids, 0, mid, 0, mid.length)
  }

  def restingCount: Int = resting
  def canceledCount: Long = events.canceled
  def hasFilled: Boolean = filled > 0
  def coin(): Boolean = rnd.nextBoolean()

  /** True with probability `p`. */
  def chance(p: Double): Boolean = rnd.nextDouble() < p

  /** A random integer in [0, n). */
  def nextInt(n: Int): Int = rnd.nextInt(n)

  private def pickSymbol(): Int = {
    val u = rnd.nextDouble()
    var s = 0
    while (s < p.symbols - 1 && popularity(s) < u) s += 1
    s
  }

  /** Places an order on `side`: passive, or priced to cross with the profile's `crossShare`. */
  def addOrder(side: Side): Unit = {
    val s = pickSymbol()
    if (rnd.nextInt(p.midMoveEvery) == 0) {
      val move = (1 + rnd.nextInt(p.midMoveTicks)) * tick
      mid(s) = math.max(10 * tick, if (rnd.nextBoolean()) mid(s) + move else mid(s) - move)
    }
    // a profile without order types draws nothing for them, so its streams are what they always were
    val tif =
      if (p.tifShare > 0 && rnd.nextDouble() < p.tifShare) {
        val u = rnd.nextDouble()
        if (u < p.fokPart) TimeInForce.Fok
        else if (u < p.fokPart + p.postPart) TimeInForce.Post else TimeInForce.Ioc
      } else TimeInForce.Gtc
    // an IOC or FOK order is sent to take liquidity: it is priced to cross
    val crossing = rnd.nextDouble() < p.crossShare || tif == TimeInForce.Ioc || tif == TimeInForce.Fok
    val ticks =
      if (crossing) -rnd.nextInt(p.crossTicks + 1).toLong // at or through the mid
      else {
        var k = 1L
        while (k < p.restingLevels && rnd.nextDouble() < p.levelDecay) k += 1
        k
      }
    val price = math.max(minPrice, if (side.isBuy) mid(s) - ticks * tick else mid(s) + ticks * tick)
    val qty =
      if (p.lotSize > 1 && rnd.nextDouble() < p.oddLotShare) 1L + rnd.nextInt(p.lotSize - 1)
      else p.lotSize.toLong * (1 + rnd.nextInt(p.maxLots))
    place(s, side, price, qty, crossing, tif)
  }

  /** Whether a GTC order may be placed now (the profile's `maxResting`). */
  def roomToRest: Boolean = p.maxResting == 0 || exchange.liveOrderCount < p.maxResting

  /**
   * Modifies a still-resting order: with the profile's `reducePart` it keeps its price and loses part of its
   * quantity (keeping its place), else it moves 1 to `restingLevels` ticks up or down with its quantity, which may
   * cross. False when none was found.
   */
  def modifyResting(): Boolean = {
    val k = pickResting()
    if (k < 0) false
    else {
      val s = restingSym(k)
      val id = restingIds(k)
      val left = exchange.restingQty(OrderId(id)) // after any fills
      if (rnd.nextDouble() < p.reducePart && left > 1) {
        val q = 1L + rnd.nextLong(left - 1)
        emitModify(s, id, restingPrice(k), q)
        restingQty(k) = q
      } else {
        // a step of a few ticks, as a trader chasing the touch moves an order
        val steps = 1 + rnd.nextInt(math.max(1, math.min(p.restingLevels, 20)))
        val moved = restingPrice(k) + (if (rnd.nextBoolean()) steps else -steps) * tick
        val price = math.max(math.max(tick, minPrice), moved)
        emitModify(s, id, price, left)
        restingPrice(k) = price
        if (!exchange.isLive(OrderId(id))) forget(k)
      }
      true
    }
  }

  private def emitModify(s: Int, id: Long, price: Long, qty: Long): Unit = {
    builder.modify(s, id, price, qty)
    exchange.modify(books(s), OrderId(id), Price.fromRaw(price), Quantity(qty))
    modifies += 1
  }

  /**
   * Places an order that crosses a resting order of this flow, at its price and for its size; false when
   * a few picks found only filled orders.
   */
  def crossResting(): Boolean = {
    val k = pickResting()
    if (k < 0) false
    else {
      val side = Side.fromCode(restingSide(k)).opposite
      place(restingSym(k), side, restingPrice(k), restingQty(k), crossing = true)
      true
    }
  }

  private def place(
      s: Int,
      side: Side,
      price: Long,
      qty: Long,
      crossing: Boolean,
      tif: TimeInForce = TimeInForce.Gtc
  ): Unit = {
    val id = nextId
    nextId += 1
    builder.add(s, id, side, price, qty, if (accounts == null) 0 else accounts.next(), tif)
    exchange.place(books(s), OrderId(id), side, Price.fromRaw(price), Quantity(qty), tif)
    placed += 1
    if (tif != TimeInForce.Gtc) typedPlaced += 1
    if (crossing) crossingPlaced += 1
    if (exchange.isLive(OrderId(id))) remember(id, s, side, price, qty)
  }

  private def remember(id: Long, s: Int, side: Side, price: Long, qty: Long): Unit = {
    if (resting == restingIds.length) {
      val n = resting * 2
      restingIds = java.util.Arrays.copyOf(restingIds, n)
      restingSym = java.util.Arrays.copyOf(restingSym, n)
      restingSide = java.util.Arrays.copyOf(restingSide, n)
      restingPrice = java.util.Arrays.copyOf(restingPrice, n)
      restingQty = java.util.Arrays.copyOf(restingQty, n)
    }
    restingIds(resting) = id
    restingSym(resting) = s
    restingSide(resting) = side.code.toByte
    restingPrice(resting) = price
    restingQty(resting) = qty
    resting += 1
  }

  private def forget(k: Int): Unit = {
    resting -= 1
    restingIds(k) = restingIds(resting)
    restingSym(k) = restingSym(resting)
    restingSide(k) = restingSide(resting)
    restingPrice(k) = restingPrice(resting)
    restingQty(k) = restingQty(resting)
  }

  /** The index of a still-resting order (filled ones met on the way become late-cancel targets), or -1. */
  private def pickResting(): Int = {
    var tries = 0
    while (tries < 8 && resting > 0) {
      val k =
        if (rnd.nextDouble() < p.recentCancelBias) resting - 1 - rnd.nextInt(math.min(64, resting))
        else rnd.nextInt(resting)
      if (exchange.isLive(OrderId(restingIds(k)))) return k
      filledIds(filledHead) = restingIds(k)
      filledSym(filledHead) = restingSym(k)
      filledHead = (filledHead + 1) % filledIds.length
      filled = math.min(filled + 1, filledIds.length)
      forget(k)
      tries += 1
    }
    -1
  }

  /** Cancels a still-resting order; false when none was found or its book is at the minimum depth. */
  def cancelResting(): Boolean = {
    val k = pickResting()
    if (k < 0 || exchange.orderCount(books(restingSym(k))) <= p.minDepth) false
    else {
      emitCancel(restingSym(k), restingIds(k))
      forget(k)
      true
    }
  }

  /** Cancels an order that has already filled: the engine will reject it. */
  def cancelFilled(): Unit = {
    filledHead = (filledHead - 1 + filledIds.length) % filledIds.length
    filled -= 1
    lateCancels += 1
    emitCancel(filledSym(filledHead), filledIds(filledHead))
  }

  private def emitCancel(s: Int, id: Long): Unit = {
    builder.cancel(s, id)
    exchange.cancel(books(s), OrderId(id))
    cancels += 1
  }

  def mix(): CommandMix = {
    val levels = exchange.snapshot
    CommandMix(
      profile = p,
      commands = builder.size.toLong,
      adds = placed,
      crossingAdds = crossingPlaced,
      cancels = cancels,
      cancelsAccepted = events.canceled,
      cancelsRejected = events.cancelRejected,
      executions = events.executed,
      typedAdds = typedPlaced,
      expired = events.expired,
      modifies = modifies,
      modifiesRejected = events.modifyRejected,
      restingAtEnd = exchange.liveOrderCount.toLong,
      levelsAtEnd = levels.size.toLong,
      maxOrdersPerLevel = if (levels.isEmpty) 0 else levels.map(_.orderCount).max
    )
  }
}
