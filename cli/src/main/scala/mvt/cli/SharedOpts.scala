package mvt.cli

import cats.data.Validated
import cats.syntax.all.*
import com.monovore.decline.{Argument, Opts}
import mvt.bench.BenchEngine
import mvt.core.Money
import mvt.orderbook.Engine
import mvt.portal.PortalServer
import mvt.workload.WorkloadProfile
import Named.given

import java.nio.file.Path

// the option builders and the option values that several commands share, each under its own name

/** `--fee-per-share F`: what each side of a fill pays per unit, an exact decimal within the bounds money takes. */
object FeeOpt {

  /** The largest fee per unit: with a quantity up to 10^9 a fill's fee stays a plain, exact amount. */
  val Max: java.math.BigDecimal = new java.math.BigDecimal("1000000")

  /** The option with its own help line. */
  def withHelp(help: String): Opts[java.math.BigDecimal] =
    Opts.option[String]("fee-per-share", help, metavar = "F").mapValidated(s =>
      Money.within(s, java.math.BigDecimal.ZERO, Max).leftMap(e => s"--fee-per-share: $e").toValidatedNel
    )

  val opts: Opts[java.math.BigDecimal] = withHelp("Fee charged to each side per unit filled (default 0).")
}

/** `--http-threads N`: the compute workers of the portal's own runtime, for `mvt serve` and its benchmark. */
object HttpThreadsOpt {

  val opts: Opts[Int] = Opt.int("http-threads", PortalServer.DefaultHttpThreads, 0 to 256, Opt.Words.Between)(
    s"Compute threads of the portal's own runtime; 0 serves on the process's, beside the ingest (default ${PortalServer.DefaultHttpThreads}: half the cores)."
  )
}

/** Command-line parsing of engine names: `--engine` everywhere, comma-separated where a list is taken. */
object EngineOpt {

  /** `--engine E`, default `fast`. */
  val single: Opts[Engine] =
    Opts.option[Engine]("engine", s"Matching engine (default fast).", metavar = "E").withDefault(Engine.Fast)

  /** `--baseline E` for comparisons, default `lazy-cancel`. */
  val baseline: Opts[Engine] = Opts.option[Engine](
    "baseline",
    "Engine to compare the fast one with (default lazy-cancel).",
    metavar = "E"
  ).withDefault(Engine.LazyCancel)

  /** `--engine E1,E2,...` of the engines themselves. */
  def engines(help: String): Opts[Vector[Engine]] =
    Named.list[Engine]("engine", s"$help (${summon[Named[Engine]].names}).", "E1,E2,...")

  /** `--engine E1,E2,...` of the benchmarkable engines, the peers included. */
  def benchEngines(help: String): Opts[Vector[BenchEngine]] =
    Named.list[BenchEngine]("engine", s"$help (${summon[Named[BenchEngine]].names}).", "E1,E2,...")
}

/** `--profile P`, `--symbols K` and repeated `--param name=value`, combined into one profile. */
object ProfileOpts {
  private val paramHelp =
    "Override one profile parameter; repeatable. Parameters: " +
      WorkloadProfile.params.map(p => s"${p.name} (${p.meaning})").mkString("; ") + "."

  val profile: Opts[WorkloadProfile] = (
    Opts.option[WorkloadProfile]("profile", "Order-flow profile (default normal).")
      .withDefault(WorkloadProfile.normal),
    Opts.option[Int]("symbols", "Symbols (default: the profile's, 20).", metavar = "K")
      .validate(s"--symbols must be between 1 and ${WorkloadProfile.MaxSymbols}")(
        (1 to WorkloadProfile.MaxSymbols).contains
      )
      .orNone,
    Opts.options[String]("param", paramHelp, metavar = "name=value").orEmpty
  ).tupled.mapValidated { (base, symbols, overrides) =>
    val withSymbols = symbols.fold(base)(k => base.copy(symbols = k))
    Validated.fromEither(WorkloadProfile.withOverrides(withSymbols, overrides)).toValidatedNel
  }

  val seed: Opts[Long] =
    Opts.option[Long]("seed", "Random seed (default 42).", metavar = "S").withDefault(42L)
}

/** The options of the benchmarks of the disk, `mvt bench venue` and `mvt bench fix`. */
object DiskBenchOpts {

  /** `--dir DIR`: the scratch directory of a benchmark of the disk (the venue's and the FIX gateway's). */
  val scratch: Opts[Path] =
    Opts.option[Path](
      "dir",
      "Scratch directory on the disk to measure (its files are replaced).",
      metavar = "DIR"
    )

  /** `--rates R,...`: open-loop rates of `what` (default `default`), each positive and `ok`, or `expected`. */
  def rates(what: String, default: String, expected: String, ok: Int => Boolean): Opts[Vector[Int]] =
    Opt.text("rates", "R,...")(s"Open-loop rates, $what, comma-separated (default $default).")
      .withDefault(default).mapValidated(s =>
        s.split(",").toVector.traverse(_.trim.toIntOption.filter(r => r > 0 && ok(r)))
          .toValidNel(s"--rates: expected $expected, found \"$s\"")
      )
}
