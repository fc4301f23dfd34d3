package mvt.trader

import mvt.core.Price
import mvt.trader.strategy.StrategyKind

/** `mvt trade`'s strategy: its own defaults, options refused by the strategy, values checked by the declaration. */
class TradeStrategySuite extends munit.FunSuite {

  test("mvt trade's own defaults, and a value given replaces one") {
    val spread = TradeStrategy.of(StrategyKind.SpreadCapture, None, Vector.empty, None).toOption.get
    assertEquals(spread.spec.params("spread"), 3L)
    assertEquals(spread.tick, TradeStrategy.DefaultTick)
    val chosen = TradeStrategy.of(
      StrategyKind.SpreadCapture,
      Price.parse("0.05"),
      Vector("min-spread" -> Some("spread" -> 7L)),
      Some("size" -> 10L)
    ).toOption.get
    assertEquals((chosen.spec.params("spread"), chosen.spec.params("size")), (7L, 10L))
    assertEquals(chosen.tick, Price.parse("0.05").get)
    assertEquals(
      TradeStrategy.of(StrategyKind.Momentum, None, Vector.empty, None).toOption.get.spec.params("threshold"),
      5L
    )
  }

  test("an option the strategy does not use is refused, each named") {
    val refused = TradeStrategy.of(
      StrategyKind.Momentum,
      Price.parse("0.01"),
      Vector("min-spread" -> Some("spread" -> 3L), "lookback" -> Some("lookback" -> 5L)),
      None
    )
    assertEquals(
      refused.toEither.left.map(_.toList),
      Left(List(
        "--tick is not an option of strategy momentum",
        "--min-spread is not an option of strategy momentum"
      ))
    )
  }

  test("a value outside its declared range is refused by the declaration") {
    assert(
      TradeStrategy.of(StrategyKind.Momentum, None, Vector("lookback" -> Some("lookback" -> 0L)), None).isInvalid
    )
  }

  test(
    "mvt trade's options of declared parameters: help and range from the declaration, the default it runs"
  ) {
    val byFlag = TradeStrategy.flags.map(f => f.flag -> f).toMap
    assertEquals(
      byFlag("min-spread").help,
      "Spread-capture: least spread to quote inside, in ticks (default 3)."
    )
    assertEquals(byFlag("qty").help, "units of each decision (default 100).")
    assertEquals(byFlag("min-spread").check(1L), Left("--min-spread must be between 2 and 1000000"))
    assertEquals(byFlag("threshold-bps").check(0L), Left("--threshold-bps must be at least 1"))
    assertEquals(byFlag("lookback").check(7L), Right("lookback" -> 7L))
    for (f <- TradeStrategy.flags)
      assertEquals(
        TradeStrategy.of(f.kind, None, Vector.empty, None).toOption.get.spec.params(f.param),
        f.shown,
        f.flag
      )
  }

  test("the options' values, in order, with the synthetic's cost") {
    val s = TradeStrategy.chosen(
      StrategyKind.Synthetic,
      None,
      Vector(None, None, None, Some("size" -> 5L)),
      Some(7L)
    )
    assertEquals(s.toOption.map(_.spec.params), Some(Map("cost-ns" -> 7L, "size" -> 5L)))
  }
}
