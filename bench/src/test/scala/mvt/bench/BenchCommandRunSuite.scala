package mvt.bench

import cats.effect.ExitCode
import cats.effect.unsafe.implicits.global
import mvt.core.TempDir
import mvt.core.console.Terminal

import java.io.{ByteArrayInputStream, ByteArrayOutputStream, PrintStream}
import java.nio.file.Files

/** A benchmark as a command: its figures reach the terminal and its files, and a failed load runs nothing. */
class BenchCommandRunSuite extends munit.FunSuite {

  private def terminal(out: ByteArrayOutputStream, err: ByteArrayOutputStream) =
    Terminal(
      new ByteArrayInputStream(Array.emptyByteArray),
      new PrintStream(out, true),
      new PrintStream(err, true)
    )

  test("the work writes to the terminal and its output file, which is there once the run ends with 0") {
    TempDir("mvt-bench-run") { dir =>
      val json = dir.resolve("figures.json").toString
      val (out, err) = (new ByteArrayOutputStream, new ByteArrayOutputStream)
      val code = BenchCommandRun("probe", terminal(out, err), Nil, List(Some(json), None)) { c =>
        c.out.println("figure 1")
        c.write(Some(json), "{\"figure\":1}")
      }.unsafeRunSync()
      assertEquals(code, ExitCode.Success, err.toString)
      assertEquals(out.toString, "figure 1\n")
      assertEquals(Files.readString(dir.resolve("figures.json")), "{\"figure\":1}\n")
    }
  }

  test("an output that cannot be opened fails the run before any work, naming the benchmark") {
    val (out, err) = (new ByteArrayOutputStream, new ByteArrayOutputStream)
    var ran = false
    val code = BenchCommandRun("probe", terminal(out, err), Nil, List(Some("/no/such/dir/f.json"))) { _ =>
      ran = true
    }.unsafeRunSync()
    assertEquals((code, ran), (ExitCode(1), false))
    assert(err.toString.startsWith("mvt bench probe: "), err.toString)
  }

  test("an input that could not be loaded ends with its status and runs nothing; a loaded one is worked on") {
    var seen = Vector.empty[Int]
    val failed = BenchCommandRun.loaded(cats.effect.IO.pure(Left(ExitCode(2))))((n: Int) => seen :+= n)
    assertEquals(failed.unsafeRunSync(), ExitCode(2))
    val ok = BenchCommandRun.loaded(cats.effect.IO.pure(Right(7)))((n: Int) => seen :+= n)
    assertEquals((ok.unsafeRunSync(), seen), (ExitCode.Success, Vector(7)))
  }
}
