package mvt.backtest

import cats.effect.unsafe.implicits.global
import io.circe.parser.parse

import java.math.BigDecimal

class StrategySpecSuite extends munit.FunSuite {
  import Fixtures.*

  test("a strategy refuses a parameter it does not take, one given twice, and values out of range") {
    assertEquals(
      StrategySpec.of(StrategyKind.SpreadCapture, Seq("lookback" -> 3L)),
      Left("strategy spread-capture takes spread, size; not lookback")
    )
    assert(StrategySpec.of(StrategyKind.Momentum, Seq("size" -> 3L, "size" -> 4L)).isLeft)
    assert(StrategySpec.of(StrategyKind.SpreadCapture, Seq("spread" -> 1L)).isLeft)
    assert(StrategySpec.of(StrategyKind.MeanReversion, Seq("window" -> 1L)).isLeft)
    val ok = StrategySpec.of(StrategyKind.MeanReversion, Seq("window" -> 30L))
    assertEquals(ok.map(_.render), Right("window=30 threshold=1 size=100"))
  }

  test("sweep axes: a range or a list") {
    assertEquals(Sweep.Axis.parse("spread=2..4"), Right(Sweep.Axis("spread", Vector(2L, 3L, 4L))))
    assertEquals(Sweep.Axis.parse("size=100,200"), Right(Sweep.Axis("size", Vector(100L, 200L))))
    assert(Sweep.Axis.parse("size=4..2").isLeft)
    assert(Sweep.Axis.parse("size").isLeft)
    val specs = Sweep.specs(
      StrategyKind.SpreadCapture,
      Nil,
      Vector(Sweep.Axis("spread", Vector(2L, 3L)), Sweep.Axis("size", Vector(100L, 200L)))
    )
    assertEquals(
      specs.map(_.map(_.render)),
      Right(Vector(
        "spread=2 size=100",
        "spread=2 size=200",
        "spread=3 size=100",
        "spread=3 size=200"
      ))
    )
    assert(Sweep.specs(StrategyKind.SpreadCapture, Nil, Vector(Sweep.Axis("window", Vector(2L)))).isLeft)
  }

  test(
    "a sweep runs every combination over the same days, ranked by sharpe, each as a run of its own would"
  ) {
    val dir = write(generated(3, 6000, seed = 5L))
    val days = DayFile.list(dir, None, None).toOption.get
    val base = setup(StrategyKind.SpreadCapture)
    val specs = Sweep.specs(
      StrategyKind.SpreadCapture,
      Nil,
      Vector(Sweep.Axis("spread", Vector(2L, 4L)), Sweep.Axis("size", Vector(50L, 100L)))
    ).toOption.get
    val capital = new BigDecimal("1000000")
    val rows = Sweep.run(specs, days, base, capital, 2).unsafeRunSync()
    assertEquals(rows.map(_.spec).toSet, specs.toSet)
    rows.foreach { row =>
      val alone = Backtest.run(days, base.copy(strategy = row.spec), 1).unsafeRunSync()
      assertEquals(row.outcome, alone)
      assertEquals(row.metrics, Metrics.of(alone.results, capital))
    }
    assertEquals(Sweep.rank(rows), rows)
    val sharpes = rows.flatMap(_.metrics.sharpe)
    assertEquals(sharpes, sharpes.sorted.reverse)
  }

  test("the JSON report has the documented shape, money as canonical decimal strings, null when undefined") {
    val d = DayResult(
      java.time.LocalDate.parse("2026-03-02"),
      new BigDecimal("12.50"),
      31L,
      3100L,
      new BigDecimal("1.550"),
      400L,
      BigDecimal.ZERO,
      new BigDecimal("310000"),
      100000L,
      60L,
      0L
    )
    val spec = StrategySpec.of(StrategyKind.SpreadCapture, Nil).toOption.get
    val m = Metrics.of(Vector(d), new BigDecimal("1000000"))
    val json = parse(JsonReport(spec, Vector(d), m).noSpaces).toOption.get
    val c = json.hcursor
    assertEquals(c.get[String]("strategy"), Right("spread-capture"))
    val day = c.downField("days").downArray
    assertEquals(day.get[String]("date"), Right("2026-03-02"))
    assertEquals(day.get[String]("pnl"), Right("12.5"))
    assertEquals(day.get[Long]("fills"), Right(31L))
    assertEquals(day.get[Long]("volume"), Right(3100L))
    assertEquals(day.get[String]("fees"), Right("1.55"))
    assertEquals(day.get[Long]("maxPosition"), Right(400L))
    val mc = c.downField("metrics")
    assertEquals(mc.get[String]("totalPnl"), Right("12.5"))
    assert(mc.downField("sharpe").focus.exists(_.isNull))
    assert(mc.downField("sortino").focus.exists(_.isNull))
    assertEquals(mc.get[Double]("maxDrawdown"), Right(0.0))
  }

  test("the HTML report is self-contained: uPlot inlined, the data embedded, nothing fetched") {
    val d = DayResult(
      java.time.LocalDate.parse("2026-03-02"),
      new BigDecimal("-3"),
      1L,
      10L,
      BigDecimal.ZERO,
      10L,
      BigDecimal.ZERO,
      BigDecimal.TEN,
      10L,
      1L,
      0L
    )
    val spec = StrategySpec.of(StrategyKind.Momentum, Nil).toOption.get
    val html = HtmlReport(spec, Vector(d), Metrics.of(Vector(d), BigDecimal.TEN), BigDecimal.TEN)
    assert(html.contains("uPlot"), "uPlot's script")
    assert(html.contains(".uplot"), "uPlot's style")
    assert(html.contains("\"pnl\":[-3]"), "the daily PnL")
    assert(html.contains("\"equity\":[7]"), "the equity curve")
    assert(!html.contains("src=\"http"), "no external script")
    assert(!html.contains("<link"), "no external style")
  }
}
