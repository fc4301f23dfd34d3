package mvt.cli

/** `mvt bench` refuses inputs and options whose figures would be meaningless, before measuring anything. */
class BenchCommandSuite extends munit.FunSuite {

  /** A usage error: status 1, nothing on stdout, the message and the usage on stderr. */
  private def assertUsageError(r: CliRun.Result, message: String)(using munit.Location): Unit = {
    assertEquals(r.status, 1, r.err)
    assertEquals(r.out, "")
    assert(r.err.contains(message), r.err)
    assert(r.err.contains("Usage:"), r.err)
  }

  for (n <- Vector("1", "1000", "99999", "0", "-5"))
    test(s"bench memory --orders $n: refused with the minimum and why, before measuring") {
      assertUsageError(
        CliRun("bench", "memory", "--orders", n)(),
        "--orders must be at least 100,000: heap in use after full GCs is only known to within about a MiB"
      )
    }

  test("bench memory --orders 100000 (the minimum): a positive figure per engine, never a negative one") {
    val r = CliRun("bench", "memory", "--orders", "100000", "--engine", "fast", "--engine", "list")()
    assertEquals(r.status, 0, r.err)
    val figures = "measured heap: +(\\S+) B/order".r.findAllMatchIn(r.out).map(_.group(1).toDouble).toVector
    assertEquals(figures.size, 2, r.out)
    assert(figures.forall(_ > 0), r.out)
  }
}
