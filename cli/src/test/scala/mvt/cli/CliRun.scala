package mvt.cli

import cats.effect.unsafe.implicits.global

import java.io.{ByteArrayInputStream, ByteArrayOutputStream, PrintStream}
import java.nio.charset.StandardCharsets.UTF_8

/** Runs `mvt` in-process with captured standard streams. */
object CliRun {
  final case class Result(status: Int, out: String, err: String)

  def apply(args: String*)(stdin: Array[Byte] = Array.emptyByteArray): Result = {
    val out = new ByteArrayOutputStream
    val err = new ByteArrayOutputStream
    val t = Terminal(
      new ByteArrayInputStream(stdin),
      new PrintStream(out, true, UTF_8),
      new PrintStream(err, true, UTF_8)
    )
    val code = Cli.run(args.toList, t).unsafeRunSync()
    t.out.flush()
    t.err.flush()
    Result(code.code, out.toString(UTF_8), err.toString(UTF_8))
  }
}
