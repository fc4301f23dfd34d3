package mvt.venue

import mvt.core.*

/**
 * A batch's trade and quote lines kept as numbers, in the order the engine made them, for the commit thread to
 * format: the engine thread, the venue's one serial stage, does not spend its time on text. Reused across
 * batches; allocates only to grow. One thread at a time, handed over with its batch.
 */
final class FeedRecords {
  import FeedRecords.{QuoteWords, TradeWords}

  // trade i: time, price, qty, buy id, buy account, sell id, sell account, aggressor code at i * TradeWords
  private var trades = new Array[Long](TradeWords * 256)
  private var tradeSymbols = new Array[String](256)
  private var tradeCount = 0
  // quote i: time, bid price, bid qty, ask price, ask qty at i * QuoteWords
  private var quotes = new Array[Long](QuoteWords * 256)
  private var quoteSymbols = new Array[String](256)
  private var quoteCount = 0

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
  ): Unit = {
    if (tradeCount == tradeSymbols.length) {
      trades = java.util.Arrays.copyOf(trades, trades.length * 2)
      tradeSymbols = java.util.Arrays.copyOf(tradeSymbols, tradeSymbols.length * 2)
    }
    val at = tradeCount * TradeWords
    trades(at) = time.epochNanos
    trades(at + 1) = price.raw
    trades(at + 2) = qty.units
    trades(at + 3) = buyId.value
    trades(at + 4) = buyAccount.value.toLong
    trades(at + 5) = sellId.value
    trades(at + 6) = sellAccount.value.toLong
    trades(at + 7) = aggressor.code.toLong
    tradeSymbols(tradeCount) = symbol.name
    tradeCount += 1
  }

  def quote(
      time: Timestamp,
      symbol: Symbol,
      bidPrice: Long,
      bidQty: Long,
      askPrice: Long,
      askQty: Long
  ): Unit = {
    if (quoteCount == quoteSymbols.length) {
      quotes = java.util.Arrays.copyOf(quotes, quotes.length * 2)
      quoteSymbols = java.util.Arrays.copyOf(quoteSymbols, quoteSymbols.length * 2)
    }
    val at = quoteCount * QuoteWords
    quotes(at) = time.epochNanos
    quotes(at + 1) = bidPrice
    quotes(at + 2) = bidQty
    quotes(at + 3) = askPrice
    quotes(at + 4) = askQty
    quoteSymbols(quoteCount) = symbol.name
    quoteCount += 1
  }

  /** Formats every line kept, in order, through the feeds' own writers (flushed after). */
  def formatInto(tradeWriter: TradeFeedWriter, quoteWriter: QuoteFeedWriter): Unit = {
    var i = 0
    while (i < tradeCount) {
      val at = i * TradeWords
      tradeWriter.trade(
        Timestamp.fromEpochNanos(trades(at)),
        Symbol.unsafeTrusted(tradeSymbols(i)),
        Price.fromRaw(trades(at + 1)),
        Quantity(trades(at + 2)),
        OrderId(trades(at + 3)),
        Account(trades(at + 4).toInt),
        OrderId(trades(at + 5)),
        Account(trades(at + 6).toInt),
        Side.fromCode(trades(at + 7).toInt)
      )
      i += 1
    }
    i = 0
    while (i < quoteCount) {
      val at = i * QuoteWords
      quoteWriter.quote(
        Timestamp.fromEpochNanos(quotes(at)),
        Symbol.unsafeTrusted(quoteSymbols(i)),
        quotes(at + 1),
        quotes(at + 2),
        quotes(at + 3),
        quotes(at + 4)
      )
      i += 1
    }
    tradeWriter.flush()
    quoteWriter.flush()
  }

  /** Forgets the lines kept (the symbols stay referenced: they are the venue's own, for the whole day). */
  def reset(): Unit = {
    tradeCount = 0
    quoteCount = 0
  }
}

object FeedRecords {
  private inline val TradeWords = 8
  private inline val QuoteWords = 5
}
