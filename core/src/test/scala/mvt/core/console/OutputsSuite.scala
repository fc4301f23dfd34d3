package mvt.core.console

import cats.effect.{ExitCode, IO}
import cats.effect.unsafe.implicits.global
import mvt.core.TempDir

import java.io.{ByteArrayInputStream, ByteArrayOutputStream, PrintStream}
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}
import mvt.core.TempDir

/** A command's outputs change together or not at all, and its inputs fail with one line and status 1. */
class OutputsSuite extends munit.FunSuite {

  private val tmp = TempDir.fixture(this, "mvt-console")

  private final class Captured {
    val out = new ByteArrayOutputStream
    val err = new ByteArrayOutputStream
    val terminal =
      Terminal(new ByteArrayInputStream(Array.emptyByteArray), PrintStream(out), PrintStream(err))
    def errText: String = err.toString(UTF_8)
  }

  private def read(p: Path): String = Files.readString(p)

  tmp.test("status 0 commits every output; any other status leaves every old file as it was") { dir =>
    val a = dir.resolve("a.csv")
    val b = dir.resolve("b.csv")
    Files.writeString(a, "old a\n")
    Files.writeString(b, "old b\n")
    val c = new Captured
    def run(code: ExitCode, keep: Boolean) =
      Outputs.use("test", c.terminal, Nil, List(Some(a.toString), Some(b.toString)), keepOnBadData = keep) {
        o =>
          IO { o.text(a.toString, "new a"); o.text(b.toString, "new b"); code }
      }.unsafeRunSync()
    assertEquals(run(Status.Failure, keep = true), Status.Failure)
    assertEquals((read(a), read(b)), ("old a\n", "old b\n"))
    assertEquals(run(Status.BadData, keep = false), Status.BadData)
    assertEquals((read(a), read(b)), ("old a\n", "old b\n"))
    assertEquals(run(Status.BadData, keep = true), Status.BadData)
    assertEquals((read(a), read(b)), ("new a\n", "new b\n"))
    assertEquals(run(ExitCode.Success, keep = false), ExitCode.Success)
    assertEquals(Files.list(dir).count(), 2L, "no temporary file is left behind")
  }

  tmp.test("an output that is also an input is refused before any work, with status 1") { dir =>
    val a = dir.resolve("a.csv")
    Files.writeString(a, "keep\n")
    val c = new Captured
    var ran = false
    val code = Outputs.use("test", c.terminal, List(a.toString), List(Some(a.toString))) { _ =>
      IO { ran = true; ExitCode.Success }
    }.unsafeRunSync()
    assertEquals(code, Status.Failure)
    assert(!ran)
    assert(c.errText.startsWith("mvt test: "), c.errText)
    assertEquals(read(a), "keep\n")
  }

  tmp.test("a missing input or a directory in the way is one line and status 1") { dir =>
    val c = new Captured
    val missing = dir.resolve("none.csv").toString
    assertEquals(Inputs.withInput(missing, c.terminal)(_ => IO.unit).unsafeRunSync(), Left(Status.Failure))
    assertEquals(c.errText, s"mvt: cannot read $missing: no such file or directory\n")
    val file = dir.resolve("f")
    Files.writeString(file, "x")
    val c2 = new Captured
    assertEquals(Inputs.directory(file, c2.terminal).unsafeRunSync(), Left(Status.Failure))
    assertEquals(c2.errText, s"mvt: cannot create directory $file: a file of that name is in the way\n")
  }

  test("bad input names the command, the file (standard input for -) and the place; status 2") {
    val c = new Captured
    assertEquals(
      BadInput.Line(3, "bad \u0007").report("convert", "-", c.terminal).unsafeRunSync(),
      Status.BadData
    )
    assertEquals(c.errText, "mvt convert: standard input: line 3: bad \\u0007\n")
    assertEquals(
      BadInput.Offset(8, "x").render("bench latency", "a.mvtc"),
      "mvt bench latency: a.mvtc: byte offset 8: x"
    )
    assertEquals(BadInput.fromText("line 2: two rows"), BadInput.Line(2, "two rows"))
    assertEquals(BadInput(mvt.core.FormatError(5, "y")), BadInput.Line(5, "y"))
  }
}
