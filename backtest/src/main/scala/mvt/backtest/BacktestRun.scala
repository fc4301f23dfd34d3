package mvt.backtest

import cats.effect.{ExitCode, IO}
import mvt.core.Account
import mvt.orderbook.Engine
import mvt.trader.orders.OrderRules
import mvt.workload.SourceError

import java.io.PrintStream
import java.math.BigDecimal
import java.nio.file.Path
import java.time.LocalDate

/**
 * `mvt backtest` from its request to its exit status: the days listed and the grid planned (a refusal is one
 * line, status 1), then every (combination, day) job run here or by `remote`, the summary printed, the JSON and
 * HTML reports of a single run written through `write`, and the first failing day named (bad data status 2).
 */
object BacktestRun {

  /** What was asked for; `json` and `html` name a single run's reports. */
  final case class Request(
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
      html: Option[String]
  )

  /** The jobs a request makes, over the days that are there. */
  final case class Planned(
      request: Request,
      specs: Vector[StrategySpec],
      days: Vector[DayFile],
      setup: DaySetup
  ) {

    /** The day files, as the inputs no output may overwrite. */
    def inputs: List[String] = days.map(_.path.toString).toList
  }

  /** A progress display: a phase started, redrawn with jobs done of all, and closed with a line. */
  type Progress = mvt.core.Progress

  /** Runs every (combination, day) job elsewhere (a cluster), calling back with the jobs done so far. */
  type Remote = (Vector[StrategySpec], Vector[DayFile], DaySetup, Int => Unit) => IO[
    Either[String, Vector[Either[DayFailure, DayResult]]]
  ]

  private val Failure = ExitCode(1)
  private val BadData = ExitCode(2)

  /** The days and jobs of `r`, or why there are none. */
  def plan(r: Request): Either[String, Planned] = {
    val listed = DayFile.list(Path.of(r.data), r.from, r.to)
    // a grid is built only over days that are there: its size is checked against them first
    val axes = if (listed.exists(_.nonEmpty)) r.sweeps.toVector else Vector.empty
    val specs = Sweep.plan(r.strategy, r.params, axes, listed.fold(_ => 0, _.size))
    (specs, listed) match {
      case (Left(e), _) => Left(e)
      case (_, Left(e)) => Left(e)
      case (_, Right(days)) if days.isEmpty =>
        Left(s"no days in ${r.data}${r.from.orElse(r.to).fold("")(_ => " in the --days range")}")
      case (Right(ss), Right(days)) =>
        val rules = OrderRules(Account(r.account), r.latencyUs * 1000L, r.maxPosition)
        Right(Planned(r, ss, days, DaySetup(ss.head, rules, r.fee, Engine.Fast)))
    }
  }

  /**
   * Runs `p`'s jobs (on `remote` when given), prints the summary on `out` and any failure on `err`, and writes a
   * single run's reports through `write(path, text)`.
   */
  def run(
      p: Planned,
      remote: Option[Remote],
      bar: Progress,
      out: PrintStream,
      err: PrintStream,
      write: (String, String) => Unit
  ): IO[ExitCode] = {
    val a = p.request
    val total = p.specs.size * p.days.size
    val lock = new Object
    var done = 0
    val progress: Either[DayFailure, DayResult] => IO[Unit] =
      _ => IO(lock.synchronized { done += 1; bar.update(done, total) })
    // on a cluster, the outcome of every (combination, day) job; the same outcomes give the same output
    val onCluster = remote.map { jobs =>
      val drawn: Int => Unit = n => lock.synchronized(bar.update(n, total))
      jobs(p.specs, p.days, p.setup, drawn)
    }
    val t0 = System.nanoTime()
    def finished(n: Int, what: String) =
      IO(bar.end(f"$n%,d $what done in ${(System.nanoTime() - t0) / 1e6}%.0f ms"))
    def clusterFailed(e: String) = IO(err.println(s"mvt backtest: $e")).as(Failure)
    IO(bar.start(if (p.specs.size > 1) "runs" else "days")) *>
      (if (a.sweeps.isEmpty)
         onCluster.fold(Backtest.run(p.days, p.setup, a.parallelism, progress).map(Right(_)))(
           _.map(_.map(Backtest.outcome))
         ).flatMap {
           case Left(e) => clusterFailed(e)
           case Right(outcome) =>
             finished(p.days.size, "days") *> IO.blocking(single(p, outcome, out, err, write))
         }
       else
         onCluster.fold(
           Sweep.run(p.specs, p.days, p.setup, a.capital, a.parallelism, progress).map(Right(_))
         )(
           _.map(_.map(Sweep.assemble(p.specs, p.days.size, _, a.capital)))
         ).flatMap {
           case Left(e) => clusterFailed(e)
           case Right(rows) => finished(total, "runs") *> IO.blocking(sweep(p, rows, out, err))
         })
  }

  private def single(
      p: Planned,
      o: Backtest.Outcome,
      out: PrintStream,
      err: PrintStream,
      write: (String, String) => Unit
  ): ExitCode = {
    val m = Metrics.of(o.results, p.request.capital)
    SummaryText.single(p.setup.strategy, o.results, m, p.days.size).foreach(out.println)
    o.failure match {
      case None =>
        p.request.json.foreach(write(_, JsonReport(p.setup.strategy, o.results, m).spaces2))
        p.request.html.foreach(write(_, HtmlReport(p.setup.strategy, o.results, m, p.request.capital)))
        ExitCode.Success
      case Some(f) => failed(f, o.failures.size, err)
    }
  }

  private def sweep(p: Planned, rows: Vector[Sweep.Row], out: PrintStream, err: PrintStream): ExitCode = {
    SummaryText.sweep(p.request.strategy, p.specs.size, p.days.size, rows).foreach(out.println)
    rows.flatMap(_.outcome.failures).sortBy(_.day.date.toEpochDay).headOption match {
      case None => ExitCode.Success
      case Some(f) => failed(f, rows.map(_.outcome.failures.size).sum, err)
    }
  }

  // the first failing day by date, named; the days that completed were printed above
  private def failed(f: DayFailure, count: Int, err: PrintStream): ExitCode = {
    val path = f.day.path.toString
    val more = if (count > 1) s" (and ${count - 1} more failed day(s))" else ""
    val day = s"day ${f.day.date} failed$more"
    val v = mvt.core.FormatError.visible
    f.problem match {
      case DayProblem.Source(SourceError.Format(e)) =>
        err.println(s"mvt backtest: $path: line ${e.line}: ${v(e.detail)}: $day")
        BadData
      case DayProblem.Source(SourceError.Log(e)) =>
        err.println(s"mvt backtest: $path: byte offset ${e.offset}: ${v(e.detail)}: $day")
        BadData
      case DayProblem.Collision(id) =>
        err.println(s"mvt backtest: $path: order id $id is in the strategy's range (2^62 and up): $day")
        BadData
      case DayProblem.Io(message) =>
        err.println(s"mvt backtest: $path: cannot read: $message: $day")
        Failure
    }
  }
}
