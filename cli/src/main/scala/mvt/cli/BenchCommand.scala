package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.{BenchCommandRun, MemoryFootprint, MemoryRun}
import mvt.orderbook.Engine

/** `mvt bench ...`: measurements that print figures, never pass/fail. */
object BenchCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    List(
      memory(t),
      ThroughputCommand.opts(t),
      LatencyCommand.opts(t),
      TraderBenchCommand.opts(t),
      ReportBenchCommand.opts(t),
      BacktestBenchCommand.opts(t),
      ClusterBenchCommand.opts(t),
      VenueBenchCommand.opts(t),
      FixBenchCommand.opts(t)
    ).reduce(_ orElse _)

  private def memory(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("memory", "Heap bytes per resting order, measured after full GCs.") {
      (
        Opt.checked(
          "orders",
          f"Resting orders to hold, at least ${MemoryFootprint.MinOrders}%,d (default 1000000).",
          "N",
          1000000,
          f"--orders must be at least ${MemoryFootprint.MinOrders}%,d: heap in use after full GCs is only known to within about a MiB, so a smaller book gives no meaningful bytes per order"
        )(_ >= MemoryFootprint.MinOrders),
        EngineOpt.engines("Engines to measure, comma-separated (default fast,lazy-cancel)").map(_.toList)
          .withDefault(List(Engine.Fast, Engine.LazyCancel)),
        Opt.json()
      ).mapN((orders, engines, json) =>
        BenchCommandRun("memory", t, Nil, List(json))(MemoryRun(orders, engines, json, _))
      )
    }
}
