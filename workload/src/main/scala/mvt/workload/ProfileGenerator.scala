package mvt.workload

import mvt.core.*
import mvt.orderbook.{Engine, Exchange}

import java.util.SplittableRandom

/**
 * Generates a command stream from a `WorkloadProfile`, deterministic for a seed. It runs every command through
 * an embedded fast exchange as it goes, so it knows which of its orders still rest: it cancels resting orders
 * until `cancelShare` of all placed orders have been cancelled, and sends `lateCancelShare` more cancels for
 * orders that already filled (which the engine rejects, as happens in real markets).
 */
object ProfileGenerator {

  /** The stream and what it did when matched. */
  final case class Generated(batch: CommandBatch, mix: CommandMix)

  def generate(profile: WorkloadProfile, commands: Int, seed: Long): Generated = {
    require(commands >= 0, "commands must be >= 0")
    val state = new State(profile, seed, commands)
    var i = 0
    while (i < commands) { state.step(); i += 1 }
    Generated(state.builder.result(), state.mix())
  }

  /** Mutable generator state; confined to one `generate` call. */
  private final class State(p: WorkloadProfile, seed: Long, commands: Int) {
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
    // resting: ids this generator placed that rested when placed; some may have filled since
    private var restingIds = new Array[Long](1 << 16)
    private var restingSym = new Array[Int](1 << 16)
    private var resting = 0
    // filled: a ring of recently filled ids, the targets of late cancels
    private val filledIds = new Array[Long](4096)
    private val filledSym = new Array[Int](4096)
    private var filledHead = 0
    private var filled = 0
    private var nextId = 1L

    var placed = 0L
    var crossingPlaced = 0L
    var cancels = 0L
    var lateCancels = 0L

    def step(): Unit =
      if (resting > 0 && events.canceled < p.cancelShare * placed && cancelResting()) ()
      else if (filled > 0 && lateCancels < p.lateCancelShare * placed) cancelFilled()
      else add()

    private def pickSymbol(): Int = {
      val u = rnd.nextDouble()
      var s = 0
      while (s < p.symbols - 1 && popularity(s) < u) s += 1
      s
    }

    private def add(): Unit = {
      val s = pickSymbol()
      if (rnd.nextInt(p.midMoveEvery) == 0) {
        val move = (1 + rnd.nextInt(p.midMoveTicks)) * tick
        mid(s) = math.max(10 * tick, if (rnd.nextBoolean()) mid(s) + move else mid(s) - move)
      }
      val side = if (rnd.nextBoolean()) Side.Buy else Side.Sell
      val crossing = rnd.nextDouble() < p.crossShare
      val ticks =
        if (crossing) -rnd.nextInt(p.crossTicks + 1).toLong // at or through the mid
        else {
          var k = 1L
          while (k < p.restingLevels && rnd.nextDouble() < p.levelDecay) k += 1
          k
        }
      val price = if (side.isBuy) mid(s) - ticks * tick else mid(s) + ticks * tick
      val qty =
        if (p.lotSize > 1 && rnd.nextDouble() < p.oddLotShare) 1L + rnd.nextInt(p.lotSize - 1)
        else p.lotSize.toLong * (1 + rnd.nextInt(p.maxLots))
      val id = nextId
      nextId += 1
      builder.add(s, id, side, price, qty)
      exchange.add(books(s), OrderId(id), side, Price.fromRaw(price), Quantity(qty))
      placed += 1
      if (crossing) crossingPlaced += 1
      if (exchange.isLive(OrderId(id))) remember(id, s)
    }

    private def remember(id: Long, s: Int): Unit = {
      if (resting == restingIds.length) {
        restingIds = java.util.Arrays.copyOf(restingIds, resting * 2)
        restingSym = java.util.Arrays.copyOf(restingSym, resting * 2)
      }
      restingIds(resting) = id
      restingSym(resting) = s
      resting += 1
    }

    /** Cancels a still-resting order; false when a few picks found only filled ones, or a book at its minimum depth. */
    private def cancelResting(): Boolean = {
      var tries = 0
      while (tries < 8 && resting > 0) {
        val k =
          if (rnd.nextDouble() < p.recentCancelBias) resting - 1 - rnd.nextInt(math.min(64, resting))
          else rnd.nextInt(resting)
        val id = restingIds(k)
        val s = restingSym(k)
        if (exchange.orderCount(books(s)) <= p.minDepth) return false
        resting -= 1
        restingIds(k) = restingIds(resting)
        restingSym(k) = restingSym(resting)
        if (exchange.isLive(OrderId(id))) {
          emitCancel(s, id)
          return true
        }
        // it filled meanwhile: keep it as a candidate for a late cancel
        filledIds(filledHead) = id
        filledSym(filledHead) = s
        filledHead = (filledHead + 1) % filledIds.length
        filled = math.min(filled + 1, filledIds.length)
        tries += 1
      }
      false
    }

    private def cancelFilled(): Unit = {
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
        restingAtEnd = exchange.liveOrderCount.toLong,
        levelsAtEnd = levels.size.toLong,
        maxOrdersPerLevel = if (levels.isEmpty) 0 else levels.map(_.orderCount).max
      )
    }
  }
}

/** What a generated stream does when matched: the figures `mvt generate` prints. */
final case class CommandMix(
    profile: WorkloadProfile,
    commands: Long,
    adds: Long,
    crossingAdds: Long,
    cancels: Long,
    cancelsAccepted: Long,
    cancelsRejected: Long,
    executions: Long,
    restingAtEnd: Long,
    levelsAtEnd: Long,
    maxOrdersPerLevel: Int
) {
  private def pct(a: Long, b: Long): Double = 100.0 * a / math.max(1L, b)

  /** Share of placed orders cancelled while resting, in percent. */
  def canceledShare: Double = pct(cancelsAccepted, adds)

  def render: String =
    Vector(
      f"profile ${profile.name}: ${profile.describe}",
      f"  commands            $commands%,14d",
      f"  adds                $adds%,14d  ${pct(adds, commands)}%5.1f%% of commands; ${pct(crossingAdds, adds)}%.1f%% priced to cross",
      f"  cancels             $cancels%,14d  ${pct(cancels, commands)}%5.1f%% of commands; $cancelsRejected%,d arrive after a fill and are rejected",
      f"  orders cancelled    ${canceledShare}%13.1f%%  of placed orders, while still resting",
      f"  executions          $executions%,14d",
      f"  resting at the end  $restingAtEnd%,14d  on $levelsAtEnd%,d levels; ${restingAtEnd.toDouble / math.max(1L, levelsAtEnd)}%.1f orders a level on average, $maxOrdersPerLevel at most"
    ).mkString("\n")
}
