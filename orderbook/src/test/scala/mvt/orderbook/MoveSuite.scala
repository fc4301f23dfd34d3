package mvt.orderbook

import mvt.core.*
import org.scalacheck.Prop.forAll
import org.scalacheck.Gen
import scala.concurrent.duration.*

/**
 * The fast book's modify path against the historical books on exchange-core's kind of flow: a dense book where
 * most commands move a live order a few ticks. Every branch of the move is exercised: an order alone at its level
 * taking the level along, a move onto an open level, leaving an emptied level behind, the same price with more
 * quantity, moves that cross and fill partly or completely, post-only moves refused as crossing, and far jumps
 * that push the level window past its span.
 */
class MoveSuite extends munit.ScalaCheckSuite {
  override val munitTimeout: Duration = 5.minutes

  private val Sym = Symbol.unsafe("XC")
  private val Tick = 1000000L // 0.01
  private val Mid = 100000L // ticks

  /**
   * A seeded flow of `n` commands, applied as it is made (it asks the first exchange which of its orders still
   * rest), with `maxResting / 2` to `maxResting` orders resting within `spread` ticks of a mid that drifts: 9% adds (a fifth
   * post-only; more while under half full), 3% IOC adds that cross, 6% cancels, the rest modifies of resting orders.
   */
  private def run(
      engines: Vector[Engine],
      seed: Long,
      n: Int,
      maxResting: Int,
      spread: Int,
      checkEvery: Int
  ): Differential = {
    val d = new Differential(engines, checkEvery)
    val live = d.exchanges.head
    val rnd = new scala.util.Random(seed)
    val ids = scala.collection.mutable.ArrayBuffer.empty[Long] // the flow's orders, some no longer resting
    val prices = scala.collection.mutable.HashMap.empty[Long, Long] // id -> price in ticks, as last sent
    var mid = Mid
    var next = 1L
    def price(t: Long): Price = Price.fromRaw(math.max(1L, t) * Tick)
    def qty: Quantity = Quantity(1L + rnd.nextInt(100))
    def add(buy: Boolean, t: Long, tif: TimeInForce): Command = {
      val side = if (buy) Side.Buy else Side.Sell
      next += 1
      Command.Add(Sym, OrderId(next - 1), side, price(t), qty, Account.House, tif)
    }
    // a tracked order, forgetting those that no longer rest (a few are still sent, to be refused)
    def pick(): Long = {
      var k = rnd.nextInt(ids.size)
      while (!live.isLive(OrderId(ids(k))) && ids.size > 1 && rnd.nextInt(20) != 0) {
        prices -= ids(k)
        ids(k) = ids.last
        ids.remove(ids.size - 1)
        k = rnd.nextInt(ids.size)
      }
      ids(k)
    }
    var i = 0
    while (i < n) {
      if (rnd.nextInt(50) == 0) mid += rnd.nextInt(7) - 3
      val u = rnd.nextInt(100)
      val command =
        if (ids.isEmpty || u < 9 || live.liveOrderCount < maxResting / 2) {
          val buy = rnd.nextBoolean()
          val t = if (buy) mid - 1 - rnd.nextInt(spread) else mid + 1 + rnd.nextInt(spread)
          val c = add(buy, t, if (rnd.nextInt(5) == 0) TimeInForce.Post else TimeInForce.Gtc)
          if (live.liveOrderCount < maxResting) { ids += next - 1; prices(next - 1) = t; c }
          else Command.Cancel(Sym, OrderId(pick())) // full: a cancel instead
        } else if (u < 12) {
          val buy = rnd.nextBoolean()
          add(buy, if (buy) mid + rnd.nextInt(3) else mid - rnd.nextInt(3), TimeInForce.Ioc)
        } else if (u < 18) Command.Cancel(Sym, OrderId(pick()))
        else {
          val id = pick()
          val was = prices(id)
          val v = rnd.nextInt(100)
          val t =
            if (v < 10) was // the same price: more quantity loses its place, less keeps it
            else if (v < 12) was + (if (rnd.nextBoolean()) 1 else -1) * (5000 + rnd.nextInt(20000)) // far
            else if (v < 20) mid + rnd.nextInt(5) - 2 // at or through the touch: may cross
            else was + (if (rnd.nextBoolean()) 1 else -1) * (1 + rnd.nextInt(20))
          prices(id) = t
          Command.Modify(Sym, OrderId(id), price(t), qty)
        }
      d.apply(command, s"command ${i + 1}")
      i += 1
    }
    d.checkAll("end of flow")
    d
  }

  test("fast vs the three historical books: a small dense book, invariants after every command") {
    // 8,000 commands: lazy-cancel keeps its moved-away orders as ghosts, so a snapshot per command grows with them
    val d = run(Engine.values.toVector, 7L, 8000, maxResting = 60, spread = 30, checkEvery = 1)
    List("added", "executed", "canceled", "expired", "modified", "modify-rejected:would-cross").foreach(k =>
      assert(d.count(k) > 0, s"no $k event in the flow")
    )
  }

  test("fast vs lazy-cancel: 300,000 commands, about 1,000 resting over hundreds of levels") {
    val d = run(
      Vector(Engine.Fast, Engine.LazyCancel),
      8L,
      300000,
      maxResting = 1000,
      spread = 400,
      checkEvery = 10000
    )
    assert(d.maxLiveOrders > 500, s"books only reached ${d.maxLiveOrders} orders")
    assert(d.count("modified") > 200000, d.count("modified"))
  }

  property("fast agrees with lazy-cancel on any seeded move-heavy flow, invariants after every command") {
    forAll(Gen.choose(0L, Long.MaxValue), Gen.choose(2, 80), Gen.choose(1, 40)) {
      (seed, maxResting, spread) =>
        run(Vector(Engine.Fast, Engine.LazyCancel), seed, 600, maxResting, spread, checkEvery = 1)
        ()
    }
  }
}
