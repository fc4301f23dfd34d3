package mvt.demo

import mvt.cluster.fork.{ForkedNode, NodeEvents}
import mvt.core.{Account, PasswordHash}
import mvt.core.files.FileTree
import mvt.fix.{Client, ClientsFile, JournaledOrders}
import mvt.workload.{AccountMix, DayGenerator, DayPlan, WorkloadProfile}

import java.nio.file.{Files, Path}
import java.time.LocalDate
import scala.jdk.CollectionConverters.*

/**
 * The demo's live day: a trading day that runs, not a replay. The cluster's exchange node runs the venue, journaling
 * into the demo's journal directory and accepting FIX sessions; the recorded market plays through it, a few FIX
 * clients (QuickFIX/J sessions in this process) send a generated order flow, and two trader JVMs trade on it.
 * Midway the venue is killed with SIGKILL and started again on its journal: it recovers the day, the clients
 * reconnect and carry on, the traders resend what was not acknowledged. At the end every order the venue
 * acknowledged to a FIX client must be in the journal. Real forked JVMs, a real `kill -9`, real files.
 */
object LiveDay {

  /** The live day's date: the weekday after the demo's client days. */
  val Date: LocalDate = LocalDate.of(2026, 3, 9)

  private val Clients = 3
  private val Speed = 1500
  private val OrdersPerSecond = 200
  private val KillAfterMillis = 6000L
  private val Commands = 60_000

