package mvt.cluster

import cats.effect.{ExitCode, IO}
import mvt.core.RunFailure
import mvt.core.console.{Blocking, Outputs, Status, Terminal}
import mvt.venue.{RecordedDay, VenueConfig}

import java.io.{OutputStream, PrintStream}
import java.nio.file.{Files, Path}
import scala.concurrent.duration.*

/**
 * One node of the trader cluster run to its end, as `mvt node` runs it: an exchange waits for its traders, plays
 * the day and reconciles every balance with the trade feed; a trader trades its share until it is stopped. What
 * happens goes to `report` as [[NodeEvent]]s, on the calling thread or the trader's actor. Blocks the caller.
 */
object NodeRun {

  /**
   * Starts the node, or says in one line why it cannot (the address is taken or does not resolve, no seed
   * answers).
   */
  def start(s: ClusterNode.Settings, report: NodeEvent => Unit): Either[String, ClusterNode] =
    try Right(ClusterNode.start(s, report))
    catch {
      case e: Exception => Left(s"cannot start the node on ${s.host}:${s.port}: ${reason(e, s.host)}")
    }

  /**
   * Starts the node, runs `body` with it and closes it, or says in one line why it cannot start ([[start]]).
   */
  def using[A](
      s: ClusterNode.Settings,
      report: NodeEvent => Unit
  )(body: ClusterNode => A): Either[String, A] =
    start(s, report).map(node =>
      try body(node)
      finally node.close()
    )

  /** Each event as it happens on `out`, as a line of text or (`json`) of JSON, whatever thread reports it. */
  def printer(out: PrintStream, json: Boolean): NodeEvent => Unit = e =>
    out.synchronized {
      out.println(if (json) NodeEvent.toJson(e) else e.render)
      out.flush()
    }

  /**
   * The settings of a node run by `mvt node`: subscriptions to spread capture for `accounts` accounts (`strategies`
   * per account), events published every 20 ms, Pekko's split-brain resolver removing a node silent for
   * `downAfterMillis`; `provision` false for an exchange that resumes its day (the balances are in the replicas
   * already); `control` turns on Artery's test mode, which the control channel ([[NodeControl]]) needs.
   */
  def settings(
      role: NodeRole,
      host: String,
      port: Int,
      seeds: Vector[String],
      mode: Consistency,
      accounts: Int,
      balance: Long,
      downAfterMillis: Int,
      pipeline: NodePipeline.Settings,
      provision: Boolean = true,
      strategies: Int = 1,
      control: Boolean = false
  ): ClusterNode.Settings =
    ClusterNode.Settings(
      role,
      host,
      port,
      seeds,
      mode,
      Subscription.accounts(accounts, StrategyId("spread-capture"), strategies),
      balance,
      publishEvery = 20.millis,
      writeTimeout = 2.seconds,
      downAfter = Some(downAfterMillis.millis),
      testMode = control,
      pipeline = pipeline,
      provision = provision
    )

  /**
   * The exchange's day as `mvt node --role exchange` plays it: the recorded day, loaded, and the venue's journal
   * directory. When the day's journal is already there, the node resumes it (a restart after a crash): the
   * accounts' provisions are in the traders' replicas already and are not made again.
   */
  final case class ExchangePlan(day: RecordedDay, dir: Path) {
    def resumes: Boolean = Files.exists(VenueConfig(dir, day.name, Vector.empty).journal)

    /** The venue's trade feed of the day, every fill of the traders' orders and the book's. */
    def tradeFeed: Path = VenueConfig(dir, day.name, Vector.empty).trades

    /** Copies the venue's trade feed of the day to `out` (what `--trades FILE` asks for). */
    def copyTrades(out: java.io.OutputStream): Unit = { Files.copy(tradeFeed, out); out.flush() }
  }

  /** Loads the recorded day at `path` for an exchange over `dir`; the message names the file and what is wrong. */
  def exchangePlan(path: Path, dir: Path, speed: ReplaySpeed): Either[String, ExchangePlan] =
    RecordedDay.load(path, if (speed.isMax) None else Some(speed.times)).map(ExchangePlan(_, dir))

