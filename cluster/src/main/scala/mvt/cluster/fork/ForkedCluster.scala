package mvt.cluster.fork

import mvt.cluster.{Consistency, ReplaySpeed}

import mvt.cluster.history.{HistoryFile, Operation}
import mvt.cluster.nemesis.{Injected, Nemesis, Schedule}
import mvt.core.files.FileTree

import java.nio.file.{Files, Path}

/**
 * A whole trader cluster on loopback as forked JVMs running `mvt node`: one exchange playing `day` and `nodes`
 * traders. Optionally the busiest trader (most fills, then most subscriptions) is killed with SIGKILL
 * `killAfterSeconds` into the day, and with `rejoin` started again (a new incarnation) once a survivor owns its
 * subscriptions. What every node reported ([[mvt.cluster.NodeEvent]]s, read back from their JSON lines) comes back in
 * the [[ForkedCluster.Outcome]]; the nodes' files are removed.
 */
object ForkedCluster {

  /** `--down-after` when not given: the nodes' own default, long enough that a busy JVM is not taken for dead. */
  val DefaultDownAfterMillis = 3000

  /**
   * What to run. `downAfterMillis` is the nodes' `--down-after`. Every node writes its history
   * (`mvt.cluster.history`) to `<name>.history.jsonl`, in `historyDir` when given (kept), else beside its other
   * files (read into the outcome, then removed). `nodeArgs` go to every node as they are (the TLS options). With
   * `nodeDir`, every node keeps its directory there, kept after the run: the exchange's in `exchange` (its venue's
   * journal and its durable ledger), each trader's in its name (its durable ledger), so a run on the same directory
   * brings every balance back; without it the exchange's is temporary and the traders keep their ledgers in memory.
   * `traderArgs` go to every trader as they are (its pipeline's options).
   * `strategies` is the subscriptions per account (`--strategies`). A `schedule` with a cut starts every
   * node with its control channel (`--control`, Artery's test mode); `probeCuts` and `healEarly` go to its
   * [[Nemesis]] (probes across every cut and its heal; a condition that heals a cut before its time).
   */
  final case class Plan(
      day: Path,
      nodes: Int,
      mode: Consistency,
      accounts: Int,
      balance: Long,
      speed: ReplaySpeed,
      killAfterSeconds: Option[Int],
      rejoin: Boolean,
      downAfterMillis: Int,
      historyDir: Option[Path] = None,
      nodeArgs: Vector[String] = Vector.empty,
      schedule: Option[Schedule] = None,
      strategies: Int = 1,
      nodeDir: Option[Path] = None,
      traderArgs: Vector[String] = Vector.empty,
      probeCuts: Boolean = true,
      healEarly: Nemesis.Cut => Boolean = Nemesis.AtDeadline
  ) {

    /** Whether the nodes need their control channel: the schedule cuts links. */
    def control: Boolean = schedule.exists(_.faults.exists(_.fault.cutsLinks))
  }

  /** One node's name, every event it reported, and what it wrote to stderr. */
  final case class Captured(name: String, events: NodeEvents, errors: Vector[String])

  /**
   * What happened: the exchange's and each trader's events (`victim` indexes the killed one), the kill's wall-clock
   * instant (0 without one), the restarted node's events and start instant, and the exchange's exit status; with a
   * schedule, the faults injected, the events of the traders the nemesis restarted, and when the day started
   * (epoch milliseconds, what the faults' instants count from). When the nemesis killed the exchange, `exchange` is
   * its last run (the one that finished the day) and `killedExchanges` the runs it killed.
   */
  final case class Outcome(
      plan: Plan,
      exchange: Captured,
      exchangeStatus: Int,
      traders: Vector[Captured],
      victim: Option[Int],
      killedAt: Long,
      restarted: Option[Captured],
      restartedAt: Long,
      historyFiles: Vector[Path] = Vector.empty,
      history: Either[String, Vector[Operation]] = Right(Vector.empty),
      faults: Vector[String] = Vector.empty,
      injected: Vector[Injected] = Vector.empty,
      nemesisRestarts: Vector[Captured] = Vector.empty,
      startedAt: Long = 0L,
      killedExchanges: Vector[Captured] = Vector.empty
  ) {

    /** From the kill until a survivor re-shared the subscriptions, if one did. */
    def takeoverMillis: Option[Long] =
      victim.flatMap(v => ForkedCluster.takeover(traders.map(_.events), v, killedAt)).map(_ - killedAt)

    /** The traders alive at the end: the survivors and the restarted node. */
    def live: Vector[Captured] = traders.indices.filterNot(victim.contains).map(traders).toVector ++ restarted
  }

