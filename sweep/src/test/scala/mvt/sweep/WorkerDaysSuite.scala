package mvt.sweep

import mvt.backtest.DayFile

import java.nio.file.Path
import java.time.LocalDate

/** Where `mvt worker` reads a job's day: at the path the sweep names, or under its own `--data` by file name. */
class WorkerDaysSuite extends munit.FunSuite {

  private val day = DayFile(LocalDate.of(2026, 3, 4), Path.of("/sweep/days/2026-03-04.csv"))

  test("without a directory the day is read where the sweep names it") {
    assertEquals(SweepRun.daysUnder(None)(day), day)
  }

  test("with a directory the day is read under it by its file name, its date kept") {
    assertEquals(
      SweepRun.daysUnder(Some(Path.of("/local/data")))(day),
      DayFile(day.date, Path.of("/local/data/2026-03-04.csv"))
    )
  }

  test("a --data that is not a directory is refused before the node starts") {
    val file = java.nio.file.Files.createTempFile("worker-days", ".csv")
    val out = new java.io.ByteArrayOutputStream()
    val r =
      SweepRun.workerMain("127.0.0.1", 0, "127.0.0.1:1", 1, Some(file.toString), new java.io.PrintStream(out))
    assertEquals(r, Left(s"$file is not a directory"))
    assertEquals(out.size, 0)
  }
}
