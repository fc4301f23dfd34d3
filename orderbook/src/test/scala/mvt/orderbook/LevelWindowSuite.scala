package mvt.orderbook

import org.scalacheck.Gen
import org.scalacheck.Prop.forAll
import scala.collection.immutable.TreeMap

/**
 * `LevelWindow` behaves as a sorted map of key to level whose greatest key is the best, whatever the grid, the
 * depth and the moves of the market: the window, its re-centring and its fallback are invisible from outside.
 */
class LevelWindowSuite extends munit.ScalaCheckSuite {

  private sealed trait Op
  private final case class Open(offset: Long, fine: Long) extends Op // find, and open when absent
  private final case class Close(offset: Long) extends Op // find, and close when present
  private case object PopBest extends Op
  // the level at one key (when open) moves to another (when not open), as a lone order's level goes along with it
  private final case class Rekey(from: Long, to: Long, fine: Long) extends Op
  private final case class Drift(ticks: Long) extends Op // the market moves: later keys centre elsewhere

  private val genOffset: Gen[Long] = Gen.frequency(
    8 -> Gen.choose(-40L, 40L),
    3 -> Gen.choose(-5000L, 5000L),
    1 -> Gen.choose(-20000L, 20000L)
  )
  private val genOp: Gen[Op] = Gen.frequency(
    10 -> Gen.zip(genOffset, Gen.frequency(30 -> Gen.const(0L), 1 -> Gen.choose(1L, 9L))).map(Open.apply),
    5 -> genOffset.map(Close.apply),
    2 -> Gen.const(PopBest),
    6 -> Gen
      .zip(genOffset, genOffset, Gen.frequency(30 -> Gen.const(0L), 1 -> Gen.choose(1L, 9L)))
      .map(Rekey.apply),
    1 -> Gen.choose(-6000L, 6000L).map(Drift.apply)
  )

  /** Runs `ops` with keys `sign * (centre + offset) * tick (+ fine * tick / 10)` against a `TreeMap`. */
  private def agree(ops: Seq[Op], tick: Long, sign: Long, start: Long): Unit = {
    val window = new LevelWindow
    var model = TreeMap.empty[Long, Int]
    var centre = start
    var nextLevel = 1
    def key(offset: Long, fine: Long) = sign * ((centre + offset) * tick + fine * (tick / 10))
    ops.zipWithIndex.foreach { (op, step) =>
      op match {
        case Open(off, fine) =>
          val k = key(off, fine)
          assertEquals(window.levelOf(k), model.getOrElse(k, 0), s"step $step: level at $k")
          if (!model.contains(k)) {
            window.insert(k, nextLevel)
            model += k -> nextLevel
            nextLevel += 1
          }
        case Close(off) =>
          val k = key(off, 0)
          assertEquals(window.levelOf(k), model.getOrElse(k, 0), s"step $step: level at $k")
          if (model.contains(k)) {
            window.remove(k)
            model -= k
          }
        case Rekey(from, to, fine) =>
          // from an open key near the touch when there is one, so that most steps move a level
          val near = key(from, 0)
          val f = model.rangeFrom(near).headOption.orElse(model.lastOption).fold(near)(_._1)
          val t = key(to, fine)
          if (model.contains(f) && !model.contains(t)) {
            val level = model(f)
            window.rekey(f, t)
            model = model - f + (t -> level)
          }
        case PopBest =>
          if (model.nonEmpty) {
            assertEquals(window.bestLevel, model.last._2, s"step $step")
            window.removeBest()
            model = model.init
          }
        case Drift(d) => centre = math.min(math.max(centre + d, 30000L), 500000L)
      }
      window.checkInvariants()
      assertEquals(window.size, model.size, s"step $step")
      assertEquals(window.isEmpty, model.isEmpty)
      if (model.nonEmpty) assertEquals(window.bestLevel, model.last._2, s"step $step: best")
      assertEquals(window.bestKey, model.lastOption.fold(Long.MinValue)(_._1), s"step $step: best key")
      assertEquals(window.keysAscending.toVector, model.keys.toVector, s"step $step")
      assertEquals(window.levelsAscending.toVector, model.values.toVector, s"step $step")
    }
  }

  property("the inverse of an odd number mod 2^64, which the window's slot index multiplies by") {
    forAll(Gen.choose(Long.MinValue, Long.MaxValue)) { (x: Long) =>
      val odd = x | 1L
      assertEquals(odd * LevelWindow.oddInverse(odd), 1L)
    }
  }

  private val genTick = Gen.oneOf(1000000L, 10L, 1000L, 7000L, (1L << 40) + 10L) // the last is too coarse
  property("agrees with a sorted map: bids and asks, any grid, a moving market") {
    forAll(Gen.listOfN(400, genOp), genTick, Gen.oneOf(1L, -1L)) { (ops, tick, sign) =>
      agree(ops, tick, sign, if (tick > (1L << 30)) 40000L else 100000L)
    }
  }

  test("a market that climbs far past the window keeps the far levels, in order, and finds the best") {
    val window = new LevelWindow
    var level = 1
    (0 until 20000 by 3).foreach { t =>
      window.insert(1000000L * (100000 + t), level)
      level += 1
    }
    window.checkInvariants()
    assertEquals(window.size, level - 1)
    assertEquals(window.bestLevel, level - 1)
    assertEquals(window.levelOf(1000000L * 100000), 1) // the first, long left behind in the fallback
    // matching eats the book from the top down through the window and into the fallback
    var expected = level - 1
    while (!window.isEmpty) {
      assertEquals(window.bestLevel, expected)
      window.removeBest()
      expected -= 1
    }
    window.checkInvariants()
    assertEquals(expected, 0)
  }

  test("a first key off the later grid: the tick is refined and every level is still found") {
    val window = new LevelWindow
    window.insert(10000000000L, 1) // 100.00: alone it suggests a tick of 1e10
    window.insert(10001000000L, 2) // 100.01: the tick becomes 1e6
    window.insert(10000000001L, 3) // off every grid so far: the tick becomes 1
    window.checkInvariants()
    assertEquals(window.levelOf(10000000000L), 1)
    assertEquals(window.levelOf(10001000000L), 2)
    assertEquals(window.levelOf(10000000001L), 3)
    assertEquals(window.levelOf(10000500000L), 0)
    assertEquals(window.bestLevel, 2)
  }
}