  /**
   * The exchange's day: once `traders` trader nodes are up, plays `plan`'s day through the venue at its speed with
   * their orders, then reports the reconciliation. The day's outcome, or why the venue could not open (`log`
   * hears its recovery report). `attach` opens another way in to the venue (`mvt node --fix-port`). With
   * `replicas`, its replica is reported every [[ReplicaEveryMillis]] meanwhile.
   */
  def exchange(
      node: ClusterNode,
      traders: Int,
      speed: ReplaySpeed,
      plan: ExchangePlan,
      report: NodeEvent => Unit,
      log: String => Unit,
      attach: mvt.venue.Venue => Either[String, AutoCloseable] = _ => Right(() => ()),
      replicas: Boolean = false
  ): Either[String, ClusterNode.DayOutcome] = {
    // the day blocks this thread: its replica's reports come from one of their own, until the day's outcome
    val reporter = Option.when(replicas) {
      val reports: Runnable = () =>
        try while (true) { report(node.replica); Thread.sleep(ReplicaEveryMillis) }
        catch { case _: InterruptedException => () }
      val t = new Thread(reports, "replica-reports")
      t.setDaemon(true)
      t.start()
      t
    }
    try dayOf(node, traders, speed, plan, report, log, attach)
    finally reporter.foreach(_.interrupt())
  }

  /** How often a node whose parent reads JSON reports its replica ([[NodeEvent.Replica]]). */
  val ReplicaEveryMillis = 100L

  private def dayOf(
      node: ClusterNode,
      traders: Int,
      speed: ReplaySpeed,
      plan: ExchangePlan,
      report: NodeEvent => Unit,
      log: String => Unit,
      attach: mvt.venue.Venue => Either[String, AutoCloseable]
  ): Either[String, ClusterNode.DayOutcome] = {
    report(NodeEvent.Up(
      node.id,
      NodeRole.Exchange,
      node.settings.mode.label,
      System.currentTimeMillis,
      Some(speed.label)
    ))
    // the day opens once every trader is a member and hears the market: one still missing from the publisher's list
    // would sit out the first quotes while the others trade on them
    while (node.tradersUp < traders || node.tradersListening < traders) Thread.sleep(50)
    report(NodeEvent.DayStarted(node.tradersUp))
    val played = node.playDay(plan.day, plan.dir, 30.seconds, log, attach)
    played.foreach(o => dayEvents(o).foreach(report))
    played
  }

  /** What the exchange reports of a played day, in order: the count, every account, every node, every position. */
  def dayEvents(o: ClusterNode.DayOutcome): Vector[NodeEvent] = {
    val d = o.day
    val accounts = o.reconciliation.map(r =>
      NodeEvent.AccountReconciled(r.account, r.provisioned, r.spent, r.received, r.balance, r.missing)
    )
    val nodes = d.feed.byNode.toVector.sorted.map((n, c) => NodeEvent.OrdersFrom(n, c))
    // each subscription's net position by the fills: what its owner's desk must hold
    val positions = d.positions.flatMap { (sub, hs) =>
      val held = hs.filter(_.position != 0L).sortBy(_.symbol).map(h => NodeEvent.Held(h.symbol, h.position))
      Option.when(held.nonEmpty)(NodeEvent.FeedPosition(NodeEvent.SubscriptionHeld(sub.label, held)))
    }
    val summary = NodeEvent.DaySummary(
      d.feed.orders,
      d.feed.cancels,
      d.feed.duplicates,
      d.fills.fills,
      d.refused,
      d.credited,
      d.replicasAdopted,
      d.adopted,
      d.positionsHanded,
      d.refusedNotOwner,
      o.reconciled
    )
    (NodeEvent.DayPlayed(o.commands) +: accounts) ++ nodes ++ positions :+ summary
  }

  /**
   * A trader's life: reports it is up, that it caught up (its replica knows every account's balance) and, every
   * second, its status and positions (and, with a durable ledger, when its writes are stored), until `stop` says so
   * (a trader node has no end of its own). With `replicas`, its replica every [[ReplicaEveryMillis]].
   */
  def trader(
      node: ClusterNode,
      report: NodeEvent => Unit,
      stop: () => Boolean,
      replicas: Boolean = false
  ): Unit = {
    report(NodeEvent.Up(node.id, NodeRole.Trader, node.settings.mode.label, System.currentTimeMillis, None))
    val accounts = node.settings.subscriptions.map(_.account).distinct
    var caughtUp = false
    var ticks = 0
    while (!stop()) {
      Thread.sleep(50)
      // a node that joins a running cluster has caught up once its replica knows every account's balance
      if (!caughtUp && accounts.forall(acc => node.ledger.balance(acc) != 0L)) {
        caughtUp = true
        report(NodeEvent.CaughtUp(System.currentTimeMillis))
      }
      ticks += 1
      if (replicas && ticks % (ReplicaEveryMillis / 50L).toInt == 0) report(node.replica)
      if (ticks % 20 == 0) {
        report(node.counters.status)
        report(NodeEvent.Positions(node.counters.positions, node.counters.waiting))
        // a durable ledger says when all its writes are on disk, and the balances it holds then
        if (node.settings.store.isDefined) node.stored.foreach(report)
        report(node.counters.authorizations.event)
      }
    }
  }

