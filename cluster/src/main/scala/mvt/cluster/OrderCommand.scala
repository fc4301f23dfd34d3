package mvt.cluster

/**
 * What a trader node asks of the exchange for one subscription, each with only the fields it needs. `orderId` is
 * the strategy's own id (`mvt.trader.orders.StrategyIds`), unique for (node, account, strategy). Crosses the
 * network inside an [[OrderMessage]]. Immutable.
 */
sealed trait OrderCommand

object OrderCommand {

  /** A new order; a buy was debited `costCents` by the balance check before it was sent, a sell costs nothing. */
  final case class Add(
      symbol: String,
      orderId: Long,
      buy: Boolean,
      priceRaw: Long,
      qty: Long,
      costCents: Long
  ) extends OrderCommand

  /** Cancels the order's remainder. */
  final case class Cancel(symbol: String, orderId: Long) extends OrderCommand

  /**
   * A new price and quantity for an open order (`spec/order-types.md`); a buy's must cost no more than its debit
   * has left, or the exchange refuses it (counted, the order unchanged).
   */
  final case class Modify(symbol: String, orderId: Long, priceRaw: Long, qty: Long) extends OrderCommand

  /** Cancels every order of the subscription this node still has open (the subscription moves away). */
  case object Withdraw extends OrderCommand
}
