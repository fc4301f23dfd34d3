package mvt.cluster

import mvt.trader.strategy.{StrategyKind, StrategySpec, TradingStrategy}
import org.apache.pekko.actor.AddressFromURIString
import org.apache.pekko.actor.typed.ActorSystem
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.cluster.MemberStatus
import org.apache.pekko.cluster.typed.{Cluster, JoinSeedNodes}

import java.util.concurrent.ConcurrentLinkedQueue
import scala.concurrent.Await
import scala.concurrent.duration.*

/**
 * One running node of the trader cluster: its actor system, its ledger, and the part its role plays. A trader
 * node trades its share of the subscriptions; the exchange node provisions every account's balance and plays the
 * day with the traders' orders in it (see [[playDay]]). Created by [[ClusterNode.start]]; `close` leaves the cluster.
 */
final class ClusterNode private (
    val settings: ClusterNode.Settings,
    val system: ActorSystem[Nothing],
    val ledger: Ledger[?],
    val counters: TraderNode.Counters,
    val tops: LatestTops,
    inbox: ConcurrentLinkedQueue[ExchangeDay.Inbound]
) extends AutoCloseable {

  /** This node's address as `host:port`. */
  def name: String = Cluster(system).selfMember.address.hostPort.dropWhile(_ != '@').drop(1)

  /** This node's address as the id its events carry. */
  def id: NodeId = NodeId(name)

  /** How many trader nodes this node sees up. */
  def tradersUp: Int =
    Cluster(system).state.members.count(m => m.status == MemberStatus.Up && m.hasRole(TraderNode.Role.label))

  /** How many trader nodes this node's market data goes to (the exchange's; 0 on a trader). */
  def tradersListening: Int = tops.subscribers

  /** Whether this node is up in the cluster. */
  def isUp: Boolean = Cluster(system).selfMember.status == MemberStatus.Up

  /**
   * For the exchange: opens the venue for `recorded` in `dir` (recovering the day's journal and side file if an
   * earlier run left them), attaches the cluster's desk ([[ExchangeDay]]) and replays the rest of the recorded day
   * through the venue at its speed, with the traders' orders submitted between its commands; closes it (open
   * orders settled and credited back), then waits until this replica's balance of every account equals what the
   * trade feed says, or `reconcileWithin` has passed, taking late orders meanwhile. The day and its
   * reconciliation per account, or why the venue could not open (`log` hears its recovery report). `attach` adds
   * another way in to the open venue (the FIX gateway), closed once the session has closed.
   */
  def playDay(
      recorded: mvt.venue.RecordedDay,
      dir: java.nio.file.Path,
      reconcileWithin: FiniteDuration,
      log: String => Unit,
      attach: mvt.venue.Venue => Either[String, AutoCloseable] = _ => Right(() => ())
  ): Either[String, ClusterNode.DayOutcome] = {
    val accounts = settings.subscriptions.map(_.account).distinct
    val config = mvt.venue.VenueConfig(dir, recorded.name, Vector.empty, replay = Some(recorded))
    mvt.venue.Venue.open(config, log, holdReplay = true).left.map(_.render).flatMap { venue =>
      def refused(e: String) = {
        venue.stop()
        try { val _ = venue.terminated.get() }
        catch { case _: java.util.concurrent.ExecutionException => () }
        Left(e)
      }
      ExchangeDay.open(
        venue,
        accounts,
        ledger,
        tops,
        inbox,
        ClusterNode.refs(system),
        settings.provisionCents
      ) match {
        case Left(e) => refused(e)
        case Right(day) =>
          if (day.settledBeforeRestart > 0)
            log(
              s"credits: ${day.settledBeforeRestart} orders settled before the restart, recomputed from the journal " +
                s"and the side file; ${day.restored} cents of them restored to replica ${ledger.self.value}"
            )
          attach(venue) match {
            case Left(e) => day.release(); refused(e)
            case Right(attached) =>
              venue.releaseReplay()
              while (!venue.terminated.isDone) if (day.drain() == 0) Thread.sleep(5)
              attached.close()
              Right(reconcile(recorded, day, reconcileWithin))
          }
      }
    }
  }

  // the day's session closed: the reconciliation of every account once the late orders have settled
  private def reconcile(
      recorded: mvt.venue.RecordedDay,
      day: ExchangeDay,
      reconcileWithin: FiniteDuration
  ): ClusterNode.DayOutcome = {
    day.close()
    // late orders keep coming for a moment (decided before the close): done once the balances match and the
    // inbox has been quiet for half a second
    val deadline = reconcileWithin.fromNow
    var quietSince = System.nanoTime()
    var r = day.reconciliation(settings.provisionCents)
    while (
      (!r.forall(_.matches) || System.nanoTime() - quietSince < 500_000_000L) && deadline.hasTimeLeft()
    ) {
      Thread.sleep(50)
      if (day.drain() > 0) quietSince = System.nanoTime()
      r = day.reconciliation(settings.provisionCents)
    }
    day.release()
    // every replica agreed (or the wait ran out): the balances the history ends with
    r.foreach(x => ledger.history.balance(x.account, x.balance))
    ClusterNode.DayOutcome(recorded.commands.size.toLong, day, r)
  }

  /** What this node's replica holds of every writer's entries, now. */
  def replica: NodeEvent.Replica =
    NodeEvent.Replica(
      ledger.self.value,
      System.currentTimeMillis,
      ledger.written.toVector.sortBy(_._1.value).map((r, n) => NodeEvent.Written(r.value, n))
    )

  /**
   * The ledger's writes so far, if they are all stored (on a durable ledger, on disk) at this instant, with the
   * replica's balances then; `None` while some are in flight.
   */
  def stored: Option[NodeEvent.Stored] = {
    val accounts = settings.subscriptions.map(_.account).distinct
    val writes = ledger.stored
    val balances = accounts.map(a => NodeEvent.AccountBalance(a, ledger.balance(a)))
    Option.when(ledger.flush(Duration.Zero) && ledger.stored == writes)(
      NodeEvent.Stored(writes, ledger.storeFailures, System.currentTimeMillis, balances)
    )
  }

  /**
   * Stops the node cleanly: waits (up to [[ClusterNode.FlushWithin]]) until every ledger write is stored, on disk for a
   * durable ledger, then leaves the cluster and closes the history.
   */
  def close(): Unit = {
    val _ = ledger.flush(ClusterNode.FlushWithin)
    system.terminate()
    Await.ready(system.whenTerminated, 60.seconds)
    ledger.history.close()
  }
}

