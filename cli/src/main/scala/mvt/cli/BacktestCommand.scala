package mvt.cli

import cats.data.Validated
import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.backtest.*
import mvt.cluster.fork.Launcher
import mvt.sweep.SweepRun
import Named.argument

import java.math.BigDecimal
import java.nio.file.Path
import java.time.LocalDate

/** `mvt backtest`: a strategy traded against recorded days through the real engine, one day per fiber. Wiring only. */
object BacktestCommand {

  given Named[StrategyKind] = Named("strategy", StrategyKind.values.toSeq)(_.label)

  /** A run, and the cluster to run its jobs on with the workers to fork there. */
  final case class Args(request: BacktestRun.Request, cluster: Option[(String, Int)], workers: Int)

  private val ParamForm = """([a-z]+)=(-?\d{1,18})""".r

  private def whole(name: String, help: String, default: Long, min: Long, max: Long) =
    Opts.option[String](name, s"$help (default $default).", metavar = "N").withDefault(default.toString)
      .mapValidated(t =>
        t.toLongOption.filter(v => v >= min && v <= max).toValidNel(
          s"--$name must be a whole number from $min to $max; got '$t'"
        )
      )

  private val dayRange: Opts[(Option[LocalDate], Option[LocalDate])] =
    Opts.option[String](
      "days",
      "The dates to run, FROM..TO inclusive (either may be left out), or one DATE.",
      metavar = "FROM..TO"
    )
      .mapValidated { text =>
        def date(s: String) =
          if (s.isEmpty) Validated.validNel(None)
          else scala.util.Try(LocalDate.parse(s)).toOption.map(Some(_))
            .toValidNel(s"--days: expected FROM..TO with dates YYYY-MM-DD, found \"$text\"")
        text.split("\\.\\.", -1) match {
          case Array(a, b) =>
            (date(a), date(b)).tupled.andThen {
              case (Some(f), Some(t)) if f.isAfter(t) =>
                Validated.invalidNel(s"--days: the range ends ($t) before it starts ($f)")
              case ok => Validated.validNel(ok)
            }
          case Array(a) if a.nonEmpty => date(a).map(d => (d, d))
          case _ => Validated.invalidNel(s"--days: expected FROM..TO with dates YYYY-MM-DD, found \"$text\"")
        }
      }.withDefault((None, None))

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "backtest",
      "Trade a strategy against recorded days through the real engine, with metrics."
    ) {
      (
        Opts.option[String](
          "data",
          "The days: a directory of YYYY-MM-DD.mvtc or .csv files (mvt generate --days).",
          metavar = "DIR"
        ),
        Opts.option[StrategyKind](
          "strategy",
          s"The strategy (${summon[Named[StrategyKind]].names}).",
          metavar = "NAME"
        ),
        Opts.options[String](
          "param",
          "A strategy parameter name=value; repeat for more (see docs/backtest.md).",
          metavar = "NAME=V"
        )
          .orEmpty.mapValidated(_.traverse {
            case ParamForm(n, v) => Validated.validNel(n -> v.toLong)
            case other => Validated.invalidNel(s"--param: expected name=whole number, found \"$other\"")
          }),
        Opts.options[String](
          "sweep",
          "Sweep a parameter: name=A..B or name=A,B,...; repeat for a grid.",
          metavar = "NAME=VALUES"
        )
          .orEmpty.mapValidated(_.traverse(s =>
            Sweep.Axis.parse(s).leftMap(e => s"--sweep: $e").toValidatedNel
          )),
        dayRange,
        whole("parallelism", "Days run at once", Runtime.getRuntime.availableProcessors.toLong, 1, 1024).map(
          _.toInt
        ),
        Opts.option[String](
          "capital",
          "The capital C that daily returns are taken on (default 1000000).",
          metavar = "C"
        )
          .withDefault("1000000").mapValidated(c =>
            mvt.core.Money.within(c, Metrics.MinCapital, Metrics.MaxCapital).leftMap(e => s"--capital: $e")
              .toValidatedNel
          ),
        whole(
          "latency-us",
          "Microseconds of session clock from a quote change to the strategy's order",
          0,
          0,
          86400000000L
        ),
        FeeOpt.withHelp("Fee per unit the strategy fills (default 0).").withDefault(BigDecimal.ZERO),
        whole("max-position", "Largest position either way in any symbol, in units", 1000, 1, 1000000000),
        whole(
          "account",
          "The strategy's account; keep it apart from the recorded flow's",
          Int.MaxValue.toLong,
          1,
          Int.MaxValue.toLong
        ).map(_.toInt),
        Opts.option[String]("json", "Also write the days and metrics as JSON to FILE.", metavar = "FILE").orNone,
        Opts.option[String](
          "html",
          "Also write a self-contained HTML report (equity and daily PnL) to FILE.",
          metavar = "FILE"
        ).orNone,
        Opts.option[String](
          "cluster",
          "Run the (combination, day) jobs on a cluster: start its first node on HOST:PORT, which workers join " +
            "(mvt worker --seed HOST:PORT, or --workers).",
          metavar = "HOST:PORT"
        ).mapValidated(ClusterOpts.hostPort).orNone,
        Opts.option[Int](
          "workers",
          "With --cluster: fork N worker JVMs on this machine, each running --parallelism jobs (default 0: wait " +
            "for mvt worker nodes).",
          metavar = "N"
        ).withDefault(0).validate("--workers must be 0 to 64")(n => n >= 0 && n <= 64)
      ).mapN { (d, s, p, sw, r, par, c, l, f, m, acc, j, h, cluster, workers) =>
        Args(BacktestRun.Request(d, s, p, sw, r._1, r._2, par, c, l, f, m, acc, j, h), cluster, workers)
      }.mapValidated { a =>
        val r = a.request
        if (r.sweeps.nonEmpty && (r.json.isDefined || r.html.isDefined))
          Validated.invalidNel("--json and --html report a single run, not a --sweep")
        else if (a.workers > 0 && a.cluster.isEmpty)
          Validated.invalidNel("--workers needs --cluster HOST:PORT")
        else if (r.sweeps.exists(s => r.params.exists(_._1 == s.name)))
          Validated.invalidNel("a parameter is given both by --param and --sweep")
        else Validated.validNel(a)
      }.map(run(_, t))
    }

  def run(a: Args, t: Terminal): IO[ExitCode] =
    BacktestRun.plan(a.request) match {
      case Left(e) => IO(t.err.println(s"mvt backtest: $e")).as(Cli.Failure)
      case Right(planned) =>
        val where =
          a.cluster.map((host, port) => SweepRun.Where(host, port, a.workers, a.request.parallelism))
        val remote = where.map(SweepRun.remote(_, workerLauncher, t.err))
        Outputs.use("backtest", t, planned.inputs, List(a.request.json, a.request.html)) { outputs =>
          BacktestRun.run(planned, remote, ProgressBar(t.err), t.out, t.err, outputs.text)
        }
    }

  // a worker JVM: this JVM's java and class path, a 1 GB heap for its days
  private def workerLauncher: Launcher = Launcher(
    Vector(
      Path.of(System.getProperty("java.home"), "bin", "java").toString,
      "-Xmx1g",
      "-XX:+UseParallelGC",
      "-cp",
      System.getProperty("java.class.path"),
      "mvt.cli.Main"
    )
  )
}
