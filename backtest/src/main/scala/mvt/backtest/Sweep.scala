package mvt.backtest

import cats.effect.IO
import cats.effect.syntax.all.*
import cats.syntax.all.*

import java.math.BigDecimal

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

  def run(
      specs: Vector[StrategySpec],
      days: Vector[DayFile],
      base: DaySetup,
      capital: BigDecimal,
      parallelism: Int,
      done: Either[DayFailure, DayResult] => IO[Unit] = _ => IO.unit
  ): IO[Vector[Row]] = {
    val jobs = for { s <- specs.indices.toVector; d <- days } yield (s, d)
    jobs.parTraverseN(parallelism) { (s, d) =>
      IO.blocking(DayRun(d, base.copy(strategy = specs(s)))).flatTap(done)
    }.map(assemble(specs, days.size, _, capital))
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
    val rows = specs.indices.toVector.map { s =>
      val o = Backtest.outcome(results.slice(s * dayCount, (s + 1) * dayCount))
      Row(specs(s), o, Metrics.of(o.results, capital))
    }
    rank(rows)
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
