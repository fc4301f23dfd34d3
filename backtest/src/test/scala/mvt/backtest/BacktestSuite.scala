package mvt.backtest

import cats.effect.unsafe.implicits.global

import java.nio.file.Files

class BacktestSuite extends munit.FunSuite {
  import Fixtures.*

  private lazy val dir = write(generated(5, 8000, seed = 11L))

  test("the result is identical at parallelism 1, 2 and 8") {
    val days = DayFile.list(dir, None, None).toOption.get
    assertEquals(days.size, 5)
    for (kind <- StrategyKind.values) {
      val setup = Fixtures.setup(kind)
      val runs = List(1, 2, 8).map(n => Backtest.run(days, setup, n).unsafeRunSync())
      assert(runs.head.failures.isEmpty, runs.head.failures.toString)
      assertEquals(runs.head.results.map(_.date), days.map(_.date))
      assert(runs.head.results.exists(_.fills > 0), s"$kind traded nothing")
      runs.tail.foreach(r => assertEquals(r, runs.head))
    }
  }

  test("days of unequal size start largest first and come back in date order, as each day alone gives them") {
    val days = Fixtures.generated(4, 6000, seed = 5L).zipWithIndex.map { case ((d, b), i) =>
      d -> b.prefix(b.size / (i + 1))
    }
    val listed = DayFile.list(write(days), None, None).toOption.get
    assertEquals(Backtest.largestFirst(listed), Vector(0, 1, 2, 3))
    val reversed =
      DayFile.list(write(days.zip(days.reverse).map((a, b) => a._1 -> b._2)), None, None).toOption.get
    assertEquals(Backtest.largestFirst(reversed), Vector(3, 2, 1, 0))
    val setup = Fixtures.setup(StrategyKind.SpreadCapture)
    val out = Backtest.run(reversed, setup, 2).unsafeRunSync()
    assertEquals(out.results.map(_.date), reversed.map(_.date))
    assertEquals(out.results, reversed.flatMap(d => DayRun(d, setup).toOption))
  }

  test("a corrupt day fails the run with the day named; the days that completed are still reported") {
    val broken = Files.createTempDirectory("mvt-backtest-broken")
    val files = DayFile.list(dir, None, None).toOption.get
    files.foreach(f => Files.copy(f.path, broken.resolve(f.path.getFileName)))
    val bad = files(2)
    Files.writeString(
      broken.resolve(bad.path.getFileName),
      "time,2026-03-04T14:30:00Z\nadd,ACME,1,BUY,ten,5\n"
    )
    val days = DayFile.list(broken, None, None).toOption.get
    val out = Backtest.run(days, Fixtures.setup(StrategyKind.SpreadCapture), 2).unsafeRunSync()
    assertEquals(out.failure.map(_.day.date), Some(bad.date))
    assert(out.failure.exists(_.problem match {
      case DayProblem.Source(mvt.workload.SourceError.Format(e)) => e.line == 2L
      case _ => false
    }))
    assertEquals(out.results.map(_.date), files.map(_.date).filter(_ != bad.date))
  }

  test("the day range picks dates inclusively; two files for one date are refused") {
    val all = DayFile.list(dir, None, None).toOption.get
    val some = DayFile.list(dir, Some(all(1).date), Some(all(3).date)).toOption.get
    assertEquals(some.map(_.date), all.slice(1, 4).map(_.date))
    Files.copy(all(0).path, dir.resolve(s"${all(0).date}.mvtc"))
    try assert(DayFile.list(dir, None, None).isLeft)
    finally Files.delete(dir.resolve(s"${all(0).date}.mvtc"))
  }
}
