package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.effect.unsafe.implicits.global

import java.io.{ByteArrayInputStream, ByteArrayOutputStream, PrintStream}
import java.nio.charset.StandardCharsets.UTF_8

/** Main's last word on a failure: one line on stderr and status 1, never a stack trace. */
class MainSuite extends munit.FunSuite {

  /** Runs `program` through Main's handler as the command `args`; the status and what went to stderr. */
  private def guarded(args: String*)(program: IO[ExitCode]): (Int, String, String) = {
    val out = new ByteArrayOutputStream
    val err = new ByteArrayOutputStream
    val t = Terminal(
      new ByteArrayInputStream(Array.emptyByteArray),
      new PrintStream(out, true, UTF_8),
      new PrintStream(err, true, UTF_8)
    )
    val code = Main.guarded(args.toList, t)(program).unsafeRunSync()
    (code.code, out.toString(UTF_8), err.toString(UTF_8))
  }

  private val advice = "out of memory; give the JVM more heap, e.g. MVT_JAVA_OPTS=-Xmx8g\n"

  test("an OutOfMemoryError inside Blocking is one line naming the command, with status 1") {
    for (
      (args, name) <- Vector(
        Vector("bench", "memory", "--orders", "5000000") -> "bench memory",
        Vector("convert", "--in", "a.csv", "--out", "b.mvtc") -> "convert",
        Vector("match", "--in", "-") -> "match"
      )
    ) {
      val r = guarded(args*)(Blocking[ExitCode](throw new OutOfMemoryError("Java heap space")))
      assertEquals(r, (1, "", s"mvt $name: $advice"))
    }
  }

  test(
    "an OutOfMemoryError the JVM raises itself, inside Blocking: the same line, and the runtime carries on"
  ) {
    // an array past the VM's limit: a real OutOfMemoryError, without filling the heap
    val r =
      guarded("bench", "latency")(Blocking { val a = new Array[Long](Int.MaxValue); ExitCode(a.length) })
    assertEquals(r, (1, "", s"mvt bench latency: $advice"))
    // the runtime is still running: a fatal error would have shut it down
    assertEquals(IO(1 + 1).unsafeRunSync(), 2)
  }

  test("the work after the error does not run") {
    var after = false
    val r = guarded("generate")(IO(1).flatMap(_ => Blocking[Int](throw new OutOfMemoryError())).map { _ =>
      after = true; ExitCode.Success
    })
    assertEquals((r._1, after), (1, false))
  }

  test("any other failure is one line too, as an unexpected error") {
    val r = guarded("demo")(Blocking[ExitCode](throw new IllegalStateException("boom")))
    assertEquals(r._1, 1)
    if (!sys.env.contains("MVT_DEBUG")) assertEquals(r._3.linesIterator.size, 1, r._3)
    assert(r._3.startsWith("mvt: unexpected error: java.lang.IllegalStateException: boom"), r._3)
  }

  test("Blocking passes the work's value and ordinary failures through unchanged") {
    assertEquals(Blocking(41 + 1).unsafeRunSync(), 42)
    val e = new java.io.IOException("disk")
    assertEquals(Blocking[Int](throw e).attempt.unsafeRunSync(), Left(e))
  }

  test("the command name is mvt and the command's words before the first option") {
    assertEquals(Cli.name(List("bench", "memory", "--orders", "5")), "mvt bench memory")
    assertEquals(Cli.name(List("convert", "--in", "x")), "mvt convert")
    assertEquals(Cli.name(List("analyze", "returns")), "mvt analyze returns")
  }
}
