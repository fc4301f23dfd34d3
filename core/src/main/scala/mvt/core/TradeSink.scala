package mvt.core

/** Receives the trade feed of `spec/trading-day.md`: one call per fill, with both accounts. Engine thread only. */
trait TradeSink {
  def trade(
      time: Timestamp,
      symbol: Symbol,
      price: Price,
      qty: Quantity,
      buyId: OrderId,
      buyAccount: Account,
      sellId: OrderId,
      sellAccount: Account,
      aggressor: Side
  ): Unit
}
