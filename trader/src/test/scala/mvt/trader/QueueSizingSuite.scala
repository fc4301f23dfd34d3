package mvt.trader

import mvt.trader.queue.*

import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/** Queue sizes suggested from a latency budget and the worst time per event. */
class QueueSizingSuite extends munit.ScalaCheckSuite {

  test("the budget divided by the worst time per event, rounded down") {
    assertEquals(QueueSizing.suggest(1000000L, 10000L), 100)
    assertEquals(QueueSizing.suggest(1000000L, 3L), 333333)
    assertEquals(QueueSizing.suggest(1000L, 1000L), 1)
  }

  test("at least one, even when one event takes longer than the whole budget") {
    assertEquals(QueueSizing.suggest(5L, 10L), 1)
    assertEquals(QueueSizing.suggest(1L, Long.MaxValue), 1)
  }

  test("a time per event below one nanosecond counts as one") {
    assertEquals(QueueSizing.suggest(1000L, 0L), 1000)
    assertEquals(QueueSizing.suggest(1000L, -5L), 1000)
  }

  test("capped at Int.MaxValue") {
    assertEquals(QueueSizing.suggest(Long.MaxValue, 1L), Int.MaxValue)
    assertEquals(QueueSizing.suggest(Int.MaxValue.toLong * 3, 2L), Int.MaxValue)
  }

  test("refuses a budget that is not positive") {
    intercept[IllegalArgumentException](QueueSizing.suggest(0L, 10L))
    intercept[IllegalArgumentException](QueueSizing.suggest(-1L, 10L))
  }

  property("the largest queue whose worst-case wait fits the budget, within 1 and Int.MaxValue") {
    forAll(Gen.choose(1L, Long.MaxValue), Gen.choose(1L, 1000000000L)) { (budget, worst) =>
      val n = QueueSizing.suggest(budget, worst)
      assert(n >= 1)
      val exact = BigInt(budget) / worst
      assertEquals(BigInt(n), exact.max(1).min(Int.MaxValue))
    }
  }
}
