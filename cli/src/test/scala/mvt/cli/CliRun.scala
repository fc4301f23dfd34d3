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

  /** Runs `f` on the path of a new empty temporary file, and deletes the file afterwards. */
  def withTempFile[A](suffix: String)(f: java.nio.file.Path => A): A = {
    val path = java.nio.file.Files.createTempFile("mvt-test", suffix)
    try f(path)
    finally { val _ = java.nio.file.Files.deleteIfExists(path) }
  }
}
