package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.{MachineInfo, MemoryFootprint, ThroughputBench}
import mvt.orderbook.Engine
import EngineOpt.given

/** `mvt bench ...`: measurements that print figures, never pass/fail. */
object BenchCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("bench", "Benchmarks: measured figures, with the machine described.") {
      memory(t) orElse ThroughputCommand.opts(t) orElse LatencyCommand.opts(t) orElse TraderBenchCommand.opts(
        t
      )
    }

  private def memory(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("memory", "Heap bytes per resting order, measured after full GCs.") {
      (
        Opts.option[Int]("orders", "Resting orders to hold (default 1000000).", metavar = "N")
          .withDefault(1000000)
          .validate("--orders must be positive")(_ > 0),
        Opts.options[Engine](
          "engine",
          "Engine to measure; repeat for several (default fast and lazy-cancel)."
        )
          .map(_.toList)
          .withDefault(List(Engine.Fast, Engine.LazyCancel)),
        Opts.option[String]("json", "Also write the figures as JSON to FILE.", metavar = "FILE").orNone
      ).mapN { (orders, engines, json) =>
        Outputs.use("bench memory", t, Nil, List(json))(outputs =>
          IO.blocking {
            t.out.println(MachineInfo.describe)
            t.out.println(f"Resting $orders%,d orders on one book (20 a level, sparse prices):")
            val results = engines.map { e =>
              val r = MemoryFootprint.measure(e, orders)
              val arrays = r.arrayPerOrder.fold("")(b => f"   arrays+index: $b%6.1f B/order")
              t.out.println(
                f"  ${e.label}%-12s measured heap: ${r.measuredPerOrder}%7.1f B/order$arrays   (${r.levels}%,d levels)"
              )
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