object ClusterNode {

  /** How long a stopping node waits for its ledger's writes to be stored. */
  val FlushWithin: FiniteDuration = 10.seconds

  /**
   * How to run one node. `seeds` are `host:port` of nodes to join (none: this node starts the cluster). An
   * exchange `provision`s every account at start, unless it resumes a day whose provisions the traders' replicas
   * already hold. With `history`, the node appends its operations to that file (`mvt.cluster.history`); with
   * `tls`, Artery runs over mutually authenticated TLS. `replica` is the ledger's replica id when it must outlive
   * the process (the exchange's for its day, [[ExchangeDay.replicaOf]]); by default the node incarnation's. With
   * `store`, the ledger's keys are durable in that directory (LMDB): a node started again on it has its balances back.
   */
  final case class Settings(
      role: NodeRole,
      host: String,
      port: Int,
      seeds: Vector[String],
      mode: Consistency,
      subscriptions: Vector[Subscription],
      provisionCents: Long,
      publishEvery: FiniteDuration,
      writeTimeout: FiniteDuration,
      downAfter: Option[FiniteDuration],
      testMode: Boolean,
      pipeline: NodePipeline.Settings = NodePipeline.Settings.default,
      provision: Boolean = true,
      history: Option[java.nio.file.Path] = None,
      tls: Option[ArteryTls] = None,
      replica: Option[mvt.crdt.ReplicaId] = None,
      store: Option[java.nio.file.Path] = None
  )

