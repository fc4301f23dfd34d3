package mvt.venue

import mvt.core.*

/**
 * The trading day's trade and quote sink: through recovery it formats each line with the feeds' writers (their
 * gates drop the lines the files hold, complete the rest and check the last); once the venue runs, it keeps each
 * line as numbers in the current batch (`records`), for the commit thread to format. Engine thread only.
 */
final class FeedRelay(tradeWriter: TradeFeedWriter, quoteWriter: QuoteFeedWriter) extends TradeSink
    with QuoteSink {

  /** The current batch's records once the venue runs; null through recovery. */
  var records: FeedRecords = null

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
  ): Unit =
    if (records eq null)
      tradeWriter.trade(time, symbol, price, qty, buyId, buyAccount, sellId, sellAccount, aggressor)
    else records.trade(time, symbol, price, qty, buyId, buyAccount, sellId, sellAccount, aggressor)

  def quote(
      time: Timestamp,
      symbol: Symbol,
      bidPrice: Long,
      bidQty: Long,
      askPrice: Long,
      askQty: Long
  ): Unit =
    if (records eq null) quoteWriter.quote(time, symbol, bidPrice, bidQty, askPrice, askQty)
    else records.quote(time, symbol, bidPrice, bidQty, askPrice, askQty)

  /** Writes out what the writers still buffer (recovery's last lines). */
  def flush(): Unit = {
    tradeWriter.flush()
    quoteWriter.flush()
  }
}
