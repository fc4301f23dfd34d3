package mvt.cli

/** `mvt bench report`: the fold part's table and JSON on a small session, and its usage errors. */
class ReportBenchCommandSuite extends munit.FunSuite {
  // the service part runs every part of the report service, live updates too: generous on a busy machine
  override val munitTimeout: scala.concurrent.duration.Duration = scala.concurrent.duration.Duration(5, "min")
  private val small =
    Vector(
      "--days",
      "2",
      "--commands-per-day",
      "20000",
      "--accounts",
      "30",
      "--symbols",
      "4",
      "--repeat",
      "2",
      "--warmup",
      "0"
    )

  test(
    "bench report --service: ingest against the old store, the portal, the naive report and live updates"
  ) {
    val (r, text) = CliRun.withJson(
      "bench",
      "report",
      "--service",
      "--days",
      "1",
      "--commands-per-day",
      "20000",
      "--accounts",
      "40",
      "--symbols",
      "4",
      "--rate",
      "200",
      "--requests",
      "300",
      "--naive-requests",
      "40",
      "--http-threads",
      "2",
      "--live-streams",
      "3",
      "--live-rate",
      "200",
      "--live-seconds",
      "2"
    )
    assert(r.out.contains("Ingest: 1 days of 20,000 commands"), r.out)
    val doc = JsonDoc(text)
    val service = doc.hcursor.downField("service")
    val trades = service.downField("ingest").downField("trades").as[Long].toOption
    assert(trades.exists(_ > 0), doc.spaces2)
    assert(r.out.contains(f"${trades.get}%,d trades"), r.out)
    assertEquals(service.downField("serverHttpWorkerThreads").as[Int].toOption, Some(2), doc.spaces2)
    assert(r.out.contains("the server on 2 workers of its own"), r.out)
    // every request answered, and answered well: the figures are measured on real responses
    for ((part, n) <- Vector("portal" -> 300L, "naivePortal" -> 40L)) {
      assertEquals(service.downField(part).downField("sent").as[Long].toOption, Some(n), part)
      assertEquals(service.downField(part).downField("ok").as[Long].toOption, Some(n), part)
    }
    // the live part: every stream open, events received and each matched to a trade written
    val live = doc.hcursor.downField("live")
    assertEquals(live.downField("streamsOpened").as[Int].toOption, Some(3), doc.spaces2)
    assert(live.downField("events").as[Long].toOption.exists(_ > 0), doc.spaces2)
    assert(r.out.contains("Live updates: 3 of 3 event streams open"), r.out)
  }

  test("bench report --fold: the machine, the fold and the naive line; --json holds the same trades") {
    val (r, text) = CliRun.withJson("bench" +: "report" +: "--fold" +: small*)
    assert(r.out.startsWith("Machine: "), r.out)
    val lines = r.out.linesIterator.map(_.trim).toVector
    assert(lines.exists(_.startsWith("fold ")), r.out)
    assert(lines.exists(_.startsWith("naive ")), r.out)
    val doc = JsonDoc(text)
    assert(JsonDoc.has(doc, "machine"))
    val fold = doc.hcursor.downField("fold").focus.get
    assertEquals(JsonDoc.long(fold, "days"), Some(2L))
    assertEquals(JsonDoc.long(fold, "accounts"), Some(30L))
    val foldTrades = fold.hcursor.downField("fold").downField("trades").as[Long].toOption
    val naiveTrades = fold.hcursor.downField("naive").downField("trades").as[Long].toOption
    assert(foldTrades.exists(_ > 0), fold.spaces2)
    assertEquals(foldTrades, naiveTrades)
    assertEquals(fold.hcursor.downField("fold").downField("pass_nanos").values.map(_.size), Some(2))
    assert(r.out.contains(f"${foldTrades.get}%,d trades"), r.out)
  }

  for (
    (opt, value) <- Vector(
      "--days" -> "0",
      "--accounts" -> "-1",
      "--repeat" -> "0",
      "--warmup" -> "-2",
      "--http-threads" -> "-1",
      "--live-streams" -> "0",
      "--live-rate" -> "0"
    )
  )
    test(s"bench report $opt $value: a usage error before measuring anything") {
      val r = CliRun("bench", "report", opt, value)()
      assertEquals(r.status, 1, r.err)
      assertEquals(r.out, "")
      assert(r.err.contains(opt), r.err)
      assert(r.err.contains("--help shows the usage"), r.err)
    }
}
