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

  // one line of a received message for a failure's text: its number, PossDup, and for a report its ClOrdID,
  // ExecType, OrdStatus and CumQty
  private def brief(m: Message): String = {
    val h = m.getHeader
    def f(tag: Int) = if (m.isSetField(tag)) m.getString(tag) else "-"
    val dup = if (h.isSetField(43) && h.getBoolean(43)) " dup" else ""
    if (h.getString(35) == "8") s"#${h.getString(34)}$dup ${f(11)} 150=${f(150)} 39=${f(39)} 14=${f(14)}"
    else s"#${h.getString(34)}$dup 35=${h.getString(35)} ${f(58)}"
  }

  private def isReport(m: Message) = m.getHeader.getString(35) == "8"

  // the journal's events of order `id`, each with its index in the journal, on one line
  private def eventsOf(events: Vector[Event], id: Long): String =
    events.zipWithIndex.collect {
      case (Event.Added(_, i, _, px, q), k) if i.value == id => s"#$k added ${q.units}@${px.render}"
      case (Event.Executed(_, b, o, px, q, _), k) if b.value == id || o.value == id =>
        s"#$k filled ${q.units}@${px.render} with ${if (b.value == id) o.value else b.value}"
      case (Event.Modified(_, i, _, px, q), k) if i.value == id => s"#$k modified to ${q.units}@${px.render}"
      case (Event.Canceled(_, i, _), k) if i.value == id => s"#$k canceled"
      case (Event.Expired(_, i, _), k) if i.value == id => s"#$k expired"
      case (Event.Rejected(_, i, r), k) if i.value == id => s"#$k rejected ${r.text}"
    }.mkString(" | ")

  // progress on stderr beside the forked venue's lines, so a log cut at a timeout shows how far a case got
  private def note(line: String): Unit = System.err.println(s"FixCrashSuite: $line")

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
        def isNew(m: Message) = isReport(m) && m.getChar(150) == '0'
        while (reports.count(isNew) < 60) { send(); Thread.sleep(2); drain() }
        venue.destroyForcibly() // SIGKILL
        assert(venue.waitFor(60, TimeUnit.SECONDS))
        val sentBefore = i
        note(
          s"one session: killed after $sentBefore orders sent, ${reports.count(isNew)} New reports received"
        )
        venue = fork(venueDir, port, clientsFile)
        a.awaitLogon(60)
        (1 to 20).foreach(_ => send())
        val deadline = System.nanoTime() + 60000000000L
        def newOf(id: String) = reports.exists(m => isNew(m) && m.getString(11) == id)
        def missing = ((sentBefore + 1) to i).map(k => s"o$k").filterNot(newOf)
        while (missing.nonEmpty && System.nanoTime() < deadline) { Thread.sleep(20); drain() }
        Thread.sleep(500); drain()
        assert(
          missing.isEmpty,
          s"orders sent after the restart without a New report: ${missing.take(10).mkString(", ")} of ${i - sentBefore}" +
            s"; the last messages received: ${reports.takeRight(6).map(brief).mkString(" | ")}"
        )
        val news =
          reports.filter(isNew).groupBy(_.getString(11)).view.mapValues(_.map(_.getString(17)).distinct).toMap
        assert(
          news.values.forall(_.size == 1),
          s"orders acknowledged twice (ClOrdID -> ExecIDs): ${news.filter(_._2.size > 1).take(10)}"
        )
        val ids = reports.filter(isNew).map(m => m.getString(11) -> m.getString(37).toLong).distinct
        val shared = ids.groupBy(_._2).filter(_._2.size > 1)
        assert(shared.isEmpty, s"OrderIDs given to two ClOrdIDs: ${shared.take(10)}")
        a.stop()
        venue.destroyForcibly(); venue.waitFor(60, TimeUnit.SECONDS)
        val journaled = journaledIds(venueDir.resolve(s"$Day.mvtc"))
        val lost = ids.filterNot((_, id) => journaled.contains(id))
        assert(
          lost.isEmpty,
          s"acknowledged but not in the journal (ClOrdID, OrderID): ${lost.take(10)} of ${lost.size}"
        )
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
      // New reports counted as they arrive: counting the whole history at every look costs, under a loaded CI
      // machine, the CPU the restarting venue needs
      val newReports = new java.util.concurrent.atomic.AtomicInteger
      def take(c: FixTestClient): Unit = {
        var m = c.received.poll()
        while (m != null) {
          got(c.compId).add(m)
          if (m.getHeader.getString(35) == "8" && m.getChar(150) == '0') {
            val _ = newReports.incrementAndGet()
          }
          m = c.received.poll()
        }
      }
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
            take(c)
            Thread.sleep(5)
          }
        })
        t.setDaemon(true)
        t
      }
      def news = newReports.get
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
        note(s"three sessions: killed at journal event $atKill, $before New reports received")
        venue = fork(venueDir, port, clientsFile)
        cs.foreach(_.awaitLogon(60))
        while (news < before + 30 && System.nanoTime() < deadline) Thread.sleep(10)
        sending = false
        senders.foreach(_.join(60000))
        note(s"three sessions: ${news - before} New reports after the restart; settling")
        val journal = venueDir.resolve(s"$Day.mvtc")
        val accountOf = clients.map(c => c.compId -> c.account.value).toMap
        def received(c: FixTestClient) = got(c.compId).toArray(Array.empty[Message]).toVector
        def view(c: FixTestClient) = JournalOutcome.reported(received(c))
        def mine(c: FixTestClient, expected: Map[Long, JournalOutcome.Order]) =
          expected.filter(_._2.account == accountOf(c.compId))
        def state(o: JournalOutcome.Order) = (o.status, o.cumQty, o.leavesQty)
        def reportsOf(c: FixTestClient) = received(c).filter(isReport)
        def settled(expected: Map[Long, JournalOutcome.Order]) = cs.forall { c =>
          val v = view(c)
          mine(c, expected).forall((id, o) => v.get(id).map(state).contains(state(o)))
        }
        var expected = JournalOutcome.of(journal)
        val settleBy = System.nanoTime() + 60000000000L
        // each look reads the journal and every report again: a few a second
        while (!settled(expected) && System.nanoTime() < settleBy) {
          Thread.sleep(200)
          cs.foreach(take)
          expected = JournalOutcome.of(journal)
        }
        assert(expected.size >= 60, s"orders journaled: ${expected.size}")
        // every broken promise, gathered, then shown compactly: the first few in detail (the client's reports of the
        // order and its journal events, `atKill` of them there at the kill), each session's last messages
        val wrong = mutable.ArrayBuffer.empty[(FixTestClient, Long, String)]
        cs.foreach { c =>
          val v = view(c)
          val own = mine(c, expected)
          val reports = reportsOf(c)
          def st(o: JournalOutcome.Order) = s"39=${o.status} cum=${o.cumQty} leaves=${o.leavesQty}"
          own.toVector.sortBy(_._1).foreach { (id, o) =>
            val told = v.get(id)
            if (!told.map(state).contains(state(o)))
              wrong += ((c, id, s"journal ${st(o)}, client ${told.fold("nothing")(st)}"))
            // a fill whose report the crash lost is restated (150=D) instead: never more fills than the journal's
            val ofId = reports.filter(_.getString(37) == id.toString)
            val fills = ofId.filter(_.getChar(150) == 'F').map(m => (m.getString(31), m.getString(32).toLong))
            if (ofId.exists(_.getChar(150) == 'D')) {
              if (fills.map(_._2).sum > o.cumQty)
                wrong += ((c, id, s"restated with more filled than the journal's"))
            } else if (fills != o.fills) wrong += ((c, id, s"fills $fills, the journal's ${o.fills}"))
          }
          // an order the journal does not hold was logged but not taken before the crash: it may only be rejected
          reports.filter(m => m.getString(37) != "NONE" && !own.contains(m.getString(37).toLong)).foreach {
            m =>
              val ok = (m.getChar(150), m.getChar(39), m.getString(14)) == ('8', '8', "0") &&
                m.getString(11).startsWith(c.compId)
              if (!ok) wrong += ((
                c,
                m.getString(37).toLong,
                s"a report of an order the journal does not hold: ${brief(m)}"
              ))
          }
          val execIds = reports.map(_.getString(17))
          val twice = execIds.diff(execIds.distinct).distinct
          if (twice.nonEmpty)
            wrong += ((c, 0L, s"reports received twice, ExecIDs ${twice.take(5).mkString(", ")}"))
        }
        if (wrong.nonEmpty) {
          val events = journalEvents(journal)
          val shown = wrong.take(5).map { (c, id, what) =>
            val trail =
              reportsOf(c).filter(_.getString(37) == id.toString).takeRight(8).map(brief).mkString(" | ")
            s"${c.compId} order $id: $what\n  reports: $trail\n  journal: ${eventsOf(events, id).takeRight(400)}"
          }
          val last = cs.map(c => s"${c.compId} last: ${received(c).takeRight(3).map(brief).mkString(" | ")}")
          fail(
            (s"${wrong.size} broken (journaled orders ${expected.size}, kill at journal event $atKill):" +:
              (shown ++ last)).mkString("\n")
          )
        }
      } finally {
        sending = false
        cs.foreach(_.stop())
        venue.destroyForcibly(); val _ = venue.waitFor(60, TimeUnit.SECONDS)
      }
    }
  }
}
