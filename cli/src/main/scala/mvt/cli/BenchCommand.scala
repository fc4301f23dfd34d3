package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.{BenchConsole, MemoryFootprint, MemoryRun}
import mvt.core.Interrupts
import mvt.orderbook.Engine

/** `mvt bench ...`: measurements that print figures, never pass/fail. */
object BenchCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("bench", "Benchmarks: measured figures, with the machine described.") {
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
    }

  /** Runs a benchmark's blocking work with its outputs open, as `mvt bench name`; status 0 once it ends. */
  def run(name: String, t: Terminal, inputs: List[String], outputs: List[Option[String]])(
      body: BenchConsole => Unit
  ): IO[ExitCode] = use(name, t, inputs, outputs)(c => Blocking(body(c)).as(ExitCode.Success))

  /** Runs `body` with the benchmark's outputs open, after it loads its input: the status is `body`'s. */
  def use(name: String, t: Terminal, inputs: List[String], outputs: List[Option[String]])(
      body: BenchConsole => IO[ExitCode]
  ): IO[ExitCode] = Outputs.use(s"bench $name", t, inputs, outputs)(o => body(console(t, o)))

  /** Runs the work of `body` on the input `loaded`, or ends with its status when it could not be loaded. */
  def loaded[A](loaded: IO[Either[ExitCode, A]])(body: A => Unit): IO[ExitCode] =
    loaded.flatMap(_.fold(IO.pure, a => Blocking(body(a)).as(ExitCode.Success)))

  // the terminal, the opened outputs and the interrupt handler's records, as a benchmark sees them
  private def console(t: Terminal, o: Outputs.Opened): BenchConsole = BenchConsole(
    t.out,
    t.err,
    new BenchConsole.Files {
      def stream(path: String): java.io.OutputStream = o(path)
      def text(path: String, text: String): Unit = o.text(path, text)
    },
    Interrupts.done,
    Interrupts.remember
  )

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
        run("memory", t, Nil, List(json))(MemoryRun(orders, engines, json, _))
      )
    }
}
