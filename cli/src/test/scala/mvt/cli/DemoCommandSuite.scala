package mvt.cli

import scala.jdk.CollectionConverters.*

/** `mvt demo` on a small session: every part of its report, and status 0 when the engines agree. */
class DemoCommandSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(5, "min")

  test(
    "a small demo prints events, throughput, books, the five most active clients, the trader and the live day"
  ) {
    val dir = java.nio.file.Files.createTempDirectory("mvt-demo")
    val r = CliRun("demo", "--commands", "30000", "--seed", "7", "--dir", dir.toString)()
    assertEquals(r.status, 0, r.err)
    for (
      part <- Vector(
        "Events (",
        "Throughput",
        "events of both engines: identical",
        "busiest books",
        "Automated trader",
        // the live day: the venue as a forked JVM with FIX clients and traders on it, killed and restarted
        "The live day, 2026-03-09",
        "venue killed with SIGKILL",
        "venue restarted on its journal: recovered ",
        "every acknowledged order is in the journal after the crash",
        "trader cluster: "
      )
    )
      assert(r.out.contains(part), s"no '$part' in:\n${r.out}")
    val lines = r.out.linesIterator.toVector
    val header = lines.indexWhere(_.startsWith("Most active clients"))
    assert(header >= 0, r.out)
    val rows = lines.drop(header + 2).takeWhile(_.trim.nonEmpty)
    assertEquals(rows.size, 5, r.out)
    // busiest first, and none of them the house
    val volumes = rows.map(_.trim.split("\\s+")).map(f => (f(0).toInt, f(1).replace(",", "").toLong))
    assert(volumes.forall(_._1 > 0), rows)
    assertEquals(volumes.map(_._2), volumes.map(_._2).sortBy(-_))

    // the client days: best and worst by the day's PnL, and each one's PnL to date as `mvt report` gives it
    val best = lines.indexWhere(_.startsWith("Best and worst clients of the day, to "))
    assert(best >= 0, r.out)
    val at = lines(best).stripPrefix("Best and worst clients of the day, to ").takeWhile(_ != ' ')
    val ranked =
      lines.drop(best + 2).takeWhile(_.trim.nonEmpty).filterNot(_.trim == "...").map(_.trim.split("\\s+"))
    assertEquals(ranked.size, 6, r.out)
    val day = ranked.map(f => BigDecimal(f(2)))
    assertEquals(day, day.sorted.reverse)
    val journal = dir.resolve("journal")
    val files = java.nio.file.Files.list(journal).iterator.asScala.map(_.getFileName.toString).toVector.sorted
    // the five client days and the live day's venue feeds
    assertEquals(files.count(_.endsWith(".trades.csv")), 6, files)
    assert(files.contains("2026-03-09.mvtc"), files)
    val trades = dir.resolve("all.trades.csv")
    val quotes = dir.resolve("all.quotes.csv")
    java.nio.file.Files.write(
      trades,
      files.filter(_.endsWith(".trades.csv")).flatMap(f =>
        java.nio.file.Files.readAllLines(journal.resolve(f)).asScala
      ).asJava
    )
    java.nio.file.Files.write(
      quotes,
      ("time,symbol,bid,bid_size,ask,ask_size" +: files.filter(_.endsWith(".quotes.csv"))
        .flatMap(f => java.nio.file.Files.readAllLines(journal.resolve(f)).asScala.drop(1))).asJava
    )
    val report = CliRun("report", "--trades", trades.toString, "--quotes", quotes.toString, "--at", at)()
    assertEquals(report.status, 0, report.err)
    val toDate = report.out.linesIterator.drop(1).map(_.split(',')).toVector.groupMapReduce(_(0).toInt)(f =>
      BigDecimal(f(6))
    )(_ + _)
    ranked.foreach(f => assertEquals(toDate(f(1).toInt), BigDecimal(f(3)), f.mkString(" ")))
    mvt.core.files.FileTree.delete(dir)
  }
}
