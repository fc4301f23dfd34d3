package mvt.backtest

import cats.effect.IO
import cats.syntax.all.*

import java.math.BigDecimal
import java.util.concurrent.atomic.AtomicInteger

/**
 * A parameter sweep: every combination of the axes' values, each run over the same days, all (combination, day)
 * pairs sharing one pool of `parallelism` fibers, ranked by Sharpe (undefined last, then by total PnL).
 */
object Sweep {

  /** One swept parameter and its values. */
  final case class Axis(name: String, values: Vector[Long])

  object Axis {
    private val RangeForm = """([a-z]+)=(-?\d+)\.\.(-?\d+)""".r
    private val ListForm = """([a-z]+)=(-?\d+(?:,-?\d+)*)""".r

    /** `name=A..B` (every whole number from A to B) or `name=A,B,...`; at most 10,000 values. */
    def parse(text: String): Either[String, Axis] = text match {
      case RangeForm(n, a, b) =>
        val (lo, hi) = (a.toLong, b.toLong)
        if (hi < lo) Left(s"$text: the range is empty")
        else if (hi - lo >= 10000) Left(s"$text: more than 10,000 values")
        else Right(Axis(n, (lo to hi).toVector))
      case ListForm(n, vs) => Right(Axis(n, vs.split(',').toVector.map(_.toLong).distinct))
      case _ => Left(s"expected name=A..B or name=A,B,..., found \"$text\"")
    }
  }

  /** The most (combination, day) jobs one sweep runs: beyond it a sweep would run for days, and is refused. */
  val MaxJobs: Long = 100000L

  /** How many jobs the grid of `axes` over `dayCount` days is, or why it is refused: above [[MaxJobs]]. */
  def jobs(axes: Vector[Axis], dayCount: Int): Either[String, Long] = {
    // each axis has at most 10,000 values: the product is capped before it can overflow
    val combos = axes.foldLeft(1L)((n, a) => math.min(n * a.values.size, MaxJobs + 1))
    val jobs = BigInt(combos) * dayCount
    if (jobs > MaxJobs) {
      val all = axes.map(a => BigInt(a.values.size)).product
      Left(
        f"the grid is $all%,d combinations over $dayCount%,d day${if (dayCount == 1) "" else "s"}, " +
          f"${all * dayCount}%,d jobs; a sweep runs at most " +
          f"$MaxJobs%,d: narrow an axis or the --days range"
      )
    } else Right(jobs.toLong)
  }

  /**
   * What a run over `dayCount` days trades: the one spec of `fixed` when there is no axis, else every combination
   * of the grid, its size checked ([[jobs]]) before any is built; or why not.
   */
  def plan(
      kind: StrategyKind,
      fixed: Seq[(String, Long)],
      axes: Vector[Axis],
      dayCount: Int
  ): Either[String, Vector[StrategySpec]] =
    if (axes.isEmpty) StrategySpec.of(kind, fixed).map(Vector(_))
    else jobs(axes, dayCount).left.map(e => s"--sweep: $e").flatMap(_ => specs(kind, fixed, axes))

  /** The specs of every combination of `axes` over `fixed` parameters, or the first one the strategy refuses. */
  def specs(
      kind: StrategyKind,
      fixed: Seq[(String, Long)],
      axes: Vector[Axis]
  ): Either[String, Vector[StrategySpec]] = {
    val combos = axes.foldLeft(Vector(Vector.empty[(String, Long)])) { (acc, axis) =>
      for { c <- acc; v <- axis.values } yield c :+ (axis.name -> v)
    }
    combos.traverse(c => StrategySpec.of(kind, fixed ++ c))
  }

  /** One combination's outcome and metrics. */
  final case class Row(spec: StrategySpec, outcome: Backtest.Outcome, metrics: Metrics)

  /**
   * Runs every (combination, day) job on `parallelism` workers that take the jobs in combination-major order, and
   * folds each combination into its row as soon as its last day ends: what is held at once is the rows and the
   * days of the few combinations under way, not every job's result. The rows are the ones [[assemble]] gives.
   */
  def run(
      specs: Vector[StrategySpec],
      days: Vector[DayFile],
      base: DaySetup,
      capital: BigDecimal,
      parallelism: Int,
      done: Either[DayFailure, DayResult] => IO[Unit] = _ => IO.unit
  ): IO[Vector[Row]] = IO.defer {
    val n = days.size
    val total = specs.size * n
    val next = new AtomicInteger(0)
    val rows = new Array[Row](specs.size)
    // the days of each combination under way, by day index; guarded by `open`
    val open = scala.collection.mutable.HashMap.empty[Int, Array[Either[DayFailure, DayResult]]]
    def finish(job: Int, r: Either[DayFailure, DayResult]): Unit = {
      val s = job / n
      val complete = open.synchronized {
        val slots = open.getOrElseUpdate(s, new Array(n))
        slots(job % n) = r
        if (slots.forall(_ != null)) { open.remove(s); Some(slots) }
        else None
      }
      complete.foreach(slots => rows(s) = row(specs(s), slots.toVector, capital))
    }
    def worker: IO[Unit] = IO(next.getAndIncrement()).flatMap { job =>
      if (job >= total) IO.unit
      else
        IO.blocking(DayRun(days(job % n), base.copy(strategy = specs(job / n))))
          .flatTap(done)
          .flatMap(r => IO(finish(job, r))) >> worker
    }
    (1 to math.max(1, math.min(parallelism, total))).toList.parTraverse_(_ => worker)
      >> IO(rank(if (n == 0) specs.map(row(_, Vector.empty, capital)) else rows.toVector))
  }

  private def row(
      spec: StrategySpec,
      results: Vector[Either[DayFailure, DayResult]],
      capital: BigDecimal
  ): Row = {
    val o = Backtest.outcome(results)
    Row(spec, o, Metrics.of(o.results, capital))
  }

  /**
   * The ranked rows of a sweep from the outcome of every (combination, day) job, combination-major: job
   * `s * dayCount + d` is combination `s` on day `d`. Wherever the jobs ran, the same outcomes give the same rows.
   */
  def assemble(
      specs: Vector[StrategySpec],
      dayCount: Int,
      results: Vector[Either[DayFailure, DayResult]],
      capital: BigDecimal
  ): Vector[Row] = {
    require(results.size == specs.size * dayCount, "one outcome per (combination, day)")
    rank(specs.indices.toVector.map(s =>
      row(specs(s), results.slice(s * dayCount, (s + 1) * dayCount), capital)
    ))
  }

  /** Best Sharpe first; an undefined Sharpe after every defined one; ties by total PnL, then as given. */
  def rank(rows: Vector[Row]): Vector[Row] =
    rows.sortWith { (a, b) =>
      (a.metrics.sharpe, b.metrics.sharpe) match {
        case (Some(x), Some(y)) if x != y => x > y
        case (Some(_), None) => true
        case (None, Some(_)) => false
        case _ => a.metrics.totalPnl.compareTo(b.metrics.totalPnl) > 0
      }
    }
}
