package mvt.cli

import mvt.bench.BenchEngine
import mvt.orderbook.Engine

/** Options spelled one way: `--engine` everywhere, and every named value refused at parse time alike. */
class OptionSpellingSuite extends munit.FunSuite {

  private def assertUsageError(r: CliRun.Result, says: String)(using munit.Location): Unit = {
    assertEquals(r.status, 1, r.err)
    assertEquals(r.out, "")
    assertEquals(r.err.linesIterator.size, 1, r.err)
    assert(r.err.startsWith("mvt: ") && r.err.contains(says), r.err)
    assert(r.err.contains("(--help shows the usage)"), r.err)
  }

  test("Named: labels, one value, a comma-separated list, and one refusal form") {
    val engines = summon[Named[Engine]]
    assertEquals(engines.names, Engine.values.map(_.label).mkString("|"))
    assertEquals(engines.read("fast").toOption, Some(Engine.Fast))
    assertEquals(engines.readList("fast,lazy-cancel").toOption, Some(Vector(Engine.Fast, Engine.LazyCancel)))
    assertEquals(
      engines.read("turbo").toEither.left.map(_.toList),
      Left(List(s"unknown engine 'turbo' (expected ${engines.names})"))
    )
    assert(engines.readList("fast,").isInvalid)
    assert(engines.readList("fast,,list").isInvalid)
    assertEquals(summon[Named[BenchEngine]].values, BenchEngine.all)
  }

  test("every engine option is --engine; a list is comma-separated") {
    val cases = Vector(
      Vector("bench", "throughput", "--generate", "10", "--engine", "fast,turbo"),
      Vector("bench", "latency", "--rates", "1000", "--engine", "fast,turbo"),
      Vector("bench", "memory", "--engine", "fast,turbo"),
      Vector("match", "--in", "-", "--engine", "turbo"),
      Vector("trade", "--in", "-", "--engine", "turbo")
    )
    for (args <- cases) assertUsageError(CliRun(args*)(), "unknown engine 'turbo' (expected ")
  }

  test("a list option given twice adds to the list instead of keeping only the last") {
    for (
      args <- Vector(
        Vector("--engine", "fast", "--engine", "turbo"),
        Vector("--engine", "turbo", "--engine", "fast"),
        Vector("--engine", "fast,turbo", "--engine", "list")
      )
    )
      assertUsageError(
        CliRun((Vector("bench", "throughput", "--generate", "10") ++ args)*)(),
        "unknown engine 'turbo'"
      )
  }

  test("the old --engines spelling is gone") {
    val r = CliRun("bench", "throughput", "--generate", "10", "--engines", "fast")()
    assertUsageError(r, "--engines")
  }

  test("--format, --model, --handoff, --pacing, --strategy, --policy: unknown values refused at parse time") {
    val cases = Vector(
      Vector(
        "generate",
        "--out",
        "-",
        "--commands",
        "5",
        "--format",
        "xml"
      ) -> "unknown format 'xml' (expected csv|bin)",
      Vector("generate", "--out", "-", "--commands", "5", "--model", "hmm") ->
        "unknown model 'hmm' (expected profile|markov)",
      Vector("bench", "latency", "--rates", "1000", "--engine", "fast", "--handoff", "pipe") ->
        "unknown handoff 'pipe' (expected direct|ring|batch)",
      Vector("bench", "trader", "--pacing", "sleep") -> "unknown pacing 'sleep' (expected spin|park)",
      Vector("bench", "trader", "--pipeline", "fast") -> "unknown pipeline 'fast' (expected plain|deadline)",
      Vector("trade", "--in", "-", "--strategy", "martingale") ->
        "unknown strategy 'martingale' (expected spread-capture|momentum|synthetic)",
      Vector("trade", "--in", "-", "--policy", "lifo") -> "unknown policy 'lifo' (expected "
    )
    for ((args, says) <- cases) assertUsageError(CliRun(args*)(), says)
  }

  test("a good --format and --model still work") {
    val r = CliRun("generate", "--out", "-", "--commands", "5", "--format", "csv", "--model", "markov")()
    assertEquals(r.status, 0, r.err)
    assert(r.out.nonEmpty)
  }
}
