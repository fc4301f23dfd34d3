package mvt.analytics

import munit.ScalaCheckSuite
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

class ReturnsFrameSuite extends ScalaCheckSuite {

  private def series(symbol: String, start: Long, values: Double*) =
    new MinuteSeries(symbol, Minute.ofEpochMinute(start), IArray.from(values))

  test("aligns on the common minutes and orders columns by symbol") {
    val frame = ReturnsFrame.align(Seq(series("B", 10, 1, 2, 3, 4), series("A", 12, 5, 6, 7, 8)))
    assertEquals(frame.symbols, IndexedSeq("A", "B"))
    assertEquals(frame.start, Minute.ofEpochMinute(12))
    assertEquals(frame.rows, 2)
    assertEquals(frame.columns.map(_.toSeq), IndexedSeq(Seq(5.0, 6.0), Seq(3.0, 4.0)))
  }

  test("series with no minute in common give a frame with columns but no rows") {
    val frame = ReturnsFrame.align(Seq(series("A", 0, 1, 2), series("B", 5, 1, 2)))
    assertEquals(frame.symbols, IndexedSeq("A", "B"))
    assertEquals(frame.rows, 0)
  }

  test("an empty series empties the frame, and no series gives no columns") {
    assertEquals(ReturnsFrame.align(Seq(series("A", 0, 1, 2), series("B", 0))).rows, 0)
    assertEquals(ReturnsFrame.align(Nil).symbols, IndexedSeq.empty)
  }

  test("scaling divides each column by its own largest absolute value") {
    val frame =
      ReturnsFrame.align(Seq(series("A", 0, -1, -4, -2), series("B", 0, 0, 0, 0), series("C", 0, 3, -6, 1.5)))
    val scaled = frame.scaled(ReturnsCalculator.fastest)
    assertEquals(
      scaled.columns.map(_.toSeq),
      IndexedSeq(Seq(-0.25, -1.0, -0.5), Seq(0.0, 0.0, 0.0), Seq(0.5, -1.0, 0.25))
    )
  }

  private val seriesSet: Gen[List[MinuteSeries]] =
    Gen.choose(1, 5).flatMap { n =>
      Gen.listOfN(n, Gen.zip(Gen.choose(0L, 20L), SeriesGen.returns)).map(_.zipWithIndex.map {
        case ((start, values), i) =>
          new MinuteSeries(s"S$i", Minute.ofEpochMinute(start), values)
      })
    }

  property("the scaled frame stays in [-1, 1], keeps signs, and holds exactly the common minutes") {
    forAll(seriesSet) { all =>
      val aligned = ReturnsFrame.align(all)
      val scaled = aligned.scaled(ReturnsCalculator.fastest)
      val common = all.map(_.start).max.epochMinute until all.map(_.end).min.epochMinute
      assertEquals(scaled.rows, math.max(0, common.size))
      scaled.columns.zip(aligned.columns).zip(scaled.symbols).foreach { case ((column, raw), symbol) =>
        val source = all.find(_.symbol == symbol).get
        column.indices.foreach { row =>
          val original = source.values((aligned.minuteAt(row).minus(source.start)).toInt)
          assertEquals(raw(row), original)
          assert(column(row) >= -1.0 && column(row) <= 1.0)
          assertEquals(math.signum(column(row)), math.signum(original))
        }
      }
    }
  }
}
