package mvt.venue

import mvt.core.*

/**
 * Recovery's gate in front of a feed writer: the first `skip` lines the engine produces are already in the feed
 * file, so they are counted and dropped before any formatting; the last of them is formatted once and compared
 * with the file's last line (a cheap check of the prefix), and every later line goes through. A failed check
 * drops every later line too, so nothing is written and recovery refuses. Engine thread only.
 */
final class FeedGate(private var skip: Long, out: SwitchableOut, lastLine: Array[Byte]) {
  private val probe = new ByteSink(256)
  private var saved: java.io.OutputStream = null

  /** Whether the last kept line disagreed with the journal's line. */
  var mismatch = false

  /** Lines still to skip: above zero after replay means the file holds lines the journal does not imply. */
  def remaining: Long = if (mismatch) 0L else skip

  // 0: drop without formatting; 1: format into the probe; 2: write
  private[venue] def next(): Int =
    if (skip == 0L) 2
    else if (skip > 1L) { skip -= 1; 0 }
    else { skip = 0L; if (mismatch) 0 else 1 }

  private[venue] def probeStart(): Unit = { saved = out.target; probe.reset(); out.target = probe }

  private[venue] def probeEnd(): Unit = {
    out.target = saved
    if (!java.util.Arrays.equals(probe.bytes, 0, probe.size, lastLine, 0, lastLine.length)) {
      mismatch = true; skip = Long.MaxValue
    }
  }
}

/** The trade feed behind a `FeedGate`. */
final class SkippingTradeSink(gate: FeedGate, inner: TradeFeedWriter) extends TradeSink {
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
    val k = gate.next()
    if (k != 0) {
      if (k == 1) { inner.flush(); gate.probeStart() }
      inner.trade(time, symbol, price, qty, buyId, buyAccount, sellId, sellAccount, aggressor)
      if (k == 1) { inner.flush(); gate.probeEnd() }
    }
  }
}

/** The quote feed behind a `FeedGate`. */
final class SkippingQuoteSink(gate: FeedGate, inner: QuoteFeedWriter) extends QuoteSink {
  def quote(
      time: Timestamp,
      symbol: Symbol,
      bidPrice: Long,
      bidQty: Long,
      askPrice: Long,
      askQty: Long
  ): Unit = {
    val k = gate.next()
    if (k != 0) {
      if (k == 1) { inner.flush(); gate.probeStart() }
      inner.quote(time, symbol, bidPrice, bidQty, askPrice, askQty)
      if (k == 1) { inner.flush(); gate.probeEnd() }
    }
  }
}
