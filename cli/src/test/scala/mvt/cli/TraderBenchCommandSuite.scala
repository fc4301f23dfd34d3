package mvt.cli

/** `mvt bench trader` on a tiny sweep: every combination reported, and every event accounted for. Never timed. */
class TraderBenchCommandSuite extends munit.FunSuite {

  // the sweep's 32 short runs spin their pacing; beside CI's other test JVMs on 2 cores they took over 30 s
  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  test("a small sweep: one row and one JSON record per combination, sent = processed + dropped") {
    val (r, text) = CliRun.withJson(
      "bench",
      "trader",
      "--rates",
      "20000,50000",
      "--events",
      "400",
      "--cost-us",
      "5",
      "--policy",
      "unbounded,drop-newest,conflate,block",
      "--queue",
      "3",
      "--interpreter",
      "fold,io",
      "--pipeline",
      "plain,deadline",
      "--budget",
      "50us",
      "--pacing",
      "spin"
    )
    assert(r.out.contains("capacity"), r.out)
    // 4 queue setups x 2 interpreters x 2 pipelines x 2 rates
    val policies = Set("unbounded", "drop-newest", "conflate", "block")
    val rows = r.out.linesIterator.filter(l => policies(l.trim.takeWhile(_ != ' '))).toVector
    assertEquals(rows.size, 32, r.out)
    val records = JsonDoc.array(JsonDoc(text), "results")
    assertEquals(records.size, 32, text)
    for (rec <- records) {
      for (
        key <- Vector(
          "queue",
          "interpreter",
          "rate",
          "sent",
          "processed",
          "dropped",
          "p50Ns",
          "p99Ns",
          "p999Ns",
          "maxNs",
          "meanNs",
          "peakHeapBytes"
        )
      )
        assert(JsonDoc.has(rec, key), s"$key missing in $rec")
      val drops = rec.hcursor.downField("dropped").as[Map[String, Long]].fold(
        e => fail(s"dropped: $e in $rec"),
        identity
      )
      assertEquals(JsonDoc.long(rec, "sent"), Some(400L), rec)
      assertEquals(JsonDoc.long(rec, "processed").map(_ + drops.values.sum), Some(400L), rec)
      val policy = JsonDoc.string(rec, "policy")
      if (policy.contains("block") || policy.contains("unbounded"))
        assert(!drops.keys.exists(k => k.contains("queue-full") || k.contains("superseded")), rec)
      if (JsonDoc.string(rec, "pipeline").contains("plain"))
        assert(!drops.keys.exists(_.contains("expired")), rec)
    }
  }

  test("an unwritable --json fails at once with one line, before any measuring") {
    val r = CliRun("bench", "trader", "--json", "no/such/dir/out.json")()
    assertEquals(r.status, 1)
    assertEquals(r.out, "")
    assertEquals(r.err.trim, "mvt bench trader: cannot write no/such/dir/out.json: no such file or directory")
  }

  test("refused: a zero rate, a trailing comma, an unknown pacing or pipeline, negative cost") {
    for (
      args <- Vector(
        Vector("--rates", "0"),
        Vector("--rates", "4000,"),
        Vector("--policy", "block,,conflate"),
        Vector("--pacing", "sleep"),
        Vector("--pipeline", "fast"),
        Vector("--cost-us", "-1")
      )
    ) {
      val r = CliRun(("bench" +: "trader" +: args)*)()
      assertEquals(r.status, 1, s"$args: ${r.err}")
      assert(!r.err.contains("Exception"), r.err)
    }
  }
}
