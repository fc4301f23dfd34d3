package mvt.cluster

import mvt.core.*
import mvt.trader.orders.StrategyIds
import mvt.trader.pipeline.PreTradeCheck
import org.apache.pekko.actor.typed.ActorRef

import mvt.venue.{Venue, VenueConfig}

import java.nio.file.{Files, Path}
import java.util.concurrent.ConcurrentLinkedQueue
import scala.concurrent.Await
import scala.concurrent.duration.*

/** One exchange node on loopback with no peers, for tests that play the traders themselves. */
object LoneExchange {

  /** Which order command a test sends. */
  enum Kind { case Add, Cancel, Modify, Withdraw }

  /**
   * Starts it with every account provisioned `provision` cents, recording its history in `history` when given; the
   * caller closes it.
   */
  def start(provision: Long, history: Option[Path] = None): ClusterNode =
    ClusterNode.start(
      ClusterNode.Settings(
        ExchangeNode.Role,
        "127.0.0.1",
        0,
        Vector.empty,
        Consistency.Local,
        Vector.empty,
        provision,
        publishEvery = 1.hour,
        writeTimeout = 2.seconds,
        downAfter = None,
        testMode = false,
        history = history
      ),
      _ => ()
    )

  /**
   * The cluster's desk on a new venue of its own (trading ACME, journaling in a fresh directory) for `accounts`,
   * with `node`'s ledger; the caller closes it (`close`, then `release`).
   */
  def day(
      node: ClusterNode,
      accounts: Vector[mvt.crdt.ClientId],
      inbox: ConcurrentLinkedQueue[ExchangeDay.Inbound],
      reportPolicy: ReportOutbox.Policy = ReportOutbox.Policy.default
  ): ExchangeDay =
    dayIn(node, accounts, inbox, Files.createTempDirectory("mvt-exchange"), reportPolicy)

  /**
   * The same in `dir`: a directory an earlier day left is recovered, and the ledger's own credits of every account
   * raised to `provisioned` and what the day's closed orders were credited (0: the tests credit their accounts
   * themselves).
   */
  def dayIn(
      node: ClusterNode,
      accounts: Vector[mvt.crdt.ClientId],
      inbox: ConcurrentLinkedQueue[ExchangeDay.Inbound],
      dir: Path,
      reportPolicy: ReportOutbox.Policy = ReportOutbox.Policy.default,
      provisioned: Long = 0L
  ): ExchangeDay = {
    val venue = Venue.open(VenueConfig(dir, "2026-01-02", Vector(Symbol.unsafe("ACME"))), _ => ())
      .fold(e => munit.Assertions.fail(e.render), identity)
    ExchangeDay.open(
      venue,
      accounts,
      node.ledger,
      new LatestTops,
      inbox,
      ClusterNode.refs(node.system),
      provisioned,
      reportPolicy
    )
      .fold(e => munit.Assertions.fail(e), identity)
  }

  /** Stops `day`'s venue with its session open, as a kill leaves it (the journal and the side file remain). */
  def crash(day: ExchangeDay): Unit = {
    day.venue.stop()
    day.venue.terminated.get()
    day.release()
  }

  /** A flow order (nobody's strategy) submitted to `day`'s venue, durable before this returns; then a drain. */
  def flow(day: ExchangeDay, symbol: Symbol, id: Long, buy: Boolean, price: String, qty: Long): Unit =
    flowCommand(
      day,
      Command.Add(symbol, OrderId(id), if (buy) Side.Buy else Side.Sell, Price.unsafe(price), Quantity(qty))
    )

  /** A flow command submitted to `day`'s venue, durable before this returns; then a drain. */
  def flowCommand(day: ExchangeDay, c: Command): Unit = {
    val done = day.venue.submit(c).fold(r => munit.Assertions.fail(r.reason), identity)
    val _ = Await.result(done, 30.seconds)
    val _ = day.drain()
  }

  /**
   * What a trader node does before it sends: debit a buy's cost on `ledger` (the test's provision must cover
   * it), then the message, under the strategy's order id `id` (an empty price: none, as a cancel has).
   */
  def order(
      ledger: Ledger[?],
      kind: LoneExchange.Kind,
      from: NodeId,
      seq: Long,
      sub: Subscription,
      id: Long,
      buy: Boolean,
      price: String,
      qty: Long,
      replyTo: ActorRef[TraderNode.Command]
  ): OrderMessage = {
    val raw = if (price.isEmpty) 0L else Price.unsafe(price).raw
    val cost =
      if ((kind == LoneExchange.Kind.Add || kind == LoneExchange.Kind.Modify) && buy)
        PreTradeCheck.Balance.costCents(raw, qty)
      else 0L
    if (cost > 0L) munit.Assertions.assertEquals(ledger.authorize(sub.account, cost), Authorization.Approved)
    val command = kind match {
      case LoneExchange.Kind.Add => OrderCommand.Add("ACME", StrategyIds.First + id, buy, raw, qty, cost)
      case LoneExchange.Kind.Cancel => OrderCommand.Cancel("ACME", StrategyIds.First + id)
      case LoneExchange.Kind.Modify => OrderCommand.Modify("ACME", StrategyIds.First + id, raw, qty, cost)
      case LoneExchange.Kind.Withdraw => OrderCommand.Withdraw
    }
    OrderMessage(from, seq, sub.account, sub.strategy, command, replyTo)
  }
}