  /** The leg, blocking: true when the day ended normally and no acknowledged order was lost. */
  def run(seed: Long, journal: Path, c: Demo.Console): Boolean = {
    val (out, progress) = (c.out, c.progress)
    val work = Files.createTempDirectory("mvt-demo-live")
    try {
      clear(journal)
      val plan = DayPlan(Date, 1, Commands, WorkloadProfile.normal, AccountMix(20), seed)
      val day = work.resolve("market.csv")
      val market = progress.phase("live day: market")(new DayGenerator(plan).next().batch)
      val o = Files.newOutputStream(day)
      try market.writeCsv(o)
      finally o.close()
      // the clients' own flow: the same kind of day, another seed, so its prices meet the market's
      val flow = new DayGenerator(plan.copy(seed = seed + 1)).next().batch
      val symbols = market.symbols.map(_.name).toSet
      val clientsFile = work.resolve("clients.csv")
      val logins = progress.phase("live day: FIX clients")(clients(clientsFile))
      out.println(
        f"The live day, $Date: the venue journals in $journal and accepts FIX sessions; the recorded market plays " +
          f"at $Speed%,d times real time, $Clients FIX clients send orders at $OrdersPerSecond a second, and two " +
          s"trader JVMs trade on it (bounded mode). Once the clients have traded ${KillAfterMillis / 1000} s the venue " +
          "is killed with SIGKILL and started again on its journal."
      )
      out.flush()
      val fixPort = ForkedNode.freePort()
      val common =
        Vector("--consistency", "bounded", "--accounts", "6", "--balance", "20000000", "--down-after", "3000")
      def exchangeArgs(port: Int, seeds: Vector[String]) =
        Vector("node", "--role", "exchange", "--port", port.toString, "--data", day.toString) ++
          Vector("--dir", journal.toString, "--traders", "2", "--speed", Speed.toString) ++
          Vector("--fix-port", fixPort.toString, "--clients", clientsFile.toString) ++
          seeds.flatMap(s => Vector("--seed", s)) ++ common
      val port = ForkedNode.freePort()
      val first = ForkedNode.start(c.launcher, work, "venue", exchangeArgs(port, Vector.empty))
      val traderArgs =
        Vector("node", "--role", "trader", "--seed", s"127.0.0.1:$port", "--budget", "500ms") ++ common
      val traders = Vector(1, 2).map(i => ForkedNode.start(c.launcher, work, s"trader-$i", traderArgs))
      var again: Option[ForkedNode] = None
      val fix = new LiveFixClients(fixPort, logins, "MVT")
      @volatile var open = true
      val sender = new Thread(() => fix.send(flow, symbols, OrdersPerSecond, () => open), "demo-fix-clients")
      def nodes = (first +: traders) ++ again
      def failed(why: String): Boolean = {
        c.err.println(s"mvt demo: the live day: $why")
        nodes.foreach(n => (n.errors.takeRight(5)).foreach(l => c.err.println(s"  ${n.name}: $l")))
        false
      }
      try {
        val started = progress.phase("live day: forming")(
          until(300)(NodeEvents(first.events).dayStarted || !first.process.isAlive)
        ) && NodeEvents(first.events).dayStarted
        if (!started) failed("the venue and its traders did not start the day")
        else {
          // the clients log on as soon as the venue takes sessions; each order waits until its session is up
          fix.start()
          sender.setDaemon(true)
          sender.start()
          val quotes = journal.resolve(s"$Date.quotes.csv")
          val span = sessionSpan(market)
          val dayStart = System.currentTimeMillis
          // the kill comes once the clients have traded a while, or, on a slow machine, before the day is half
          // over whatever the clients did, so that there is a day left to recover into
          progress.phase("live day: trading")(until(300)(
            !first.process.isAlive || fix.ordersTaken > 0 && fix.loggedOnFor >= KillAfterMillis ||
              played(quotes, span) >= 0.4
          ))
          if (!first.process.isAlive) failed("the venue ended before it could be killed")
          else {
            val acknowledged = fix.ordersTaken
            first.process.destroyForcibly() // SIGKILL: no final commit, no goodbye to the sessions
            first.process.waitFor()
            out.println(
              f"venue killed with SIGKILL ${(System.currentTimeMillis - dayStart) / 1000.0}%.1f s into the day: " +
                f"$acknowledged%,d orders acknowledged to the FIX clients so far"
            )
            out.flush()
            val seeds = traders.flatMap(t => NodeEvents(t.events).node)
            val restarted =
              ForkedNode.start(
                c.launcher,
                work,
                "venue-again",
                exchangeArgs(ForkedNode.freePort(), seeds.map(_.value))
              )
            again = Some(restarted)
            val recovered = progress.phase("live day: recovering")(
              until(300)(restarted.errors.exists(_.contains("recovered")) || !restarted.process.isAlive)
            ) && restarted.errors.exists(_.contains("recovered"))
            restarted.errors.find(_.contains("recovered")).foreach(l =>
              out.println(
                s"venue restarted on its journal: ${l.stripPrefix("mvt node: ").stripPrefix("venue: ")}"
              )
            )
            out.flush()
            if (!recovered) failed("the restarted venue did not recover its journal")
            else {
              progress.phase("live day: trading on")(until(600)(!restarted.process.isAlive))
              open = false
              fix.stop()
              sender.join(10000)
              if (restarted.process.isAlive) failed("the day did not end")
              else if (restarted.process.exitValue != 0)
                failed(s"the venue ended with status ${restarted.process.exitValue}")
              else report(journal, fix, NodeEvents(restarted.events), out)
            }
          }
        }
      } finally {
        open = false
        fix.stop()
        nodes.foreach(_.process.destroy())
        nodes.foreach(_.process.waitFor())
      }
    } finally FileTree.delete(work)
  }

