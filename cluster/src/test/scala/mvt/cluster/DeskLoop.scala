package mvt.cluster

import mvt.cluster.history.HistoryWriter
import mvt.core.*
import mvt.crdt.ClientId
import mvt.trader.pipeline.PreTradeCheck
import mvt.trader.{BboUpdated, Decision}

import java.nio.file.{Files, Path}
import java.util.concurrent.{ConcurrentLinkedQueue, TimeUnit}
import scala.concurrent.duration.*

/**
 * One subscription's desk (`account`'s spread capture, sending as `self`) wired to an exchange day of `node` the
 * way a trader node wires them: its balance check debits a buy's cost on the node's ledger before the order leaves
 * and records the verdict in the node's history; the exchange answers to `heard`. `account` is provisioned
 * `provision` cents; the day journals in `dir` under `policy`. Suites extend it with what they do with the
 * exchange's reports. Not thread-safe: the test's thread drives it.
 */
class DeskLoop(
    node: ClusterNode,
    heard: Heard,
    val self: NodeId,
    val account: ClientId,
    provision: Long,
    dir: Path = Files.createTempDirectory("mvt-desk"),
    policy: ReportOutbox.Policy = ReportOutbox.Policy.default
) {
  private val acme = Symbol.unsafe("ACME")
  val sub = Subscription(account, StrategyId("spread-capture"))
  val inbox = new ConcurrentLinkedQueue[ExchangeDay.Inbound]()
  var day: ExchangeDay = LoneExchange.dayIn(node, Vector(account), inbox, dir, policy)
  node.ledger.provision(account, provision)
  private var seq = 0L

  /** How many buys the balance check refused (they never left). */
  var refusedChecks = 0

  /** Sends `c` as the trader node does, under the next sequence number, which it returns. */
  def send(c: OrderCommand): Long = {
    seq += 1
    inbox.add(OrderMessage(self, seq, account, sub.strategy, c, heard.ref))
    seq
  }

  // what TraderNode's balance check does: a buy is debited its cost first (a modify tops its order up), refused
  // when the ledger says no; the sequence number sent, or -1 for a refusal
  private def spend(
      id: Long,
      buy: Boolean,
      price: Long,
      qty: Long,
      topUp: Boolean
  )(c: Long => OrderCommand): Long =
    if (!buy) send(c(0L))
    else {
      val cost = PreTradeCheck.Balance.costCents(price, qty)
      val order = HistoryWriter.order(self, sub.strategy, id)
      node.ledger.authorize(account, cost) match {
        case Authorization.Approved =>
          if (topUp) node.ledger.history.toppedUp(account, order, cost)
          else node.ledger.history.authorized(account, order, cost)
          send(c(cost))
        case _ =>
          node.ledger.history.refused(account, order, cost)
          refusedChecks += 1
          -1L
      }
    }

  private val out = new SubscriptionDesk.Out {
    def add(s: Subscription, sym: String, id: Long, buy: Boolean, p: Long, q: Long, tif: TimeInForce) =
      spend(id, buy, p, q, topUp = false)(OrderCommand.Add(sym, id, buy, p, q, _, tif)) >= 0L
    def modify(s: Subscription, sym: String, id: Long, buy: Boolean, p: Long, q: Long) =
      spend(id, buy, p, q, topUp = true)(OrderCommand.Modify(sym, id, p, q, _))
    def cancel(s: Subscription, sym: String, id: Long): Unit = send(OrderCommand.Cancel(sym, id)): Unit
  }

  val desk = new SubscriptionDesk(sub, ClusterNode.strategy(sub), Account(1), 1_000L, out)
  desk.start(PositionReport(account, sub.strategy, Vector.empty, 0L, 0, 1L))

  /** The strategy quotes `qty` on `side` at `price`, post-only, on the top `bid`/`ask`; then the exchange drains. */
  def quote(side: Side, price: String, qty: Long, bid: String, ask: String): Unit = {
    val bbo = BboUpdated.fromRaw(acme, Price.unsafe(bid).raw, 100L, Price.unsafe(ask).raw, 100L)
    desk.act(bbo, Decision(acme, side, Price.unsafe(price), Quantity(qty), TimeInForce.Post))
    val _ = day.drain()
  }

  /** A flow order (nobody's strategy) on ACME, durable on the venue, then a drain. */
  def flow(id: Long, buy: Boolean, price: String, qty: Long): Unit =
    LoneExchange.flow(day, acme, id, buy, price, qty)

  /**
   * Runs the exchange (its resend rounds too) and hands `take` each report it sent this account, until `done`
   * holds; the test fails when it does not within 30 seconds.
   */
  def runUntil(done: => Boolean)(take: ExchangeReport => Unit): Unit = {
    val deadline = 30.seconds.fromNow
    while (!done) {
      if (deadline.isOverdue()) munit.Assertions.fail("the exchange's reports did not come")
      val _ = day.drain()
      heard.queue.poll(20, TimeUnit.MILLISECONDS) match {
        case r: OrderReport if r.account == account => take(r)
        case r: ModifyReport if r.account == account => take(r)
        case _ => ()
      }
    }
  }

  /** The account's balance on the node's ledger. */
  def balance: Long = node.ledger.balance(account)

  /** The exchange killed (its session left open, as a crash leaves it) and opened again on its directory. */
  def restart(): Unit = {
    LoneExchange.crash(day)
    day = LoneExchange.dayIn(node, Vector(account), inbox, dir, policy)
  }

  /** Closes the day and releases it. */
  def close(): Unit = { day.close(); day.release() }
}
