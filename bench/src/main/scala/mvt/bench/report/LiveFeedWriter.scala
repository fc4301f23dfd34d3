package mvt.bench.report

import mvt.core.{Account, OrderId, Price, Quantity, QuoteFeedWriter, Side, Symbol, Timestamp, TradeFeedWriter}
import mvt.reporting.journal.Journal

import java.io.FileOutputStream
import java.nio.file.Path
import java.util.concurrent.atomic.{AtomicLong, AtomicLongArray}
import java.util.concurrent.locks.LockSupport

/**
 * Writes one live session's trade and quote feeds into a journal at `rate` trades a second, as the venue does:
 * each trade's line, then its book's quote line at the same time, the trades flushed before the quotes, in
 * batches of the trades due, at most one batch a millisecond (as a venue's group commit). Trade
 * `k` (from 0) is stamped at feed time `base + k` microseconds, which no other line has, so a feed time read back
 * from the portal names the last trade folded; the moment trade `k` was written (`System.nanoTime` just before
 * its batch went to the files) is kept in a ring of the last `capacity` trades, so memory stays bounded.
 *
 * Thread contract: `run` and `close` on one platform thread at a time; `writtenAt`, `tradeAt` and `written` on any. Why the
 * ring is safe to read: a batch's stamps are set, then `count` is set (a volatile write), then the lines are
 * written; a reader reads `count` first, so it sees the stamps of every trade below it, and reads `count` again
 * after the stamp, so a slot the writer has since reused is refused, not misread.
 */
final class LiveFeedWriter(
    dir: Path,
    rate: Double,
    accounts: Int,
    symbols: Int,
    seed: Long,
    capacity: Int
) {
  require(rate > 0 && accounts >= 2 && symbols >= 1, s"rate > 0, accounts >= 2, symbols >= 1")
  require(Integer.bitCount(capacity) == 1, s"capacity must be a power of two: $capacity")

  private val mask = capacity - 1L
  private val stamps = new AtomicLongArray(capacity)
  private val count = new AtomicLong(0) // trades stamped; stamps below it are set

  private val tradeOut =
    new FileOutputStream(dir.resolve(LiveFeedWriter.Session + Journal.TradesSuffix).toFile)
  private val quoteOut =
    new FileOutputStream(dir.resolve(LiveFeedWriter.Session + Journal.QuotesSuffix).toFile)
  private val trades = new TradeFeedWriter(tradeOut)
  private val quotes = new QuoteFeedWriter(quoteOut)
  quotes.flush() // the header: both feeds exist and are well-formed before the first trade

  private val names: Array[Symbol] = Array.tabulate(symbols)(s => Symbol.parse(s"L$s").get)
  private val tick = Price.Scale / 100 // one cent
  private val marks: Array[Long] = Array.fill(symbols)(100L * Price.Scale)
  private val rnd = new java.util.SplittableRandom(seed)

  /** Trades stamped so far (every one below this is written or being written). */
  def written: Long = count.get

  /** The feed time of trade `k`. */
  def timeOf(k: Long): Long = LiveFeedWriter.Base + k * 1000L

  /** The trade whose feed time is `t`, or -1 when no trade of this writer has it. */
  def tradeAt(t: Long): Long =
    if (t < LiveFeedWriter.Base || (t - LiveFeedWriter.Base) % 1000L != 0L) -1L
    else (t - LiveFeedWriter.Base) / 1000L

  /** When trade `k` was written (`System.nanoTime`), or -1 if it was not, or has left the ring. */
  def writtenAt(k: Long): Long =
    if (k < 0 || k >= count.get) -1L
    else {
      val v = stamps.get((k & mask).toInt)
      if (k < count.get - capacity) -1L else v
    }

  private var books = new Array[Int](1024) // the book of each trade of the batch being written

  // one trade between two different accounts on a random book, its price a random walk in cents; its book
  private def trade(k: Long): Int = {
    val s = rnd.nextInt(symbols)
    val buyer = 1 + rnd.nextInt(accounts)
    val seller = 1 + (buyer + rnd.nextInt(accounts - 1)) % accounts
    val step = rnd.nextInt(3) - 1
    if (marks(s) + step * tick > tick) marks(s) += step * tick
    val t = Timestamp.fromEpochNanos(timeOf(k))
    val price = Price.fromRaw(marks(s))
    trades.trade(
      t,
      names(s),
      price,
      Quantity(1L + rnd.nextInt(100)),
      OrderId(2 * k + 1),
      Account(buyer),
      OrderId(2 * k + 2),
      Account(seller),
      if (rnd.nextBoolean()) Side.Buy else Side.Sell
    )
    s
  }

  /**
   * Writes trades at the rate for `nanos` nanoseconds or until interrupted, in batches of those due, each batch
   * stamped once; the trades written in all runs so far. May be called again to go on where the last run stopped.
   */
  def run(nanos: Long): Long = {
    val start = System.nanoTime()
    val first = count.get
    val last = first + (nanos * rate / 1e9).toLong
    val end = start + nanos
    var now = start
    while (now < end && !Thread.currentThread.isInterrupted) {
      val due = math.min(first + ((now - start) * rate / 1e9).toLong + 1L, last)
      val from = count.get
      if (due > from) batch(from, due)
      else {
        // a batch a millisecond at most: a write (two flushes) per trade or two would cost the writer more CPU than
        // the portal's whole path on the same cores; a trade's delay is still from its batch's write
        val next = start + ((from + 1 - first) * 1e9 / rate).toLong
        LockSupport.parkNanos(math.max(LiveFeedWriter.BatchNanos, next - now))
      }
      now = System.nanoTime()
    }
    count.get
  }

  // trades `from` until `due`, stamped, then written: the trade lines, then the quote line of each trade's time
  // (ingest folds a trade once the quote feed has reached its time)
  private def batch(from: Long, due: Long): Unit = {
    val stamp = System.nanoTime()
    var k = from
    while (k < due) { stamps.set((k & mask).toInt, stamp); k += 1 }
    count.set(due)
    val n = (due - from).toInt
    if (books.length < n) books = new Array[Int](Integer.highestOneBit(n) * 2)
    var i = 0
    while (i < n) { books(i) = trade(from + i); i += 1 }
    trades.flush()
    i = 0
    while (i < n) {
      val s = books(i)
      quotes.quote(
        Timestamp.fromEpochNanos(timeOf(from + i)),
        names(s),
        marks(s) - tick,
        100L,
        marks(s) + tick,
        100L
      )
      i += 1
    }
    quotes.flush()
  }

  /** Closes the feeds' files (the session is left unfinished, as a live day is). */
  def close(): Unit = { tradeOut.close(); quoteOut.close() }
}

object LiveFeedWriter {

  /** The shortest wait between two batches: at high rates a batch holds a millisecond of trades. */
  val BatchNanos: Long = 1000000L

  /** The session's name: its feeds are `Session.trades.csv` and `Session.quotes.csv`. */
  val Session = "2026-01-05"

  /** The feed time of trade 0: the session's midnight, UTC. */
  val Base: Long = java.time.Instant.parse(s"${Session}T00:00:00Z").getEpochSecond * 1000000000L
}