  /**
   * How `mvt node` runs one node: its settings, and for an exchange its day, journal, traders, pace, trade feed and
   * FIX gateway (port, clients file, CompID). With `control` the node takes cut and heal lines on its stdin
   * ([[NodeControl]]).
   */
  final case class Args(
      node: ClusterNode.Settings,
      day: Option[String],
      dir: Option[String],
      traders: Int,
      speed: ReplaySpeed,
      trades: Option[String],
      json: Boolean,
      tls: Option[TlsFiles],
      fix: Option[(Int, Path, String)] = None,
      control: Boolean = false
  ) {
    def exchange: Boolean = day.isDefined && dir.isDefined
  }

  object Args {

    /** The args from `mvt node`'s options, in the order it takes them ([[settings]] for the node's own). */
    def of(
        role: NodeRole,
        host: String,
        port: Int,
        seeds: Vector[String],
        mode: Consistency,
        accounts: Int,
        strategies: Int,
        balance: Long,
        day: Option[String],
        dir: Option[String],
        traders: Int,
        speed: ReplaySpeed,
        trades: Option[String],
        downAfterMillis: Int,
        pipeline: NodePipeline.Settings,
        json: Boolean,
        control: Boolean,
        history: Option[String],
        tls: Option[TlsFiles],
        fix: Option[(Int, Path, String)]
    ): Args = {
      val node = settings(role, host, port, seeds, mode, accounts, balance, downAfterMillis, pipeline)
        .copy(
          subscriptions = Subscription.accounts(accounts, StrategyId("spread-capture"), strategies),
          testMode = control,
          history = history.map(Path.of(_))
        )
      // a node given a directory keeps its ledger there, durable (the exchange beside its venue's journal)
      val store = dir.map(d => NodeConfig.storeOf(Path.of(d)))
      Args(node.copy(store = store), day, dir, traders, speed, trades, json, tls, fix, control)
    }
  }

  /** `a`, or why its options do not go together: an exchange needs its day and directory; no TLS, no other host. */
  def check(a: Args): Either[String, Args] =
    if (a.node.role == NodeRole.Exchange && a.day.isEmpty) Left("--data is required for --role exchange")
    else if (a.node.role == NodeRole.Exchange && a.dir.isEmpty) Left("--dir is required for --role exchange")
    else if (a.node.role != NodeRole.Exchange && a.fix.isDefined)
      Left("--fix-port is for --role exchange only")
    else if (a.tls.isEmpty && !loopback(a.node.host))
      Left(s"--host ${a.node.host}: without --tls-keystore a node listens on loopback only")
    else Right(a)

  // a name that is loopback without asking a resolver (a node without TLS must not be reachable from elsewhere)
  private def loopback(host: String): Boolean =
    host == "localhost" || host == "::1" || host == "[::1]" || host.startsWith("127.")

  /** A node ready to start: its TLS material read and, for an exchange, its day loaded. */
  final case class Ready(a: Args, node: ClusterNode.Settings, plan: Option[ExchangePlan])

  /**
   * Reads what `a` names before anything starts: the password from its file (status 1 when missing or empty),
   * the exchange's day (1 unreadable or already closed in its directory, 2 a bad line or record).
   */
  def prepare(a: Args): Either[RunFailure, Ready] =
    a.tls.map(_.load.map(Some(_))).getOrElse(Right(None)).left.map(RunFailure.io).flatMap { tls =>
      val node = a.node.copy(tls = tls)
      (a.day, a.dir) match {
        case (Some(path), Some(_)) if !Files.isReadable(Path.of(path)) =>
          Left(RunFailure.io(s"$path: cannot read the day"))
        case (Some(path), Some(dir)) =>
          exchangePlan(Path.of(path), Path.of(dir), a.speed).left.map(RunFailure.badData)
            // a closed day is never reopened: as mvt cluster and mvt venue, a usage error before anything starts
            .flatMap(plan =>
              fork.ClosedDay.at(plan.day, plan.dir).map(c => RunFailure.io(c.render)).toLeft(plan)
            )
            .map { plan =>
              // one ledger replica for the day, whichever run of the exchange writes it
              val replica = Some(ExchangeDay.replicaOf(plan.day.name))
              Ready(a, node.copy(provision = !plan.resumes, replica = replica), Some(plan))
            }
        case _ => Right(Ready(a, node, None))
      }
    }

