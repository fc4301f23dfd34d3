package mvt.cli

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Files as JFiles

/** `mvt bench trader` on a tiny sweep: every combination reported, and every event accounted for. Never timed. */
class TraderBenchCommandSuite extends munit.FunSuite {

  test("a small sweep: one row and one JSON record per combination, sent = processed + dropped") {
    CliRun.withTempFile(".json") { json =>
      val r = CliRun(
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
        "spin",
        "--json",
        json.toString
      )()
      assertEquals(r.status, 0, r.err)
      assert(r.out.contains("capacity"), r.out)
      // 4 queue setups x 2 interpreters x 2 pipelines x 2 rates
      val policies = Set("unbounded", "drop-newest", "conflate", "block")
      val rows = r.out.linesIterator.filter(l => policies(l.trim.takeWhile(_ != ' '))).toVector
      assertEquals(rows.size, 32, r.out)
      val text = new String(JFiles.readAllBytes(json), UTF_8)
      val records = "\\{\"policy\": [^{}]*\\{[^{}]*\\}[^{}]*\\}".r.findAllIn(text).toVector
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
          assert(rec.contains(s"\"$key\": "), s"$key missing in $rec")
        def num(key: String) = s"\"$key\": (\\d+)".r.findFirstMatchIn(rec).get.group(1).toLong
        val drops = "\"dropped\": \\{([^}]*)\\}".r.findFirstMatchIn(rec).get.group(1)
        val dropped = "\": (\\d+)".r.findAllMatchIn(drops).map(_.group(1).toLong).sum
        assertEquals(num("sent"), 400L, rec)
        assertEquals(num("processed") + dropped, 400L, rec)
        if (rec.contains("\"policy\": \"block\"") || rec.contains("\"policy\": \"unbounded\""))
          assert(!drops.contains("queue-full") && !drops.contains("superseded"), rec)
        if (rec.contains("\"pipeline\": \"plain\"")) assert(!drops.contains("expired"), rec)
      }
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
