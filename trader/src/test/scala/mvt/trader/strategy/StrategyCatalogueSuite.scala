package mvt.trader.strategy

/**
 * The one catalogue of strategies: every strategy builds from its declared defaults, every declared range holds
 * its default, and a value outside a range is refused by the declaration with the parameter's name and range.
 */
class StrategyCatalogueSuite extends munit.FunSuite {

  test("every strategy builds from its defaults, and every default is inside its declared range") {
    StrategyKind.values.foreach { k =>
      k.declared.foreach(p => assert(p.contains(p.default), s"${k.label} ${p.name}"))
      assert(StrategySpec.defaults(k).build() ne null, k.label)
      assertEquals(StrategySpec.of(k, Nil), Right(StrategySpec.defaults(k)))
    }
  }

  test("a value outside its range is refused by the declaration, naming the parameter and the range") {
    assertEquals(
      StrategySpec.of(StrategyKind.SpreadCapture, Seq("spread" -> 1L)),
      Left("strategy spread-capture: spread: expected 2 to 1000000, found 1")
    )
    assertEquals(
      StrategySpec.of(StrategyKind.Momentum, Seq("threshold" -> 0L)),
      Left("strategy momentum: threshold: expected at least 1, found 0")
    )
    assertEquals(
      StrategySpec.of(StrategyKind.Synthetic, Seq("size" -> 0L)),
      Left("strategy synthetic: size: expected 1 to 1000000000, found 0")
    )
    // the edges of every range are taken, and build
    StrategyKind.values.foreach { k =>
      k.declared.foreach { p =>
        Vector(p.min, math.min(p.max, 1000000L)).foreach { v =>
          assert(StrategySpec.of(k, Seq(p.name -> v)).map(_.build()).isRight, s"${k.label} ${p.name}=$v")
        }
      }
    }
  }

  test("a parameter the strategy does not declare, or one given twice, is refused") {
    assertEquals(
      StrategySpec.of(StrategyKind.MeanReversion, Seq("spread" -> 3L)),
      Left("strategy mean-reversion takes window, threshold, size; not spread")
    )
    assertEquals(
      StrategySpec.of(StrategyKind.Momentum, Seq("size" -> 3L, "size" -> 4L)),
      Left("parameter size is given twice")
    )
  }
}
