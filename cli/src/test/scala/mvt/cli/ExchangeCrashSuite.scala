package mvt.cli

import mvt.core.files.FileTree
import mvt.core.{Account, PasswordHash}
import mvt.cluster.fork.{ForkedNode, NodeEvents}
import mvt.cluster.history.HistoryCheck
import mvt.cluster.{ExchangeLog, NodeEvent}
import mvt.demo.LiveFixClients
import mvt.fix.{Client, ClientsFile}
import mvt.trader.orders.StrategyIds
import mvt.venue.RecordedDay
import mvt.workload.{AccountMix, DayGenerator, DayPlan, WorkloadProfile}

import java.nio.file.Files as JFiles

/**
 * The cluster's exchange node on the venue, in the `bounded` mode, killed with SIGKILL mid-day and started again on
 * the same journal directory (real forked JVMs, a real `kill -9`, real files): it resumes the day, the traders'
 * unacknowledged order messages arrive again and are applied once, every order the side file and the journal hold
 * is there exactly once, every account reconciles with its fills to the cent (the credits the killed run made, lost
 * or had not made yet are restored from the journal, none twice), and the checker finds the nodes' histories clean.
 * FIX clients trade on the same venue throughout, as on the demo's live day, so the journal the restart rebuilds
 * the traders' orders from holds other submitters' orders too. Every node keeps a durable ledger in its directory;
 * once the day is over, one trader is stopped cleanly and the other killed with SIGKILL once it said its writes are
 * stored: with every node of the day gone, both started again on their directories have every account's balance
 * back to the cent (provisions, debits, credits), from their stores alone. One forked run checks all of it.
 */
class ExchangeCrashSuite extends munit.FunSuite {

  // what a node stopped by SIGTERM said of its ledger's writes: all of them stored before it halted
  private def stopped(n: ForkedNode): Vector[String] = n.errors.filter(_.contains("ledger writes stored"))

  private def balances(s: NodeEvent.Stored) = s.balances.map(b => b.account -> b.cents).toMap

  override val munitTimeout: scala.concurrent.duration.Duration = scala.concurrent.duration.Duration(4, "min")