  def run(launcher: Launcher, plan: Plan, phases: Phases, title: String): Outcome = {
    val dir = Files.createTempDirectory("mvt-cluster")
    val port = ForkedNode.freePort()
    val historyDir = plan.historyDir.getOrElse(dir)
    Files.createDirectories(historyDir)
    def historyOf(name: String) = historyDir.resolve(s"$name.history.jsonl")
    def history(name: String) = Vector("--history", historyOf(name).toString)
    // a trader's own directory (its durable ledger) when the run keeps them
    def store(name: String) = plan.nodeDir.fold(Vector.empty)(d => Vector("--dir", d.resolve(name).toString))
    val common = Vector(
      "--consistency",
      plan.mode.label,
      "--accounts",
      plan.accounts.toString,
      "--balance",
      plan.balance.toString,
      "--down-after",
      plan.downAfterMillis.toString
    ) ++ (if (plan.strategies == 1) Vector.empty else Vector("--strategies", plan.strategies.toString)) ++
      (if (plan.control) Vector("--control") else Vector.empty) ++ plan.nodeArgs
    val traderCommon = common ++ plan.traderArgs
    // the exchange on `port`, joining `seeds` (none: it starts the cluster); a restart resumes the day on its journal
    def exchangeNode(name: String, port: Int, seeds: Vector[String], traders: Int) = ForkedNode.start(
      launcher,
      dir,
      name,
      Vector("node", "--role", "exchange", "--port", port.toString, "--data", plan.day.toString) ++
        Vector("--dir", plan.nodeDir.fold(dir.resolve("venue"))(_.resolve("exchange")).toString) ++
        seeds.flatMap(s => Vector("--seed", s)) ++
        Vector("--traders", traders.toString, "--speed", plan.speed.label) ++ common ++ history(name)
    )
    val exchange = exchangeNode("exchange", port, Vector.empty, plan.nodes)
    val traderArgs = Vector("node", "--role", "trader", "--seed", s"127.0.0.1:$port") ++ traderCommon
    val traders =
      (1 to plan.nodes).toVector.map(i =>
        ForkedNode.start(
          launcher,
          dir,
          s"trader-$i",
          traderArgs ++ store(s"trader-$i") ++ history(s"trader-$i")
        )
      )
    var victim: Option[Int] = None
    var killedAt = 0L
    var restarted: Option[ForkedNode] = None
    var restartedAt = 0L
    var start = 0L
    // the nemesis's view of the traders: each index's current JVM
    val current = traders.toArray
    // the exchange the day runs on now: the nemesis may have killed and restarted it
    var nemesis: Option[Nemesis] = None
    def exchangeNow: ForkedNode = nemesis.flatMap(_.currentExchange).getOrElse(exchange)
    // a node started by the nemesis joins through every live node: the exchange may have moved to another port
    def seedsNow: Vector[String] =
      (exchangeNow +: current.toVector).filter(_.process.isAlive).flatMap(_.address)
    nemesis = plan.schedule.map(sc =>
      new Nemesis(
        sc,
        (t, k) => {
          val name = s"trader-${t + 1}-r$k"
          val seeds = seedsNow.flatMap(s => Vector("--seed", s))
          ForkedNode.start(
            launcher,
            dir,
            name,
            Vector("node", "--role", "trader") ++ seeds ++ traderCommon ++ store(name) ++ history(name)
          )
        },
        () =>
          current.forall(n => n.process.isAlive && NodeEvents(n.events).upAt.isDefined) &&
            exchangeNow.process.isAlive && NodeEvents(exchangeNow.events).dayStarted,
        Some(exchange),
        // a restart resumes the day with the first trader it finds: every trader was there before
        k =>
          exchangeNode(
            s"exchange-r$k",
            ForkedNode.freePort(),
            current.toVector.filter(_.process.isAlive).flatMap(_.address),
            1
          ),
        () => exchangeNow.process.isAlive && NodeEvents(exchangeNow.events).dayStarted,
        plan.probeCuts,
        plan.healEarly
      )
    )
    try {
      phases.phase(s"$title: forming") {
        // a plan that cuts links also waits until every node said where it listens (a busy JVM says it late)
        def addressed = !plan.control || (exchange +: traders).forall(_.address.isDefined)
        while (
          exchange.process.isAlive && !(NodeEvents(exchange.events).dayStarted && addressed) && traders.forall(
            _.process.isAlive
          )
        ) Thread.sleep(100)
        // a trader that could not join leaves the exchange waiting for ever: the run ends, the trader's reason kept
        if (!NodeEvents(exchange.events).dayStarted) exchange.process.destroy()
      }
      start = System.currentTimeMillis
      phases.phase(s"$title: trading") {
        // the day goes on while its exchange runs, or is down for the nemesis to start it again
        while (exchangeNow.process.isAlive || nemesis.exists(_.exchangeDown)) {
          nemesis.foreach(_.step(System.currentTimeMillis - start, current))
          plan.killAfterSeconds.foreach { s =>
            if (victim.isEmpty && System.currentTimeMillis - start >= s * 1000L) {
              // the busiest trader: its positions and its replica's entries are what must move
              val v = traders.indices.maxBy { i =>
                val e = NodeEvents(traders(i).events)
                (e.fills, e.owned.size)
              }
              traders(v).process.destroyForcibly() // SIGKILL: no goodbye to the cluster
              killedAt = System.currentTimeMillis
              victim = Some(v)
            }
          }
          // the killed node comes back once the survivors have taken its work
          for (
            v <- victim
            if plan.rejoin && restarted.isEmpty && takeover(
              traders.map(t => NodeEvents(t.events)),
              v,
              killedAt
            ).isDefined
          ) {
            restartedAt = System.currentTimeMillis
            val again = s"trader-${v + 1}-again"
            restarted =
              Some(ForkedNode.start(launcher, dir, again, traderArgs ++ store(again) ++ history(again)))
          }
          Thread.sleep(100)
        }
      }
      // the desks' last fills came back before the exchange left: one more positions line from each shows them
      nemesis.foreach(_.release())
      awaitPositions((traders ++ restarted).filter(_.process.isAlive))
    } finally {
      nemesis.foreach(_.release())
      val all = traders ++ restarted ++ nemesis.fold(Vector.empty)(_.restarted)
      // the exchange has left by now, unless the run was interrupted: then it must not outlive it either
      (exchangeNow +: all).foreach(_.process.destroy())
      all.foreach(_.process.waitFor())
    }
    val last = exchangeNow
    last.process.waitFor()
    val killedExchanges = nemesis.fold(Vector.empty)(_.killedExchanges)
    def captured(n: ForkedNode) = Captured(n.name, NodeEvents(n.events), n.errors)
    val historyFiles =
      ((killedExchanges :+ last) ++ traders ++ restarted ++ nemesis.fold(Vector.empty)(_.restarted))
        .map(n => historyOf(n.name))
        .filter(Files.exists(_))
    val outcome = Outcome(
      plan,
      captured(last),
      last.process.exitValue,
      traders.map(captured),
      victim,
      killedAt,
      restarted.map(captured),
      restartedAt,
      if (plan.historyDir.isDefined) historyFiles else Vector.empty,
      HistoryFile.readAll(historyFiles),
      nemesis.fold(Vector.empty)(_.injected),
      nemesis.fold(Vector.empty)(_.log),
      nemesis.fold(Vector.empty)(_.restarted.map(captured)),
      start,
      killedExchanges.map(captured)
    )
    // the nodes' own output is in the outcome; nothing of it is the user's to keep
    FileTree.delete(dir)
    outcome
  }

  /** Cuts every link between `a` and `b` on both sides (both run with `--control`); true once both applied it. */
  def cut(a: ForkedNode, b: ForkedNode): Boolean = {
    val one = a.cut(b.address.toVector)
    b.cut(a.address.toVector) && one
  }

  /** Heals every link the live nodes of `nodes` cut; true once each acknowledged it. */
  def heal(nodes: Seq[ForkedNode]): Boolean = nodes.filter(_.process.isAlive).map(_.heal()).forall(identity)

  // waits (up to 5 s) until each trader reported its positions once more than it had
  private def awaitPositions(traders: Vector[ForkedNode]): Unit = {
    def count(n: ForkedNode) = NodeEvents(n.events).positionReports
    val before = traders.map(count)
    val deadline = System.currentTimeMillis + 5000L
    while (traders.indices.exists(i => count(traders(i)) <= before(i)) && System.currentTimeMillis < deadline)
      Thread.sleep(100)
  }

  // the first instant after the kill that a survivor re-shared the subscriptions
  private def takeover(events: Vector[NodeEvents], victim: Int, killedAt: Long): Option[Long] =
    events.indices.filter(_ != victim).flatMap(i => events(i).ownsAt.map(_._1).filter(_ > killedAt)).minOption
}
