package mvt.backtest

import cats.effect.ExitCode
import cats.effect.unsafe.implicits.global

import java.io.{ByteArrayOutputStream, PrintStream}
import java.nio.file.Files

/** `mvt backtest`'s run from request to status: refusals before any work, summaries, reports and failed days. */
class BacktestRunSuite extends munit.FunSuite {

  private def request(dir: String) = Fixtures.request(dir).copy(json = Some("r.json"))

  private object Quiet extends BacktestRun.Progress {
    def start(name: String): Unit = ()
    def update(done: Int, total: Int): Unit = ()
    def end(line: String): Unit = ()
  }

  private def run(p: BacktestRun.Planned): (ExitCode, String, String, Map[String, String]) = {
    val (out, err) = (new ByteArrayOutputStream, new ByteArrayOutputStream)
    var written = Map.empty[String, String]
    val code = BacktestRun
      .run(
        p,
        None,
        Quiet,
        new PrintStream(out, true),
        new PrintStream(err, true),
        (f, t) => written += f -> t
      )
      .unsafeRunSync()
    (code, out.toString, err.toString, written)
  }

  test("a directory without days is refused before any work") {
    val empty = Files.createTempDirectory("mvt-backtest-empty")
    try assertEquals(BacktestRun.plan(request(empty.toString)).map(_ => ()), Left(s"no days in $empty"))
    finally Files.delete(empty)
  }

  test("every day run: the summary printed, the JSON report written; a bad day is named with status 2") {
    val dir = Fixtures.write(Fixtures.generated(2, 3000))
    val planned = BacktestRun.plan(request(dir.toString)).toOption.get
    assertEquals(planned.days.size, 2)
    val (ok, out, err, written) = run(planned)
    assertEquals(ok, ExitCode.Success, err)
    assert(out.nonEmpty)
    assert(written.get("r.json").exists(_.contains("\"days\"")), written.keys)

    val bad = planned.days.last.path
    Files.writeString(bad, "add,A,1,BUY,1,1\nadd,A,2,SIDEWAYS,1,1\n")
    val (code, _, why, none) = run(planned)
    assertEquals(code, ExitCode(2))
    assert(why.startsWith(s"mvt backtest: $bad: line 2: "), why)
    assert(why.trim.endsWith(s"day ${planned.days.last.date} failed"), why)
    assertEquals(none, Map.empty[String, String])
  }
}
