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

  // the engine's events of the journal, replayed
  def journalEvents(journal: Path): Vector[Event] = {
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
    events.result()
  }

  // every order id some event of the journal names: what the venue made durable
  def journaledIds(journal: Path): Set[Long] =
    journalEvents(journal).flatMap {
      case Event.Added(_, id, _, _, _) => Seq(id.value)
      case Event.Executed(_, b, s, _, _, _) => Seq(b.value, s.value)
      case Event.Rejected(_, id, _) => Seq(id.value)
      case _ => Seq.empty
    }.toSet

  // the clients file, a free port for the gateway and the venue's directory, in `dir`
  private def setUp(dir: java.nio.file.Path): (java.nio.file.Path, Int, java.nio.file.Path) = {
    val clientsFile = dir.resolve("clients.csv")
    clients.foreach(c => ClientsFile.add(clientsFile, c).fold(fail(_), identity))
    val venueDir = dir.resolve("venue")
    java.nio.file.Files.createDirectories(venueDir)
    (clientsFile, FixTestClient.freePort(), venueDir)
  }

  test(
    "kill -9 while a client sends: every acknowledged order is in the journal, none acknowledged twice, the client carries on"
  ) {
    withDir { dir =>
      val (clientsFile, port, venueDir) = setUp(dir)
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

  test(
    "kill -9 with three sessions sending: after restart and resend each client's reports equal the journal's outcome of its orders, none missing, none twice"
  ) {
    withDir { dir =>
      val (clientsFile, port, venueDir) = setUp(dir)
      var venue = fork(venueDir, port, clientsFile)
      val cs = Vector("A", "B", "C").map(c =>
        new FixTestClient(c, passwordOf(c), port, storeDir = Some(dir.resolve(s"client-$c"))).start()
      )
      val got = cs.map(c => c.compId -> new java.util.concurrent.ConcurrentLinkedQueue[Message]()).toMap
      @volatile var sending = true
      // each client sends from its own thread, through the crash too: what it sends while cut off is resent
      val senders = cs.zipWithIndex.map { (c, k) =>
        val t = new Thread(() => {
          val rnd = new scala.util.Random(k.toLong)
          var i = 0
          while (sending) {
            i += 1
            val id = s"${c.compId}$i"
            val side = if (rnd.nextBoolean()) '1' else '2'
            val px = f"${9.97 + rnd.nextInt(7) * 0.01}%.2f"
            if (i > 3 && rnd.nextInt(5) == 0)
              c.send(FixTestClient.cancel(id, s"${c.compId}${i - 3}", '1', "ACME"))
            else c.send(FixTestClient.limit(id, side, "ACME", 1L + rnd.nextInt(9), px))
            var m = c.received.poll(); while (m != null) { got(c.compId).add(m); m = c.received.poll() }
            Thread.sleep(3)
          }
        })
        t.setDaemon(true)
        t
      }
      def news = got.values.map(_.toArray(Array.empty[Message]).count(m =>
        m.getHeader.getString(35) == "8" && m.getChar(150) == '0'
      )).sum
      try {
        cs.foreach(_.awaitLogon())
        senders.foreach(_.start())
        val deadline = System.nanoTime() + 120000000000L
        while (news < 60 && System.nanoTime() < deadline) Thread.sleep(10)
        val kill = new ProcessBuilder("kill", "-9", venue.pid.toString).start()
        assertEquals(kill.waitFor(), 0)
        assert(venue.waitFor(60, TimeUnit.SECONDS))
        val before = news
        val atKill = journalEvents(venueDir.resolve(s"$Day.mvtc")).size
        venue = fork(venueDir, port, clientsFile)
        cs.foreach(_.awaitLogon(60))
        while (news < before + 30 && System.nanoTime() < deadline) Thread.sleep(10)
        sending = false
        senders.foreach(_.join(60000))
        val journal = venueDir.resolve(s"$Day.mvtc")
        val accountOf = clients.map(c => c.compId -> c.account.value).toMap
        def view(c: FixTestClient) = JournalOutcome.reported(got(c.compId).toArray(Array.empty[Message]))
        def mine(c: FixTestClient, expected: Map[Long, JournalOutcome.Order]) =
          expected.filter(_._2.account == accountOf(c.compId))
        def state(o: JournalOutcome.Order) = (o.status, o.cumQty, o.leavesQty)
        def reportsOf(c: FixTestClient) =
          got(c.compId).toArray(Array.empty[Message]).toVector.filter(_.getHeader.getString(35) == "8")
        def brief(m: Message) = {
          val h = m.getHeader
          s"seq=${h.getString(34)} possdup=${h.isSetField(43)} 150=${m.getChar(150)} 39=${m.getChar(39)} " +
            s"14=${m.getString(14)} 37=${m.getString(37)} 11=${m.getString(11)}"
        }
        def settled(expected: Map[Long, JournalOutcome.Order]) = cs.forall { c =>
          val v = view(c)
          mine(c, expected).forall((id, o) => v.get(id).map(state).contains(state(o)))
        }
        var expected = JournalOutcome.of(journal)
        val settleBy = System.nanoTime() + 60000000000L
        while (!settled(expected) && System.nanoTime() < settleBy) {
          Thread.sleep(50)
          cs.foreach { c =>
            var m = c.received.poll(); while (m != null) { got(c.compId).add(m); m = c.received.poll() }
          }
          expected = JournalOutcome.of(journal)
        }
        assert(expected.size >= 60, s"orders journaled: ${expected.size}")
        cs.foreach { c =>
          val v = view(c)
          val own = mine(c, expected)
          own.foreach { (id, o) =>
            lazy val trail = reportsOf(c).filter(_.getString(37) == id.toString).map(brief).mkString("\n")
            lazy val evs = journalEvents(journal).zipWithIndex.filter { (e, _) =>
              e match {
                case Event.Executed(_, b, s, _, _, _) => b.value == id || s.value == id
                case Event.Added(_, i, _, _, _) => i.value == id
                case _ => false
              }
            }.mkString("\n")
            lazy val others =
              cs.map(x => s"${x.compId}: ${reportsOf(x).takeRight(3).map(brief).mkString(" | ")}").mkString(
                "\n"
              )
            // on failure: the client's reports of the order, its journal events (by index; `atKill` were there at
            // the kill) and each session's last reports, to tell a lost report from a late one
            assertEquals(
              v.get(id).map(state),
              Some(state(o)),
              s"${c.compId} order $id journal=$o atKill=$atKill\n$trail\n$evs\n$others"
            )
          }
          // an order the journal does not hold was logged but not taken before the crash: it may only be rejected
          val untaken =
            reportsOf(c).filter(m => m.getString(37) != "NONE" && !own.contains(m.getString(37).toLong))
          untaken.foreach { m =>
            assertEquals(
              (m.getChar(150), m.getChar(39), m.getString(14)),
              ('8', '8', "0"),
              s"${c.compId}: a report of order ${m.getString(37)} (${m.getString(11)}), which the journal does not hold"
            )
            assert(
              m.getString(11).startsWith(c.compId),
              s"${c.compId}: a report of another session's order: $m"
            )
          }
          val reports =
            got(c.compId).toArray(Array.empty[Message]).toVector.filter(_.getHeader.getString(35) == "8")
          val execIds = reports.map(_.getString(17))
          assertEquals(execIds.distinct.size, execIds.size, s"${c.compId}: a report received twice")
          // a fill whose report the crash lost is restated (150=D) instead: never more fills than the journal's
          own.foreach { (id, o) =>
            val fills = reports.filter(m => m.getString(37) == id.toString && m.getChar(150) == 'F')
            val restated = reports.exists(m => m.getString(37) == id.toString && m.getChar(150) == 'D')
            if (restated) assert(fills.map(_.getString(32).toLong).sum <= o.cumQty, s"${c.compId} order $id")
            else assertEquals(
              fills.map(m => (m.getString(31), m.getString(32).toLong)),
              o.fills,
              s"${c.compId} order $id"
            )
          }
        }
      } finally {
        sending = false
        cs.foreach(_.stop())
        venue.destroyForcibly(); val _ = venue.waitFor(60, TimeUnit.SECONDS)
      }
    }
  }
}
