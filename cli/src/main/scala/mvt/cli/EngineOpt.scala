package mvt.cli

import com.monovore.decline.Opts
import mvt.bench.BenchEngine
import mvt.orderbook.Engine
import Named.given

/** Command-line parsing of engine names: `--engine` everywhere, comma-separated where a list is taken. */
object EngineOpt {

  /** `--engine E`, default `fast`. */
  val single: Opts[Engine] =
    Opts.option[Engine]("engine", s"Matching engine (default fast).", metavar = "E").withDefault(Engine.Fast)

  /** `--baseline E` for comparisons, default `lazy-cancel`. */
  val baseline: Opts[Engine] =
    Opts.option[Engine](
      "baseline",
      "Engine to compare the fast one with (default lazy-cancel).",
      metavar = "E"
    )
      .withDefault(Engine.LazyCancel)

  /** `--engine E1,E2,...` of the engines themselves. */
  def engines(help: String): Opts[Vector[Engine]] =
    Named.list[Engine]("engine", s"$help (${summon[Named[Engine]].names}).", "E1,E2,...")

  /** `--engine E1,E2,...` of the benchmarkable engines, the peers included. */
  def benchEngines(help: String): Opts[Vector[BenchEngine]] =
    Named.list[BenchEngine]("engine", s"$help (${summon[Named[BenchEngine]].names}).", "E1,E2,...")
}