  // what the clients were told against what the journal holds, and the cluster's reconciliation
  private def report(
      journal: Path,
      fix: LiveFixClients,
      exchange: NodeEvents,
      out: java.io.PrintStream
  ): Boolean = {
    val day = Date.toString
    val missing = JournaledOrders.of(journal, day).map(fix.takenOrders.diff(_))
    val taken = fix.takenOrders.size
    missing match {
      case Left(e) =>
        out.println(s"FIX clients: cannot read the venue's order log: $e")
        false
      case Right(lost) =>
        out.println(
          f"FIX clients: ${fix.sent}%,d orders and cancels sent, $taken%,d orders acknowledged, " +
            f"${fix.refused}%,d refused, ${fix.fills}%,d fills reported; " +
            (if (lost.isEmpty) "every acknowledged order is in the journal after the crash"
             else
               f"${lost.size}%,d acknowledged orders are NOT in the journal: ${lost.take(5).mkString(", ")}")
        )
        // the restarted exchange restores its credits from the journal: every balance must meet its fills
        val reconciled = exchange.summary.exists { s =>
          val off = exchange.accounts.filter(_.missing != 0L)
          out.println(
            f"trader cluster: ${s.orders}%,d orders, ${s.fills}%,d fills, ${s.duplicates}%,d resends ignored after " +
              f"the restart; ${exchange.accounts.size} accounts, " +
              (if (off.isEmpty && s.reconciled) "every balance reconciled to the cent with the trade feed"
               else
                 f"NOT reconciled: ${off.size} off their fills by ${off.map(a => math.abs(a.missing)).sum}%,d " +
                   f"cents in all (${off.map(a => s"${a.account.value} ${a.missing}").mkString(", ")})")
          )
          off.isEmpty && s.reconciled
        }
        if (exchange.summary.isEmpty)
          out.println("trader cluster: the restarted venue reported no reconciliation")
        out.flush()
        lost.isEmpty && reconciled
    }
  }

  // a previous run's live day: its journal, feeds, side files and the FIX sessions' store
  private def clear(journal: Path): Unit = {
    Files.createDirectories(journal)
    Files.list(journal).iterator.asScala.toVector
      .filter(_.getFileName.toString.startsWith(s"$Date."))
      .foreach(Files.delete)
    FileTree.delete(journal.resolve("fix-store"))
  }

  // the clients file (salted hashes only) and the logins, with passwords made anew for this run
  private def clients(file: Path): Vector[LiveFixClients.Login] =
    (1 to Clients).toVector.map { k =>
      val bytes = new Array[Byte](16)
      new java.security.SecureRandom().nextBytes(bytes)
      val password = bytes.map(b => f"${b & 0xff}%02x").mkString
      val compId = s"CLIENT-$k"
      ClientsFile.add(
        file,
        Client(compId, Account(9000 + k), PasswordHash.create(password.toCharArray, ClientsFile.Iterations))
      )
        .fold(e => throw new IllegalStateException(e), identity)
      LiveFixClients.Login(compId, password)
    }

  // the first and last clock records of the recorded day, epoch nanos
  private def sessionSpan(market: mvt.workload.CommandBatch): Option[(Long, Long)] = {
    val times = (0 until market.size).filter(market.isTime).map(market.time)
    Option.when(times.size >= 2 && times.last > times.head)((times.head, times.last))
  }

  // how much of the session the venue has played, by the time of its quote feed's last complete line
  private def played(quotes: Path, span: Option[(Long, Long)]): Double =
    if (!Files.exists(quotes) || span.isEmpty) 0.0
    else {
      val ch = java.nio.channels.FileChannel.open(quotes)
      try {
        val size = ch.size
        val buf = java.nio.ByteBuffer.allocate(math.min(size, 512L).toInt)
        val _ = ch.read(buf, size - buf.capacity)
        val text = new String(buf.array, 0, buf.position, java.nio.charset.StandardCharsets.UTF_8)
        val lines = text.split('\n').toVector.dropRight(if (text.endsWith("\n")) 0 else 1)
        lines.reverseIterator.map(_.takeWhile(_ != ','))
          .flatMap(t => scala.util.Try(java.time.Instant.parse(t)).toOption).nextOption()
          .fold(0.0) { at =>
            val nanos = at.getEpochSecond * 1_000_000_000L + at.getNano
            span.fold(0.0)((from, to) => (nanos - from).toDouble / (to - from))
          }
      } finally ch.close()
    }

  // waits until `cond` holds or `seconds` pass; whether it held
  private def until(seconds: Int)(cond: => Boolean): Boolean = {
    val deadline = System.currentTimeMillis + seconds * 1000L
    while (!cond && System.currentTimeMillis < deadline) Thread.sleep(50)
    cond
  }
}
