package mvt.cli

import cats.data.Validated
import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.backtest.*
import mvt.core.Account
import mvt.orderbook.Engine
import mvt.trader.orders.OrderRules
import Named.argument

import java.math.BigDecimal
import java.nio.file.Path
import java.time.LocalDate

/** `mvt backtest`: a strategy traded against recorded days through the real engine, one day per fiber. Wiring only. */
object BacktestCommand {

  given Named[StrategyKind] = Named("strategy", StrategyKind.values.toSeq)(_.label)

  final case class Args(
      data: String,
      strategy: StrategyKind,
      params: List[(String, Long)],
      sweeps: List[Sweep.Axis],
      from: Option[LocalDate],
      to: Option[LocalDate],
      parallelism: Int,
      capital: BigDecimal,
      latencyUs: Long,
      fee: BigDecimal,
      maxPosition: Long,
      account: Int,
      json: Option[String],
      html: Option[String],
      cluster: Option[(String, Int)],
      workers: Int
  )

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
      ).mapN {
        (
            data,
            strategy,
            params,
            sweeps,
            range,
            par,
            capital,
            latency,
            fee,
            max,
            account,
            json,
            html,
            cluster,
            workers
        ) =>
          Args(
            data,
            strategy,
            params,
            sweeps,
            range._1,
            range._2,
            par,
            capital,
            latency,
            fee,
            max,
            account,
            json,
            html,
            cluster,
            workers
          )
      }.mapValidated { a =>
        if (a.sweeps.nonEmpty && (a.json.isDefined || a.html.isDefined))
          Validated.invalidNel("--json and --html report a single run, not a --sweep")
        else if (a.workers > 0 && a.cluster.isEmpty)
          Validated.invalidNel("--workers needs --cluster HOST:PORT")
        else if (a.sweeps.exists(s => a.params.exists(_._1 == s.name)))
          Validated.invalidNel("a parameter is given both by --param and --sweep")
        else Validated.validNel(a)
      }.map(run(_, t))
    }

  def run(a: Args, t: Terminal): IO[ExitCode] = {
    val listed = DayFile.list(Path.of(a.data), a.from, a.to)
    // a grid is built only over days that are there: its size is checked against them first
    val axes = if (listed.exists(_.nonEmpty)) a.sweeps.toVector else Vector.empty
    val specs = Sweep.plan(a.strategy, a.params, axes, listed.fold(_ => 0, _.size))
    (specs, listed) match {
      case (Left(e), _) => IO(t.err.println(s"mvt backtest: $e")).as(Cli.Failure)
      case (_, Left(e)) => IO(t.err.println(s"mvt backtest: $e")).as(Cli.Failure)
      case (_, Right(days)) if days.isEmpty =>
        IO(t.err.println(
          s"mvt backtest: no days in ${a.data}${a.from.orElse(a.to).fold("")(_ => " in the --days range")}"
        )).as(Cli.Failure)
      case (Right(ss), Right(days)) =>
        val setup = DaySetup(
          ss.head,
          OrderRules(Account(a.account), a.latencyUs * 1000L, a.maxPosition),
          a.fee,
          Engine.Fast
        )
        Outputs.use("backtest", t, days.map(_.path.toString).toList, List(a.json, a.html)) { outputs =>
          val bar = ProgressBar(t.err)
          val total = ss.size * days.size
          val lock = new Object
          var done = 0
          val progress: Either[DayFailure, DayResult] => IO[Unit] =
            _ => IO(lock.synchronized { done += 1; bar.update(done, total) })
          // on a cluster, the outcome of every (combination, day) job; the same outcomes give the same output
          val onCluster = a.cluster.map { (host, port) =>
            val where = ClusterBacktest.Where(host, port, a.workers, a.parallelism)
            val drawn: Int => Unit = n => lock.synchronized(bar.update(n, total))
            ClusterBacktest.run(where, mvt.sweep.SweepPlan(ss, days, setup), drawn, t.err)
          }
          val t0 = System.nanoTime()
          IO(bar.start(if (ss.size > 1) "runs" else "days")) *>
            (if (a.sweeps.isEmpty) {
               val outcome = onCluster.fold(Backtest.run(days, setup, a.parallelism, progress).map(Right(_)))(
                 _.map(_.map(Backtest.outcome))
               )
               single(a, setup, days, outcome, outputs, t, bar, t0)
             } else {
               val rows =
                 onCluster.fold(Sweep.run(ss, days, setup, a.capital, a.parallelism, progress).map(Right(_)))(
                   _.map(_.map(Sweep.assemble(ss, days.size, _, a.capital)))
                 )
               sweep(a, ss, days, rows, t, bar, t0)
             })
        }
    }
  }

  private def finished(bar: ProgressBar, n: Int, what: String, t0: Long): IO[Unit] =
    IO(bar.end(f"$n%,d $what done in ${(System.nanoTime() - t0) / 1e6}%.0f ms"))

  private def single(
      a: Args,
      setup: DaySetup,
      days: Vector[DayFile],
      outcome: IO[Either[String, Backtest.Outcome]],
      outputs: Outputs.Opened,
      t: Terminal,
      bar: ProgressBar,
      t0: Long
  ): IO[ExitCode] =
    outcome.flatMap {
      case Left(e) => clusterFailed(e, t)
      case Right(out) =>
        finished(bar, days.size, "days", t0) *> Blocking {
          val m = Metrics.of(out.results, a.capital)
          SummaryText.single(setup.strategy, out.results, m, days.size).foreach(t.out.println)
          out.failure match {
            case None =>
              a.json.foreach(p => outputs.text(p, JsonReport(setup.strategy, out.results, m).spaces2))
              a.html.foreach(p => outputs.text(p, HtmlReport(setup.strategy, out.results, m, a.capital)))
              ExitCode.Success
            case Some(f) => failed(f, out.failures.size, t)
          }
        }
    }

  private def sweep(
      a: Args,
      specs: Vector[StrategySpec],
      days: Vector[DayFile],
      ranked: IO[Either[String, Vector[Sweep.Row]]],
      t: Terminal,
      bar: ProgressBar,
      t0: Long
  ): IO[ExitCode] =
    ranked.flatMap {
      case Left(e) => clusterFailed(e, t)
      case Right(rows) =>
        finished(bar, specs.size * days.size, "runs", t0) *> Blocking {
          SummaryText.sweep(a.strategy, specs.size, days.size, rows).foreach(t.out.println)
          rows.flatMap(_.outcome.failures).sortBy(_.day.date.toEpochDay).headOption match {
            case None => ExitCode.Success
            case Some(f) => failed(f, rows.map(_.outcome.failures.size).sum, t)
          }
        }
    }

  private def clusterFailed(e: String, t: Terminal): IO[ExitCode] =
    IO(t.err.println(s"mvt backtest: $e")).as(Cli.Failure)

  // the first failing day by date, named; the days that completed were printed above
  private def failed(f: DayFailure, count: Int, t: Terminal): ExitCode = {
    val path = f.day.path.toString
    val more = if (count > 1) s" (and ${count - 1} more failed day(s))" else ""
    f.problem match {
      case DayProblem.Source(e) =>
        t.err.println(s"${BadInput(e).render("backtest", path)}: day ${f.day.date} failed$more")
        Cli.BadData
      case DayProblem.Collision(id) =>
        t.err.println(
          s"mvt backtest: $path: order id $id is in the strategy's range (2^62 and up): day ${f.day.date} failed$more"
        )
        Cli.BadData
      case DayProblem.Io(message) =>
        t.err.println(s"mvt backtest: $path: cannot read: $message: day ${f.day.date} failed$more")
        Cli.Failure
    }
  }
}
