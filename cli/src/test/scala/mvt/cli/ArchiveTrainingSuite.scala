package mvt.cli

import cats.effect.ExitCode
import mvt.core.console.Terminal

import java.io.{ByteArrayInputStream, ByteArrayOutputStream, PrintStream}

/** The archive's training run must really run its commands: one refused by an option change trains nothing. */
class ArchiveTrainingSuite extends munit.FunSuite {

  test("every training command succeeds") {
    val out = new ByteArrayOutputStream
    val err = new ByteArrayOutputStream
    val codes = ArchiveTraining.runAll(
      Terminal(new ByteArrayInputStream(Array.emptyByteArray), new PrintStream(out), new PrintStream(err))
    )
    assertEquals(
      codes.map(_._1.headOption.getOrElse("")),
      List("--help", "generate", "backtest", "generate", "match")
    )
    codes.foreach((args, code) => assertEquals(code, ExitCode.Success, s"${args.mkString(" ")}: $err"))
    assert(out.toString.contains("days done") || out.size > 0, "the commands printed nothing")
  }
}
