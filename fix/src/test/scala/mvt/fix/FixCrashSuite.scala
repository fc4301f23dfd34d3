package mvt.fix

import mvt.core.*
import mvt.orderbook.{Engine, TradingDay}
import mvt.workload.CommandLogReader
import quickfix.Message

import java.io.{BufferedInputStream, BufferedReader, FileInputStream, InputStreamReader}
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import scala.collection.mutable

/** `kill -9` of a venue (a forked JVM) while a FIX client sends: after the restart, nothing acknowledged is lost or doubled. */
class FixCrashSuite extends munit.FunSuite with FixFixture {

  override val munitTimeout = scala.concurrent.duration.Duration(5, "min")

  def fork(dir: Path, port: Int, clientsFile: Path): Process = {
    val java = Path.of(System.getProperty("java.home"), "bin", "java").toString
    val p = new ProcessBuilder(
      java,
      "-Xmx512m",
      "-cp",
      System.getProperty("java.class.path"),
      "mvt.fix.ForkedVenue",
      dir.toString,
      port.toString,
      clientsFile.toString
    )
      .redirectError(ProcessBuilder.Redirect.INHERIT)
      .start()
    val out = new BufferedReader(new InputStreamReader(p.getInputStream))
    val line = out.readLine()
    assertEquals(line, "ready")
    p
  }

  // every order id some event of the journal names: what the venue made durable
  def journaledIds(journal: Path): Set[Long] = {
    val events = new Event.Collector
    val day = new TradingDay(Engine.Fast, events, None, None)
    val in = new BufferedInputStream(new FileInputStream(journal.toFile))
    try
      CommandLogReader.open(in).foreach { r =>
        var n = r.nextBlock()
        while (n > 0) {
          val books = r.symbols.map(day.bookOf).toArray
          r.columns.replay(day, books, 0, n)
          n = r.nextBlock()
        }
      }
    finally in.close()
    events.result().flatMap {
      case Event.Added(_, id, _, _, _) => Seq(id.value)
      case Event.Executed(_, b, s, _, _, _) => Seq(b.value, s.value)
      case Event.Rejected(_, id, _) => Seq(id.value)
      case _ => Seq.empty
    }.toSet
  }

  test(
    "kill -9 while a client sends: every acknowledged order is in the journal, none acknowledged twice, the client carries on"
  ) {
    withDir { dir =>
      val clientsFile = dir.resolve("clients.csv")
      clients.foreach(c => ClientsFile.add(clientsFile, c).fold(fail(_), identity))
      val port = FixTestClient.freePort()
      val venueDir = dir.resolve("venue")
      java.nio.file.Files.createDirectories(venueDir)
      var venue = fork(venueDir, port, clientsFile)
      val a = new FixTestClient("A", passwordOf("A"), port, storeDir = Some(dir.resolve("client-A"))).start()
      try {
        a.awaitLogon()
        val reports = mutable.ArrayBuffer.empty[Message]
        def drain(): Unit = {
          var m = a.received.poll(); while (m != null) { reports += m; m = a.received.poll() }
        }
        var i = 0
        def send(): Unit = {
          i += 1
          a.send(FixTestClient.limit(
            s"o$i",
            if (i % 2 == 0) '1' else '2',
            "ACME",
            1L + i % 7,
            if (i % 3 == 0) "10" else "10.5"
          ))
        }
        while (reports.count(_.getChar(150) == '0') < 60) { send(); Thread.sleep(2); drain() }
        venue.destroyForcibly() // SIGKILL
        assert(venue.waitFor(60, TimeUnit.SECONDS))
        val sentBefore = i
        venue = fork(venueDir, port, clientsFile)
        a.awaitLogon(60)
        (1 to 20).foreach(_ => send())
        val deadline = System.nanoTime() + 60000000000L
        def newOf(id: String) = reports.exists(m => m.getString(11) == id && m.getChar(150) == '0')
        while (((sentBefore + 1) to i).exists(k => !newOf(s"o$k")) && System.nanoTime() < deadline) {
          Thread.sleep(20); drain()
        }
        Thread.sleep(500); drain()
        assert(
          ((sentBefore + 1) to i).forall(k => newOf(s"o$k")),
          "every order after the restart is acknowledged"
        )
        val news = reports.filter(_.getChar(150) == '0').groupBy(_.getString(11)).view.mapValues(_.map(
          _.getString(17)
        ).distinct).toMap
        assert(news.values.forall(_.size == 1), s"an order acknowledged twice: ${news.filter(_._2.size > 1)}")
        val ids =
          reports.filter(_.getChar(150) == '0').map(m => m.getString(11) -> m.getString(37).toLong).distinct
        assertEquals(ids.map(_._2).distinct.size, ids.size, "distinct orders, distinct OrderIDs")
        a.stop()
        venue.destroyForcibly(); venue.waitFor(60, TimeUnit.SECONDS)
        val journaled = journaledIds(venueDir.resolve(s"$Day.mvtc"))
        val lost = ids.filterNot((_, id) => journaled.contains(id))
        assert(lost.isEmpty, s"acknowledged but not in the journal: $lost")
      } finally { a.stop(); venue.destroyForcibly(); val _ = venue.waitFor(60, TimeUnit.SECONDS) }
    }
  }
}