  /** A played day: the commands of the flow, the exchange's day (feeds, counts) and the reconciliation. */
  final case class DayOutcome(
      commands: Long,
      day: ExchangeDay,
      reconciliation: Vector[ExchangeDay.Reconciled]
  ) {
    def reconciled: Boolean = reconciliation.forall(_.matches)
  }

  /** What every subscription trades: the catalogue's spread-capture market maker with `mvt trade`'s defaults. */
  val Strategy: StrategySpec = StrategySpec.of(StrategyKind.SpreadCapture, Seq("spread" -> 3L)).toOption.get

  /** Trader nodes' actors named by their serialized form, as the exchange's side file keeps them. */
  def refs(system: ActorSystem[?]): ExchangeDay.Refs = new ExchangeDay.Refs {
    private val resolver = org.apache.pekko.actor.typed.ActorRefResolver(system)
    def render(ref: org.apache.pekko.actor.typed.ActorRef[TraderNode.Command]): String =
      resolver.toSerializationFormat(ref)
    def resolve(name: String): org.apache.pekko.actor.typed.ActorRef[TraderNode.Command] =
      resolver.resolveActorRef[TraderNode.Command](name)
  }

  /** A fresh strategy for one subscription. */
  def strategy(sub: Subscription): TradingStrategy = Strategy.build()

  /**
   * Starts the node: its actor system on `host:port`, the join to `seeds`, then (once this node is up) its ledger
   * and its role's actors. Waits up to `upWithin` for the node to be up. `report` hears a trader's events.
   * @throws IllegalStateException if it is not up by then
   */
  def start(s: Settings, report: NodeEvent => Unit, upWithin: FiniteDuration = 60.seconds): ClusterNode = {
    if (s.store.isDefined && !NodeConfig.lmdbReady)
      throw new IllegalStateException(
        s"a durable ledger needs the JVM options ${NodeConfig.LmdbJvmOptions.mkString(" ")} (the mvt script gives them)"
      )
    val system = ActorSystem(
      Behaviors.empty[Nothing],
      NodeConfig.SystemName,
      NodeConfig(s.host, s.port, Seq(s.role.label), s.testMode, s.downAfter, s.tls, s.store)
    )
    val cluster = Cluster(system)
    val seeds =
      if (s.seeds.isEmpty) List(cluster.selfMember.address)
      else s.seeds.toList.map(hp => AddressFromURIString(s"pekko://${NodeConfig.SystemName}@$hp"))
    cluster.manager ! JoinSeedNodes(seeds)
    val deadline = upWithin.fromNow
    while (cluster.selfMember.status != MemberStatus.Up && deadline.hasTimeLeft()) Thread.sleep(20)
    if (cluster.selfMember.status != MemberStatus.Up) {
      system.terminate()
      throw new IllegalStateException(
        s"not up within $upWithin: is a seed (${s.seeds.mkString(",")}) running?"
      )
    }
    // The ledger starts on a member that is up, so its replicator writes and subscribes as part of the cluster.
    val accounts = s.subscriptions.map(_.account).distinct
    val history = s.history.fold(mvt.cluster.history.HistoryWriter.none)(Ledger.historyOf(system, _))
    val ledger = Ledger.start(system, s.mode, accounts, s.writeTimeout, history, s.replica)
    val counters = new TraderNode.Counters
    val tops = new LatestTops
    val inbox = new ConcurrentLinkedQueue[ExchangeDay.Inbound]()
    if (s.role == NodeRole.Exchange) {
      if (s.provision) accounts.foreach(a => ledger.provision(a, s.provisionCents))
      system.systemActorOf(ExchangeNode(tops, inbox, s.publishEvery), "exchange")
    } else {
      val today = mvt.crdt.TradingDay(java.time.LocalDate.now(java.time.ZoneOffset.UTC))
      val blacklist = DayBlacklist.start(system, today)
      system.systemActorOf(
        TraderNode(TraderNode.Deps(
          ledger,
          blacklist,
          TrustScore.default,
          s.provisionCents,
          s.subscriptions,
          strategy,
          counters,
          report,
          s.pipeline
        )),
        "trader"
      )
    }
    new ClusterNode(s, system, ledger, counters, tops, inbox)
  }
}
