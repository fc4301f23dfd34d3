package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.{MachineInfo, MemoryFootprint, ThroughputBench}
import mvt.orderbook.Engine

/** `mvt bench ...`: measurements that print figures, never pass/fail. */
object BenchCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("bench", "Benchmarks: measured figures, with the machine described.") {
      memory(t) orElse ThroughputCommand.opts(t) orElse LatencyCommand.opts(t) orElse TraderBenchCommand.opts(
        t
      ) orElse ReportBenchCommand.opts(t) orElse BacktestBenchCommand.opts(t) orElse ClusterBenchCommand.opts(
        t
      ) orElse VenueBenchCommand.opts(t) orElse FixBenchCommand.opts(t)
    }

  private def memory(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("memory", "Heap bytes per resting order, measured after full GCs.") {
      (
        Opts.option[Int](
          "orders",
          f"Resting orders to hold, at least ${MemoryFootprint.MinOrders}%,d (default 1000000).",
          metavar = "N"
        )
          .withDefault(1000000)
          .validate(
            f"--orders must be at least ${MemoryFootprint.MinOrders}%,d: heap in use after full GCs is only known to within about a MiB, so a smaller book gives no meaningful bytes per order"
          )(_ >= MemoryFootprint.MinOrders),
        EngineOpt.engines("Engines to measure, comma-separated (default fast,lazy-cancel)")
          .map(_.toList)
          .withDefault(List(Engine.Fast, Engine.LazyCancel)),
        Opts.option[String]("json", "Also write the figures as JSON to FILE.", metavar = "FILE").orNone
      ).mapN { (orders, engines, json) =>
        Outputs.use("bench memory", t, Nil, List(json))(outputs =>
          Blocking {
            t.out.println(MachineInfo.describe)
            t.out.println(f"Resting $orders%,d orders on one book (20 a level, sparse prices):")
            val results = engines.map { e =>
              val r = MemoryFootprint.measure(e, orders)
              val arrays = r.arrayPerOrder.fold("")(b => f"   arrays+index: $b%6.1f B/order")
              // a heap that did not grow has no figure: a negative or zero B/order would only be noise
              val measured = r.measuredPerOrder.fold(MemoryFootprint.BelowResolution)(b => f"$b%7.1f B/order")
              t.out.println(f"  ${e.label}%-12s measured heap: $measured$arrays   (${r.levels}%,d levels)")
              r
            }
            json.foreach(path =>
              outputs.text(path, MemoryFootprint.json(results, ThroughputBench.machineJson))
            )
            ExitCode.Success
          }
        )
      }
    }
}
