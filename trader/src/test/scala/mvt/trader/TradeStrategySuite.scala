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
}