  /**
   * `mvt node` from its checked arguments to its exit status, on `t`'s streams: what the node needs read, then the
   * node run; an exchange's `--trades` is written as every output is. `attach` opens another way in to an
   * exchange's venue (the FIX gateway).
   */
  def command(
      a: Args,
      t: Terminal,
      attach: mvt.venue.Venue => Either[String, AutoCloseable]
  ): IO[ExitCode] = {
    def say(line: String): Unit = { t.err.println(s"mvt node: $line"); t.err.flush() }
    prepare(a) match {
      case Left(f) => IO(say(f.why)).as(ExitCode(f.status))
      case Right(r) if a.exchange =>
        Outputs.use("node", t, a.day.toList, List(a.trades))(o =>
          Blocking(run(r, o.get(a.trades), t.out, say, attach)).map(Status.ended("node", t))
        )
      case Right(r) => Blocking(run(r, None, t.out, say)).map(Status.ended("node", t))
    }
  }

  /**
   * Runs the node `r` to its end, its events on `out`: an exchange's day, its trade feed then copied to `trades`;
   * a trader until a signal stops the JVM. `say` hears the notes (no TLS, the venue's recovery). `attach` opens
   * another way in to the exchange's venue (the FIX gateway). Status 1 when the node cannot start, 2 when the day
   * cannot be played.
   */
  def run(
      r: Ready,
      trades: Option[OutputStream],
      out: PrintStream,
      say: String => Unit,
      attach: mvt.venue.Venue => Either[String, AutoCloseable] = _ => Right(() => ())
  ): Either[RunFailure, Unit] = {
    val report = printer(out, r.a.json)
    def noted[A](body: ClusterNode => A): ClusterNode => A = { n =>
      // a trader stopped by SIGTERM or SIGINT: its ledger's writes reach its store first (up to 10 s), then the JVM
      // halts as before; an exchange halts at once as before (its credits are recomputed from its journal)
      if (r.plan.isEmpty) mvt.core.Interrupts.stopWith { () =>
        val all = n.ledger.flush(ClusterNode.FlushWithin)
        if (r.node.store.isDefined)
          say(
            if (all) s"stopped: ${n.ledger.stored} ledger writes stored"
            else s"stopped with ledger writes not yet stored (${n.ledger.stored} stored)"
          )
        Runtime.getRuntime.halt(143)
      }
      if (r.node.tls.isEmpty)
        say(
          s"no TLS: listening on ${n.name} (loopback only); give --tls-keystore and " +
            "--tls-password-file to let nodes of other hosts in"
        )
      // a harness's cut and heal lines, read on a thread of their own
      if (r.a.control) NodeControl.start(n, System.in, report)
      body(n)
    }
    r.plan match {
      case Some(plan) =>
        using(r.node, report)(noted(exchange(
          _,
          r.a.traders,
          r.a.speed,
          plan,
          report,
          say,
          attach,
          replicas = r.a.json
        ))) match {
          case Left(why) => Left(RunFailure.io(why))
          case Right(Left(why)) => Left(RunFailure.badData(why))
          // the venue's own trade feed, copied where --trades asks
          case Right(Right(_)) => Right(trades.foreach(plan.copyTrades))
        }
      case None => using(r.node, report)(noted(trader(_, report, () => false, replicas = r.a.json))).left.map(
          RunFailure.io
        )
    }
  }

  // the innermost cause says what is wrong (a bind refused, a name unknown); Pekko's wrappers only say where
  private def reason(e: Throwable, host: String): String = {
    var c = e
    while (c.getCause != null && c.getCause != c) c = c.getCause
    c match {
      case _: java.net.UnknownHostException | _: java.nio.channels.UnresolvedAddressException =>
        s"no such host $host"
      case b: java.net.BindException => s"cannot listen: ${b.getMessage}"
      case other => Option(other.getMessage).getOrElse(other.getClass.getSimpleName)
    }
  }
}
