package mvt.backtest

import mvt.core.*
import mvt.orderbook.Engine
import mvt.trader.{BboUpdated, Decision}
import mvt.trader.orders.OrderRules
import mvt.trader.strategy.TradingStrategy
import mvt.workload.{AccountMix, CommandBatch, DayGenerator, DayPlan, WorkloadProfile}

import java.math.BigDecimal
import java.nio.file.{Files, Path}
import java.time.LocalDate

/** Test days and setups shared by the suites. */
object Fixtures {
  val Me: Account = Account(Int.MaxValue)

  /** Decides `script(n)` on the n-th quote change it sees (1-based), with time in force `tif`, nothing otherwise. */
  final class ScriptedStrategy(script: Map[Int, (Side, String, Long)], tif: TimeInForce = TimeInForce.Gtc)
      extends TradingStrategy {
    var seen = 0
    def decide(e: BboUpdated): Option[Decision] = {
      seen += 1
      script.get(seen).map((s, p, q) => Decision(e.symbol, s, Price.unsafe(p), Quantity(q), tif))
    }
  }

  /** `n` generated days of `commands` commands from 2026-03-02, as batches. */
  def generated(n: Int, commands: Int, seed: Long = 7L): Vector[(LocalDate, CommandBatch)] =
    new DayGenerator(
      DayPlan(LocalDate.parse("2026-03-02"), n, commands, WorkloadProfile.normal, AccountMix(50), seed)
    ).map(d => d.date -> d.batch).toVector

  /** Writes `days` as `YYYY-MM-DD.csv` files into a new temporary directory. */
  def write(days: Vector[(LocalDate, CommandBatch)]): Path = {
    val dir = Files.createTempDirectory("mvt-backtest")
    days.foreach { (date, batch) =>
      val out = Files.newOutputStream(dir.resolve(s"$date.csv"))
      try batch.writeCsv(out)
      finally out.close()
    }
    dir
  }

  /**
   * A `mvt backtest` request of spread-capture over the days in `dir`, 2 at a time, with capital 1,000,000, no
   * latency, no fee, positions up to 1,000 and no report files.
   */
  def request(dir: String): BacktestRun.Request =
    BacktestRun.Request(
      dir,
      StrategyKind.SpreadCapture,
      Nil,
      Nil,
      None,
      None,
      2,
      new BigDecimal("1000000"),
      0L,
      BigDecimal.ZERO,
      1000L,
      Int.MaxValue,
      None,
      None
    )

  def setup(kind: StrategyKind, params: (String, Long)*): DaySetup =
    DaySetup(
      StrategySpec.of(kind, params).fold(e => throw new IllegalArgumentException(e), identity),
      OrderRules(Me, 0L, 500L),
      new BigDecimal("0.001"),
      Engine.Fast
    )
}
