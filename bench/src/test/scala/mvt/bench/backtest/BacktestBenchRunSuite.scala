package mvt.bench.backtest

import cats.effect.IO
import cats.effect.unsafe.implicits.global
import mvt.backtest.StrategyKind
import mvt.core.RunFailure

import java.io.{ByteArrayOutputStream, PrintStream}

/** What `mvt bench backtest` runs for its settings, and what it refuses. */
class BacktestBenchRunSuite extends munit.FunSuite {

  private def settings(generate: Option[(Int, Int)]) =
    BacktestBenchRun.Settings(2, 1000, StrategyKind.SpreadCapture, None, generate, 1, startup = false)

  private def run(s: BacktestBenchRun.Settings): (Either[RunFailure, Unit], String) = {
    val bytes = new ByteArrayOutputStream()
    val r = BacktestBenchRun.main(
      s,
      "none",
      new PrintStream(bytes, true, "UTF-8"),
      (n, c) =>
        IO(BacktestBench.days(n, c, 42L))
    ).unsafeRunSync()
    (r, bytes.toString("UTF-8"))
  }

  test("--generate-days without --data is refused, nothing run") {
    assertEquals(
      run(settings(Some((1, 1000)))),
      (Left(RunFailure.io("--generate-days needs --data DIR")), "")
    )
  }

  test("with no directory the generated days run in memory, the machine described first") {
    val (r, out) = run(settings(None))
    assertEquals(r, Right(()))
    val lines = out.linesIterator.toVector
    assert(lines.exists(_.startsWith("2 generated days of 1,000 commands")), out)
    assert(lines.exists(_.startsWith("run ")), out)
  }
}
