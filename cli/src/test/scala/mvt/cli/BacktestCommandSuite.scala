package mvt.cli

import mvt.core.files.FileTree
import io.circe.parser.parse

import java.nio.file.{Files as JFiles, Path}

/** `mvt backtest` over generated days: the summary, the reports, the refusals and a failing day. */
class BacktestCommandSuite extends munit.FunSuite {

  private val days = FunFixture[Path](
    setup = _ => {
      val dir = JFiles.createTempDirectory("mvt-backtest")
      CliRun.generate(dir, days = 3, accounts = 20, commands = 6000)
      dir
    },
    teardown = FileTree.delete
  )

  // `mvt backtest` of spread-capture over the days in `dir`, with more options
  private def backtest(dir: Path, more: String*): CliRun.Result =
    CliRun(("backtest" +: "--data" +: dir.toString +: "--strategy" +: "spread-capture" +: more)*)()

  days.test("a run prints a line per day and the metrics, and writes the JSON and HTML reports") { dir =>
    val json = dir.resolve("out.json")
    val html = dir.resolve("out.html")
    val r = backtest(
      dir,
      "--param",
      "size=50",
      "--fee-per-share",
      "0.001",
      "--json",
      json.toString,
      "--html",
      html.toString
    )
    assertEquals(r.status, 0, r.err)
    val lines = r.out.linesIterator.toVector
    assertEquals(lines.count(_.startsWith("2026-03-0")), 3, r.out)
    assert(lines.exists(_.startsWith("sharpe")), r.out)
    assert(lines.exists(_.startsWith("total slippage")), r.out)
    val doc = parse(JFiles.readString(json)).toOption.get.hcursor
    assertEquals(doc.get[String]("strategy"), Right("spread-capture"))
    assertEquals(doc.downField("days").values.map(_.size), Some(3))
    assertEquals(doc.downField("params").get[Long]("size"), Right(50L))
    assert(JFiles.readString(html).contains("uPlot"))
  }

  days.test("the output is the same at parallelism 1 and 2") { dir =>
    def out(n: Int) =
      CliRun("backtest", "--data", dir.toString, "--strategy", "momentum", "--parallelism", n.toString)().out
    assertEquals(out(2), out(1))
  }

  days.test("a parameter the strategy does not take, and an unknown strategy, are one-line usage errors") {
    dir =>
      val r = CliRun("backtest", "--data", dir.toString, "--strategy", "momentum", "--param", "spread=3")()
      assertEquals(r.status, 1)
      assertEquals(r.err.trim, "mvt backtest: strategy momentum takes lookback, threshold, size; not spread")
      val u = CliRun("backtest", "--data", dir.toString, "--strategy", "nope")()
      assertEquals(u.status, 1)
      assert(u.err.startsWith("mvt: unknown strategy 'nope'"), u.err)
  }

  days.test("a corrupt day fails the run with the day named, after the days that completed") { dir =>
    JFiles.writeString(dir.resolve("2026-03-03.mvtc"), "MVTC not really a log")
    val r = backtest(dir)
    assertEquals(r.status, 2, r.err)
    assert(r.err.contains("2026-03-03.mvtc"), r.err)
    assert(r.err.contains("day 2026-03-03 failed"), r.err)
    val lines = r.out.linesIterator.toVector
    assert(lines.exists(_.startsWith("2026-03-02")), r.out)
    assert(lines.exists(_.startsWith("2026-03-04")), r.out)
    assert(!lines.exists(_.startsWith("2026-03-03")), r.out)
  }

  days.test("a sweep prints every combination ranked by sharpe") { dir =>
    val r = CliRun(CliRun.sweep(dir)*)()
    assertEquals(r.status, 0, r.err)
    val rows = r.out.linesIterator.filter(_.matches("\\s+\\d+\\s+spread=.*")).toVector
    assertEquals(rows.size, 4, r.out)
    assertEquals(rows.map(_.trim.takeWhile(_ != ' ')), Vector("1", "2", "3", "4"))
  }

  test("mvt bench backtest prints the engine alone and the closed loop at 1 and at the core count") {
    val r = CliRun("bench", "backtest", "--days", "2", "--commands", "2000")()
    assertEquals(r.status, 0, r.err)
    val rows = r.out.linesIterator.filter(l =>
      l.startsWith("engine alone") || l.startsWith("engine + strategy")
    ).toVector
    assertEquals(rows.size, 1 + List(1, Runtime.getRuntime.availableProcessors).distinct.size, r.out)
    assert(r.out.startsWith("Machine: "), r.out)
    assert(r.out.contains("strategy in the loop costs"), r.out)
  }
}
