package mvt.cli

/** `mvt bench` refuses inputs and options whose figures would be meaningless, before measuring anything. */
class BenchCommandSuite extends munit.FunSuite {

  /** A usage error: status 1, nothing on stdout, the message and the usage on stderr. */
  private def assertUsageError(r: CliRun.Result, message: String)(using munit.Location): Unit = {
    assertEquals(r.status, 1, r.err)
    assertEquals(r.out, "")
    assert(r.err.contains(message), r.err)
    assert(r.err.contains("--help shows the usage"), r.err)
  }

  for (n <- Vector("1", "1000", "99999", "0", "-5"))
    test(s"bench memory --orders $n: refused with the minimum and why, before measuring") {
      assertUsageError(
        CliRun("bench", "memory", "--orders", n)(),
        "--orders must be at least 100,000: heap in use after full GCs is only known to within about a MiB"
      )
    }

  test("bench memory --orders 100000 (the minimum): a positive figure per engine, never a negative one") {
    val r = CliRun("bench", "memory", "--orders", "100000", "--engine", "fast,list")()
    assertEquals(r.status, 0, r.err)
    val figures = "measured heap: +(\\S+) B/order".r.findAllMatchIn(r.out).map(_.group(1).toDouble).toVector
    assertEquals(figures.size, 2, r.out)
    assert(figures.forall(_ > 0), r.out)
  }

  /** Inputs that hold no commands: an empty file, comments and blank lines only, an empty command log. */
  private val noCommands: Vector[(String, String, Array[Byte])] = {
    val log = new java.io.ByteArrayOutputStream
    mvt.workload.CommandLog.write(new mvt.workload.CommandBatch.Builder(Vector.empty).result(), log)
    Vector(
      ("an empty file", ".csv", Array.emptyByteArray),
      ("a comment-only file", ".csv", "# nothing here\n\n# still nothing\n".getBytes("UTF-8")),
      ("an empty command log", ".mvtc", log.toByteArray)
    )
  }

  for ((what, suffix, bytes) <- noCommands) {
    test(s"bench throughput --in with $what: status 2 and one line naming the file, no figures") {
      CliRun.withTempFile(suffix) { in =>
        java.nio.file.Files.write(in, bytes)
        val r = CliRun("bench", "throughput", "--in", in.toString, "--engine", "fast", "--repeat", "1")()
        assertEquals(r.status, 2, r.err)
        assertEquals(r.out, "")
        assertEquals(r.err, s"mvt bench throughput: $in: no commands\n")
      }
    }
  }

  for ((what, suffix, bytes) <- noCommands) {
    test(s"bench latency --in with $what: status 2 and one line naming the file, no exception") {
      CliRun.withTempFile(suffix) { in =>
        java.nio.file.Files.write(in, bytes)
        val r = CliRun("bench", "latency", "--engine", "fast", "--rates", "1000", "--in", in.toString)()
        assertEquals(r.status, 2, r.err)
        assertEquals(r.out, "")
        assertEquals(r.err, s"mvt bench latency: $in: no commands\n")
      }
    }
  }

  test("bench throughput on empty standard input: the same refusal, naming standard input") {
    val r = CliRun("bench", "throughput", "--in", "-", "--engine", "fast")()
    assertEquals((r.status, r.out, r.err), (2, "", "mvt bench throughput: standard input: no commands\n"))
  }

  for (
    (rates, shown) <- Vector(
      "1000000000000" -> "rate 1000000000000",
      "45000,10000001" -> "rate 10000001",
      "99999999999999999999999" -> "rate 99999999999999999999999"
    )
  )
    test(s"bench latency --rates $rates: refused at parse time, stating the highest rate") {
      assertUsageError(
        CliRun("bench", "latency", "--engine", "fast", "--rates", rates, "--duration", "1")(),
        s"$shown is above the most --rates takes, 10,000,000 commands/s"
      )
    }

  test("bench latency: rate × duration over 50,000,000 commands a run is refused, stating the bound") {
    assertUsageError(
      CliRun("bench", "latency", "--engine", "fast", "--rates", "1000,10000000", "--duration", "6")(),
      "a run may send at most 50,000,000 commands (rate × duration), but 10,000,000/s for 6.0 s is 60,000,000"
    )
    // a rate that is allowed, for a duration that makes the run too long
    assertUsageError(
      CliRun("bench", "latency", "--engine", "fast", "--rates", "1", "--duration", "50000001")(),
      "a run may send at most 50,000,000 commands"
    )
  }

  test("bench latency: bad rates still name the bad element") {
    for (rates <- Vector("0", "fast", "1e12", "45000,", "-3"))
      assertUsageError(
        CliRun("bench", "latency", "--engine", "fast", "--rates", rates)(),
        "bad rate '"
      )
  }
}
