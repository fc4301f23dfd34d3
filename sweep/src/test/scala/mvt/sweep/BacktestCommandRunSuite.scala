package mvt.sweep

import cats.effect.unsafe.implicits.global
import mvt.backtest.Sweep
import mvt.core.console.{Status, Terminal}

import java.io.{ByteArrayInputStream, ByteArrayOutputStream, PrintStream}
import java.nio.file.Files

/** `mvt backtest`'s checks of what the options ask for together, and a plan that cannot be made, before any work. */
class BacktestCommandRunSuite extends munit.FunSuite {

  private val single = mvt.backtest.Fixtures.request("days")

  private val axis = Sweep.Axis.parse("quantity=1..3").toOption.get

  test("a sweep with reports, workers without a cluster, or a parameter both fixed and swept is refused") {
    val ok = BacktestCommandRun.Args(single, None, 0)
    assertEquals(BacktestCommandRun.check(ok), Right(ok))
    val swept = single.copy(sweeps = List(axis))
    assertEquals(
      BacktestCommandRun.check(ok.copy(request = swept.copy(json = Some("r.json")))),
      Left("--json and --html report a single run, not a --sweep")
    )
    assertEquals(BacktestCommandRun.check(ok.copy(workers = 2)), Left("--workers needs --cluster HOST:PORT"))
    assertEquals(
      BacktestCommandRun.check(ok.copy(request = swept.copy(params = List(axis.name -> 2L)))),
      Left("a parameter is given both by --param and --sweep")
    )
    val cluster = ok.copy(request = swept, cluster = Some(("127.0.0.1", 2551)), workers = 2)
    assertEquals(BacktestCommandRun.check(cluster), Right(cluster))
  }

  test("a data directory with no days is status 1 with one line, before any cluster starts") {
    val dir = Files.createTempDirectory("mvt-backtest-none")
    try {
      val err = new ByteArrayOutputStream
      val t = Terminal(
        new ByteArrayInputStream(Array.emptyByteArray),
        PrintStream(new ByteArrayOutputStream),
        PrintStream(err)
      )
      val quiet = new mvt.core.Progress {
        def start(name: String): Unit = ()
        def update(done: Int, total: Int): Unit = ()
        def end(line: String): Unit = ()
      }
      val a = BacktestCommandRun.Args(single.copy(data = dir.toString), Some(("127.0.0.1", 0)), 1)
      assertEquals(BacktestCommandRun.run(a, "none.Main", quiet, t).unsafeRunSync(), Status.Failure)
      val lines = err.toString("UTF-8").linesIterator.toVector
      assertEquals(lines.size, 1, lines.mkString("\n"))
      assert(lines.head.startsWith("mvt backtest: "), lines.head)
    } finally Files.deleteIfExists(dir)
  }
}
