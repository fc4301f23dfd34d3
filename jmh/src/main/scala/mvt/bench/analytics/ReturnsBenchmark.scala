package mvt.bench.analytics

import java.util.concurrent.TimeUnit

import scala.compiletime.uninitialized

import mvt.analytics.{ArrayReturns, CforReturns}
import mvt.analytics.baseline.{ListReturns, VectorReturns}
import org.openjdk.jmh.annotations.*

/**
 * The roll-up sweep: lagged returns of one midpoint series through each [[mvt.analytics.ReturnsCalculator]],
 * the `List` baseline first. Each benchmark reads its own copy of the same series, prepared in setup.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Array(Mode.AverageTime))
@OutputTimeUnit(TimeUnit.MICROSECONDS)
class ReturnsBenchmark {

  @Param(Array("1440", "28800"))
  var points: Int = uninitialized

  @Param(Array("10", "60", "120"))
  var rollup: Int = uninitialized

  private var listSeries: List[Double] = uninitialized
  private var vectorSeries: Vector[Double] = uninitialized
  private var arraySeries: IArray[Double] = uninitialized

  @Setup
  def setup(): Unit = {
    val midpoints = SyntheticSeries.midpoints(points, seed = 29L)
    listSeries = ListReturns.fromIArray(midpoints)
    vectorSeries = VectorReturns.fromIArray(midpoints)
    arraySeries = midpoints
  }

  @Benchmark
  def list(): List[Double] = ListReturns.returns(listSeries, rollup)

  @Benchmark
  def vector(): Vector[Double] = VectorReturns.returns(vectorSeries, rollup)

  @Benchmark
  def array(): IArray[Double] = ArrayReturns.returns(arraySeries, rollup)

  @Benchmark
  def cfor(): IArray[Double] = CforReturns.returns(arraySeries, rollup)
}
