package mvt.bench.reporting

import java.util.concurrent.TimeUnit

import scala.compiletime.uninitialized

import org.openjdk.jmh.annotations.*

/**
 * A strict `List` pipeline against the same pipeline through a `view`, for one, two and three transforms
 * (a map; a map then a filter; two maps then a filter), each ended by the same reduce, at 10, 1,000 and
 * 1,000,000 elements: the shape of the comparison in "Scala High Performance Programming" (the firm's book),
 * measured as throughput. The strict pipeline builds a list per transform; the view fuses them into one pass.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Array(Mode.Throughput))
@OutputTimeUnit(TimeUnit.SECONDS)
class ViewBench {

  @Param(Array("10", "1000", "1000000"))
  var size: Int = uninitialized

  private var numbers: List[Int] = uninitialized

  @Setup
  def setup(): Unit = numbers = List.tabulate(size)(_ + 1)

  @Benchmark
  def oneTransformList: Int = numbers.map(_ * 2).foldLeft(0)(_ + _)

  @Benchmark
  def oneTransformView: Int = numbers.view.map(_ * 2).foldLeft(0)(_ + _)

  @Benchmark
  def twoTransformsList: Int = numbers.map(_ * 2).filter(_ % 3 == 0).foldLeft(0)(_ + _)

  @Benchmark
  def twoTransformsView: Int = numbers.view.map(_ * 2).filter(_ % 3 == 0).foldLeft(0)(_ + _)

  @Benchmark
  def threeTransformsList: Int = numbers.map(_ * 2).map(_ + 7).filter(_ % 3 == 0).foldLeft(0)(_ + _)

  @Benchmark
  def threeTransformsView: Int = numbers.view.map(_ * 2).map(_ + 7).filter(_ % 3 == 0).foldLeft(0)(_ + _)
}
