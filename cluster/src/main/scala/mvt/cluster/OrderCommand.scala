package mvt.cluster

import mvt.core.TimeInForce

/**
 * What a trader node asks of the exchange for one subscription, each with only the fields it needs. `orderId` is
 * the strategy's own id (`mvt.trader.orders.StrategyIds`), unique for (node, account, strategy). Crosses the
 * network inside an [[OrderMessage]]. Immutable.
 */
sealed trait OrderCommand

object OrderCommand {

  /**
   * A new order with its time in force (`spec/order-types.md`; a desk's quotes are post-only); a buy was debited
   * `costCents` by the balance check before it was sent, a sell costs nothing.
   */
  final case class Add(
      symbol: String,
      orderId: Long,
      buy: Boolean,
      priceRaw: Long,
      qty: Long,
      costCents: Long,
      tif: TimeInForce = TimeInForce.Gtc
  ) extends OrderCommand

  /** Cancels the order's remainder. */
  final case class Cancel(symbol: String, orderId: Long) extends OrderCommand

  /**
   * A new price and quantity for an open order (`spec/order-types.md`). A buy's was debited `costCents`, the
   * modified order's whole cost, by the balance check before it was sent: until the exchange applies it the old
   * remainder may still fill, so the order's debit must cover both. Once applied, the exchange credits back
   * whatever the order's debit holds beyond its fills and what rests; refused, it credits `costCents` back. A sell
   * costs nothing (0).
   */
  final case class Modify(symbol: String, orderId: Long, priceRaw: Long, qty: Long, costCents: Long = 0L)
      extends OrderCommand

  /** Cancels every order of the subscription this node still has open (the subscription moves away). */
  case object Withdraw extends OrderCommand
}