  test(
    "kill -9 of the exchange node mid-day: restarted on its directory, it resumes the day and applies each order " +
      "once; every node gone, the traders' durable ledgers bring every balance back"
  ) {
    val dir = JFiles.createTempDirectory("mvt-exchange-crash")
    val day = ClusterDay.write(dir.resolve("day.csv"), java.time.LocalDate.of(2026, 3, 5), 60_000, 13L)
    val venueDir = dir.resolve("venue")
    val port = ForkedNode.freePort()
    // the FIX clients' own flow: the same kind of day, another seed, so its prices meet the market's
    val flowPlan =
      DayPlan(java.time.LocalDate.of(2026, 3, 5), 1, 60_000, WorkloadProfile.normal, AccountMix(20), 14L)
    val flow = new DayGenerator(flowPlan).next().batch
    val clientsFile = dir.resolve("clients.csv")
    val logins = fixClients(clientsFile)
    val fixPort = ForkedNode.freePort()
    val common =
      Vector("--consistency", "bounded", "--accounts", "6", "--balance", "20000000", "--down-after", "3000")
    def history(name: String) = Vector("--history", dir.resolve(s"$name.history.jsonl").toString)
    def exchangeArgs(port: Int, seeds: Vector[String], name: String) =
      Vector(
        "node",
        "--role",
        "exchange",
        "--port",
        port.toString,
        "--data",
        day.toString,
        "--dir",
        venueDir.toString
      ) ++
        Vector("--traders", "2", "--speed", "1200") ++ seeds.flatMap(s => Vector("--seed", s)) ++ common ++
        Vector("--fix-port", fixPort.toString, "--clients", clientsFile.toString) ++ history(name)
    val launcher = ClusterCommand.launcher
    val first = ForkedNode.start(launcher, dir, "exchange", exchangeArgs(port, Vector.empty, "exchange"))
    // a generous budget: on a busy machine the traders' decisions would expire before they become orders
    val traderArgs =
      Vector("node", "--role", "trader", "--seed", s"127.0.0.1:$port", "--budget", "500ms") ++ common
    // each trader's directory: its durable ledger, which outlives the process
    def store(i: Int) = Vector("--dir", dir.resolve(s"trader-$i.node").toString)
    val traders =
      Vector(1, 2).map(i =>
        ForkedNode.start(launcher, dir, s"trader-$i", traderArgs ++ store(i) ++ history(s"trader-$i"))
      )
    var second: Option[ForkedNode] = None
    val fix = new LiveFixClients(fixPort, logins, "MVT")
    @volatile var sending = true
    val sender =
      new Thread(() => fix.send(flow, flow.symbols.map(_.name).toSet, 200, () => sending), "fix-clients")
    sender.setDaemon(true)
    var restarted: Vector[ForkedNode] = Vector.empty
    def waitFor(what: String, seconds: Int)(cond: => Boolean): Unit = {
      val deadline = System.currentTimeMillis + seconds * 1000L
      while (!cond && System.currentTimeMillis < deadline) Thread.sleep(100)
      val said =
        (first +: (traders ++ restarted)).map(n =>
          s"${n.name}: ${(n.errors ++ n.events.map(_.render)).mkString("\n")}"
        )
      assert(cond, s"$what within $seconds s\n${said.mkString("\n")}")
    }
    try {
      waitFor("the day started", 150)(NodeEvents(first.events).dayStarted)
      fix.start()
      sender.start()
      // the exchange counts a trader once it joins; the trader's own line saying so may come a moment later
      waitFor("both traders said they are up", 150)(
        traders.forall(_.events.exists { case _: NodeEvent.Up => true; case _ => false })
      )
      // the crash comes once traders' orders have been recorded and some settled and the FIX clients have traded
      // (on a busy machine the traders may decide few), or 10 s in
      val log = ExchangeLog.pathFor(venueDir, "2026-03-05")
      val crashBy = System.currentTimeMillis + 10000L
      while (
        !(JFiles.exists(log) && JFiles.size(log) > 2000L && fix.ordersTaken >= 50) &&
        System.currentTimeMillis < crashBy
      )
        Thread.sleep(50)
      first.process.destroyForcibly() // SIGKILL: no final commit, no goodbye
      first.process.waitFor()
      assert(!NodeEvents(first.events).summary.isDefined, "killed before the day ended")
      val traderNames = traders.flatMap(_.address)
      assertEquals(traderNames.size, 2)
      // started again elsewhere (a new address, as on a replacement host), joining the traders' cluster
      val again =
        ForkedNode.start(
          launcher,
          dir,
          "exchange-again",
          exchangeArgs(ForkedNode.freePort(), traderNames, "exchange-again")
        )
      second = Some(again)
      waitFor("the restarted exchange finished the day", 150)(!again.process.isAlive)
      sending = false
      fix.stop()
      assertEquals(again.process.exitValue, 0, again.errors.mkString("\n"))
      val events = NodeEvents(again.events)
      assert(again.errors.exists(_.contains("recovered")), again.errors.mkString("\n"))
      // the day played to its end (its summary reported), the recorded day resumed after the crash
      assert(events.summary.isDefined && events.dayCommands.isDefined, again.errors.mkString("\n"))
      // every credit once: every account holds exactly provisioned - spent + received
      val accounts = events.accounts
      assertEquals(accounts.size, 6, again.events.mkString("\n"))
      assert(accounts.forall(_.missing == 0L), accounts.map(_.render).mkString("\n"))
      assert(events.summary.exists(_.reconciled), again.events.mkString("\n"))

      // every trader's order the journal holds has its side-file line and is journaled once, and a message is
      // applied once: a resend after the crash is recorded again only if the first never reached the journal
      // (recorded, then the crash before its commit), and then under a new engine id
      val opened = ExchangeLog.open(log).fold(fail(_), identity)
      opened._1.close()
      val held = opened._2
      assertEquals(held.adds.map(_.engineId).distinct.size, held.adds.size)
      val journal =
        RecordedDay.load(venueDir.resolve("2026-03-05.mvtc"), None).fold(fail(_), identity).commands
      val journaled =
        (0 until journal.size).filter(i => journal.isAdd(i) && StrategyIds.isStrategy(journal.id(i)))
          .map(journal.id)
      assertEquals(journaled.distinct.size, journaled.size, "a trader's order journaled twice")
      assert(
        journaled.toSet.subsetOf(held.adds.map(_.engineId).toSet),
        "a journaled order without its side-file line"
      )
      val applied =
        held.adds.filter(a => journaled.contains(a.engineId)).map(a => (a.node, a.seq)) ++ held.others
      assertEquals(applied.distinct.size, applied.size, "a message applied twice")
      assert(JFiles.exists(venueDir.resolve("2026-03-05.end")), "the session closed at the day's end")

      // the traders' stores hold the day's balances: trader-1 is stopped cleanly (its writes stored before it halts),
      // trader-2 killed with SIGKILL once it said every write of its own is stored and its replica holds them
      val dayEnd = System.currentTimeMillis
      val expected = accounts.map(a => a.account -> a.balance).toMap
      def storedAll(t: ForkedNode) = t.events.exists {
        case s: NodeEvent.Stored => s.atMillis > dayEnd && s.failures == 0L && balances(s) == expected
        case _ => false
      }
      traders.foreach(t =>
        waitFor(s"${t.name} stored its writes and holds the day's balances", 60)(storedAll(t))
      )
      traders(0).process.destroy() // SIGTERM: a clean stop
      traders(1).process.destroyForcibly() // SIGKILL
      traders.foreach(_.process.waitFor())

      // the histories of both exchange runs and both traders, checked together: nothing reserved is unaccounted
      // for, nothing applied twice, no overspend, every final balance as the history implies
      val histories =
        Vector("exchange", "exchange-again", "trader-1", "trader-2").map(n =>
          dir.resolve(s"$n.history.jsonl")
        )
      HistoryCheck.files(histories, overspendAllowed = false) match {
        case HistoryCheck.Outcome.Checked(lines, clean) => assert(clean, lines.mkString("\n"))
        case other => fail(s"the histories were not checked: $other")
      }

      // every node of the day gone, the traders started again on their directories: the balances come back from
      // their durable stores alone, to the cent
      assert(stopped(traders(0)).nonEmpty, traders(0).errors.mkString("\n"))
      val t1Port = ForkedNode.freePort()
      def restart(i: Int, seeds: Vector[String], port: Int) =
        ForkedNode.start(
          launcher,
          dir,
          s"trader-$i-again",
          Vector("node", "--role", "trader", "--port", port.toString) ++ seeds.flatMap(s =>
            Vector("--seed", s)
          ) ++
            common ++ store(i)
        )
      restarted = Vector(restart(1, Vector.empty, t1Port), restart(2, Vector(s"127.0.0.1:$t1Port"), 0))
      restarted.foreach(t =>
        waitFor(s"${t.name} has every balance back", 120)(
          t.events.exists { case s: NodeEvent.Stored => balances(s) == expected; case _ => false }
        )
      )
    } finally {
      sending = false
      fix.stop()
      (traders ++ second ++ restarted :+ first).foreach(_.process.destroyForcibly())
      (traders ++ second ++ restarted :+ first).foreach(_.process.waitFor())
      FileTree.delete(dir)
    }
  }

  // the clients file (salted hashes only) and the logins of three FIX clients, passwords made for this run
  private def fixClients(file: java.nio.file.Path): Vector[LiveFixClients.Login] =
    (1 to 3).toVector.map { k =>
      val password = s"pw-${java.util.UUID.randomUUID}"
      val compId = s"CLIENT-$k"
      ClientsFile.add(
        file,
        Client(compId, Account(9000 + k), PasswordHash.create(password.toCharArray, ClientsFile.Iterations))
      ).fold(e => fail(e.toString), identity)
      LiveFixClients.Login(compId, password)
    }
}
