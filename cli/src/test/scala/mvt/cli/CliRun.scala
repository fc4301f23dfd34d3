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

  /**
   * Generates `days` days from 2026-03-02 of `commands` commands by `accounts` accounts into `dir`, as a user
   * does before a backtest or an import; fails the test if `mvt generate` does not succeed.
   */
  def generate(dir: java.nio.file.Path, days: Int, accounts: Int, commands: Int)(using
      munit.Location
  ): Unit = {
    val r = apply(
      "generate",
      "--days",
      days.toString,
      "--start",
      "2026-03-02",
      "--accounts",
      accounts.toString,
      "--commands",
      commands.toString,
      "--out",
      dir.toString
    )()
    munit.Assertions.assertEquals(r.status, 0, r.err)
  }

  /** `mvt backtest` of spread-capture over the days in `dir`, swept over two spreads and two sizes. */
  def sweep(dir: java.nio.file.Path): Vector[String] =
    Vector("backtest", "--data", dir.toString, "--strategy", "spread-capture") ++
      Vector("--sweep", "spread=2..3", "--sweep", "size=50,100")

  /**
   * Runs `mvt args... --json FILE` with a new temporary FILE; fails the test unless it succeeds. What it printed
   * and the JSON it wrote.
   */
  def withJson(args: String*)(using munit.Location): (Result, String) =
    withTempFile(".json") { json =>
      val r = apply((args :+ "--json" :+ json.toString)*)()
      munit.Assertions.assertEquals(r.status, 0, r.err)
      (r, java.nio.file.Files.readString(json))
    }

  /** Asserts that `mvt args` is a usage error: status 1 and one line saying `says`, the usage one --help away. */
  def assertUsageError(args: Seq[String], says: String)(using munit.Location): Unit = {
    val r = apply(args*)()
    munit.Assertions.assertEquals(r.status, 1, r.err)
    munit.Assertions.assertEquals(r.err.linesIterator.size, 1, r.err)
    munit.Assertions.assert(r.err.contains(says) && r.err.contains("(--help shows the usage)"), r.err)
  }

  /**
   * The report store `db` made from `journal` with `mvt serve --once`, then a staff user `ops` with an API token,
   * as an operator makes them; the token. Fails the test if a step does not succeed.
   */
  def staffToken(journal: java.nio.file.Path, db: java.nio.file.Path)(using munit.Location): String = {
    munit.Assertions.assertEquals(
      apply("serve", "--once", "--journal", journal.toString, "--db", db.toString)().status,
      0
    )
    val add = apply("serve", "users", "add", "--db", db.toString, "ops", "--role", "staff")(
      "a long enough password\n".getBytes("UTF-8")
    )
    munit.Assertions.assertEquals(add.status, 0, add.err)
    apply("serve", "tokens", "create", "--db", db.toString, "ops")().out.trim
  }

  /** Runs `f` on the path of a new empty temporary file, and deletes the file afterwards. */
  def withTempFile[A](suffix: String)(f: java.nio.file.Path => A): A = {
    val path = java.nio.file.Files.createTempFile("mvt-test", suffix)
    try f(path)
    finally { val _ = java.nio.file.Files.deleteIfExists(path) }
  }
}
