package mvt.cli

import mvt.core.files.FileTree
import java.nio.file.{Files as JFiles, Path}

/**
 * `mvt backtest` keeps the contract every command keeps: no input overwritten, extreme values refused with a
 * message naming the option, a grid too large to run refused with its size, a partial result labelled.
 */
class BacktestRefusalSuite extends munit.FunSuite {

  private var dir: Path = null

  override def beforeAll(): Unit = {
    dir = JFiles.createTempDirectory("mvt-backtest-refusal")
    CliRun.generate(dir, days = 3, accounts = 20, commands = 3000)
  }

  override def afterAll(): Unit = FileTree.delete(dir)

  private def backtest(more: String*): CliRun.Result =
    CliRun(("backtest" +: "--data" +: dir.toString +: "--strategy" +: "spread-capture" +: more)*)()

  test("--json or --html naming one of the days read is refused, and the day is left as it was") {
    val day = dir.resolve("2026-03-02.mvtc")
    val before = JFiles.readAllBytes(day)
    for (opt <- List("--json", "--html")) {
      val r = backtest(opt, day.toString)
      assertEquals(r.status, 1, r.err)
      assertEquals(r.err.trim, s"mvt backtest: refusing to overwrite the input file $day")
      assert(java.util.Arrays.equals(JFiles.readAllBytes(day), before), s"$opt changed the day")
    }
  }

  test("--capital out of what the arithmetic holds is refused, naming the option and the range") {
    for (c <- List("1e-300", "1e400", "0", "-5", "0.5")) {
      val r = backtest("--capital", c)
      assertEquals(r.status, 1, s"$c: ${r.out}")
      assert(r.err.startsWith(s"mvt: --capital: expected a decimal from 1 to 1000000000000000"), r.err)
      assert(r.err.contains(s"found \"$c\""), r.err)
    }
    val ok = backtest("--capital", "1000000000000000")
    assertEquals(ok.status, 0, ok.err)
    assert(!ok.out.contains("NaN"), ok.out)
  }

  test("an enormous --fee-per-share is a usage error for backtest and report, not an arithmetic failure") {
    val r = backtest("--fee-per-share", "1e999999999")
    assertEquals(r.status, 1, r.err)
    assert(r.err.startsWith("mvt: --fee-per-share: expected a decimal from 0 to 1000000"), r.err)
    val tiny = backtest("--fee-per-share", "1e-999999999")
    assertEquals(tiny.status, 1, tiny.err)
    val rep = CliRun("report", "--trades", "-", "--quotes", "-", "--fee-per-share", "1e999999999")()
    assertEquals(rep.status, 1, rep.err)
    assert(rep.err.startsWith("mvt: --fee-per-share: expected a decimal"), rep.err)
    assert(!rep.err.contains("Exception"), rep.err)
  }

  test("--data naming nothing says it does not exist; a file says it is not a directory") {
    val r = CliRun("backtest", "--data", dir.resolve("nope").toString, "--strategy", "momentum")()
    assertEquals(r.status, 1)
    assertEquals(r.err.trim, s"mvt backtest: ${dir.resolve("nope")} does not exist")
    val f = dir.resolve("2026-03-02.mvtc")
    val g = CliRun("backtest", "--data", f.toString, "--strategy", "momentum")()
    assertEquals(g.err.trim, s"mvt backtest: $f is not a directory")
  }

  test("a reversed --days range says so, rather than that it holds no days") {
    val r = backtest("--days", "2026-03-04..2026-03-02")
    assertEquals(r.status, 1)
    assert(r.err.contains("--days: the range ends (2026-03-02) before it starts (2026-03-04)"), r.err)
  }

  test("a grid above the limit is refused with the number of jobs it would be, before running any") {
    val r = backtest("--sweep", "spread=2..1001", "--sweep", "size=1..1000")
    assertEquals(r.status, 1, r.err)
    assertEquals(
      r.err.trim,
      "mvt backtest: --sweep: the grid is 1,000,000 combinations over 3 days, 3,000,000 jobs; a sweep runs at " +
        "most 100,000: narrow an axis or the --days range"
    )
    assertEquals(r.out, "")
  }

  test("with a failed day the totals are printed only under a partial-result label") {
    val copy = JFiles.createTempDirectory("mvt-backtest-partial")
    try {
      JFiles.list(dir).forEach(p => { val _ = JFiles.copy(p, copy.resolve(p.getFileName)) })
      JFiles.writeString(copy.resolve("2026-03-03.mvtc"), "MVTC not really a log")
      val r = CliRun("backtest", "--data", copy.toString, "--strategy", "spread-capture")()
      assertEquals(r.status, 2, r.err)
      val lines = r.out.linesIterator.toVector
      val label = lines.indexWhere(_.startsWith("partial result: 2 of 3 days completed"))
      assert(label >= 0, r.out)
      assert(lines.indexWhere(_.startsWith("sharpe")) > label, r.out)
      assert(lines.indexWhere(_.startsWith("total PnL")) > label, r.out)
      val s = CliRun(
        "backtest",
        "--data",
        copy.toString,
        "--strategy",
        "spread-capture",
        "--sweep",
        "spread=2..3"
      )()
      assertEquals(s.status, 2, s.err)
      assert(s.out.contains("partial result: 2 combination(s) had failed days"), s.out)
    } finally FileTree.delete(copy)
  }
}
