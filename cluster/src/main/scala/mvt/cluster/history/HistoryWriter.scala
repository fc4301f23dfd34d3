package mvt.cluster.history

import mvt.cluster.{ExchangeCredits, NodeId, OrderCommand, OrderMessage, StrategyId}
import mvt.crdt.ClientId

import java.nio.file.Path

/**
 * Where a node records what it does to money, in the words of the checker: the trader its balance checks, debits
 * and sends, the exchange what it applied, filled, refunded and credited, and the balances it ends with. Each call
 * is one line of the node's [[HistoryLog]]; [[HistoryWriter.none]] records nothing (a node run without a history).
 * An order is named by [[HistoryWriter.order]] on both sides, so the checker pairs a trader's debit with the
 * exchange's fills and refund. Safe from any thread.
 */
final class HistoryWriter private (log: Option[HistoryLog]) extends AutoCloseable {

  private def record(kind: OpKind, account: ClientId, order: String, cents: Long): Unit =
    log.foreach(_.record(kind, account, order, cents))

  /** Whether anything is recorded. */
  def enabled: Boolean = log.isDefined

  /** Funds given to `account` at the start of the day. */
  def provision(account: ClientId, cents: Long): Unit = record(OpKind.Provision, account, "", cents)

  /** The balance check approved a buy and reserved its cost. */
  def authorized(account: ClientId, order: String, cents: Long): Unit = {
    record(OpKind.Authorize, account, order, cents)
    record(OpKind.Debit, account, order, cents)
  }

  /** The balance check approved a buy's modify and reserved the modified order's cost on top of its debit. */
  def toppedUp(account: ClientId, order: String, cents: Long): Unit = {
    record(OpKind.Authorize, account, order, cents)
    record(OpKind.TopUp, account, order, cents)
  }

  /** The balance check refused a buy: nothing reserved, nothing sent. */
  def refused(account: ClientId, order: String, cents: Long): Unit =
    record(OpKind.Refuse, account, order, cents)

  /**
   * An add, or a buy's modify that reserved more, left the trader for the exchange: the money it reserved is now
   * committed (a cancel, another modify or a withdraw is not recorded).
   */
  def sent(m: OrderMessage): Unit = m.command match {
    case a: OrderCommand.Add =>
      record(OpKind.Send, m.account, HistoryWriter.order(m.node, m.strategy, a.orderId), 0L)
    case c: OrderCommand.Modify if c.costCents > 0L =>
      record(OpKind.Send, m.account, HistoryWriter.order(m.node, m.strategy, c.orderId), 0L)
    case _ => ()
  }

  /**
   * A reservation given back by the trader itself (a `majority` write no majority took: the add or the buy's
   * modify never went).
   */
  def undone(m: OrderMessage): Unit = m.command match {
    case a: OrderCommand.Add =>
      record(OpKind.Refund, m.account, HistoryWriter.order(m.node, m.strategy, a.orderId), a.costCents)
    case c: OrderCommand.Modify if c.costCents > 0L =>
      record(OpKind.Refund, m.account, HistoryWriter.order(m.node, m.strategy, c.orderId), c.costCents)
    case _ => ()
  }

  /**
   * The exchange gave back part of an open buy's reservation: what a modify's top-up covered beyond the order's
   * fills and what rests after it, or a refused modify's whole top-up.
   */
  def released(node: NodeId, account: ClientId, strategy: StrategyId, orderId: Long, cents: Long): Unit =
    record(OpKind.Refund, account, HistoryWriter.order(node, strategy, orderId), cents)

  /** The exchange put the order on its book (once: a duplicate message is not applied). */
  def applied(node: NodeId, account: ClientId, strategy: StrategyId, orderId: Long): Unit =
    record(OpKind.Apply, account, HistoryWriter.order(node, strategy, orderId), 0L)

  /**
   * The exchange closed an order: a buy paid its `filledCents` and the rest of its reservation went back; a sale's
   * `filledCents` are credited to the account (both are the settlement's `back`).
   */
  def settled(s: ExchangeCredits.Settled): Unit = {
    val order = HistoryWriter.order(s.node, s.strategy, s.orderId)
    if (s.buy && s.filledCents > 0L) record(OpKind.Fill, s.account, order, s.filledCents)
    if (s.back > 0L) record(if (s.buy) OpKind.Refund else OpKind.Credit, s.account, order, s.back)
  }

  /** A replica's balance of `account` once the day is reconciled. */
  def balance(account: ClientId, cents: Long): Unit = record(OpKind.Balance, account, "", cents)

  def close(): Unit = log.foreach(_.close())
}

object HistoryWriter {

  /** Records nothing. */
  val none: HistoryWriter = new HistoryWriter(None)

  /** Appends to `path` as the node `node` in its incarnation `incarnation`. */
  def open(path: Path, node: NodeId, incarnation: Long): HistoryWriter =
    new HistoryWriter(Some(HistoryLog.open(path, node, incarnation)))

  /**
   * An order's name in a history: the sending node incarnation, the strategy and the strategy's order id, which is
   * what both the trader (when it debits) and the exchange (when it fills and refunds) know of it.
   */
  def order(node: NodeId, strategy: StrategyId, orderId: Long): String =
    s"${node.value}/${strategy.value}/$orderId"
}
