package mvt.bench.report

import mvt.reporting.PnlFold
import mvt.reporting.live.FoldWatcher
import org.HdrHistogram.{ConcurrentHistogram, Histogram}

import java.util.concurrent.ConcurrentHashMap

/**
 * Bench-only timestamps along the live path, taken by wrapping ingest's hook: for each poll after `from`, when
 * its hook began and ended, how many trades it folded, and how long its newest and its oldest trade had waited
 * since their write when the fold had them (the feed's read, the watermark and the fold); then, per event the
 * client decodes, how long after its poll's hook ended (the portal's send and the client's decode). The delays
 * of an event are then the sum of these legs, so a run says where its time goes.
 *
 * Thread contract: `folded` on ingest's thread only; `sent` and the histograms on any (they are concurrent).
 */
final class LivePath(inner: FoldWatcher, writer: LiveFeedWriter) extends FoldWatcher {

  @volatile var from: Long = Long.MaxValue // the first trade measured
  private var lastTrade = -1L // ingest's thread only
  private var lastEnd = -1L

  /** Nanoseconds between the ends of two polls' hooks (ingest's cadence while trades flow). */
  val cadence = new ConcurrentHistogram(3)

  /** Trades folded by a poll. */
  val batch = new ConcurrentHistogram(3)

  /** From the write of a poll's newest trade to its hook's start. */
  val foldedNewest = new ConcurrentHistogram(3)

  /** From the write of a poll's oldest trade (the first after the poll before) to its hook's start. */
  val foldedOldest = new ConcurrentHistogram(3)

  /** The hook's own time: the live figures of every watched account that moved, computed and published. */
  val hook = new ConcurrentHistogram(3)

  /** From a poll's hook's end to an event of it decoded by the client. */
  val delivered = new ConcurrentHistogram(3)

  // the end of the hook of the poll whose newest trade was `k`, by `k`: a few hundred polls a second at most
  private val endOf = new ConcurrentHashMap[java.lang.Long, java.lang.Long]

  def folded(fold: PnlFold): Unit = {
    val start = System.nanoTime()
    inner.folded(fold)
    val end = System.nanoTime()
    val k = writer.tradeAt(fold.now)
    if (k > lastTrade && k >= 0) {
      if (lastTrade + 1 >= from) {
        val newest = writer.writtenAt(k)
        val oldest = writer.writtenAt(lastTrade + 1)
        if (newest >= 0) foldedNewest.recordValue(math.max(0L, start - newest))
        if (oldest >= 0) foldedOldest.recordValue(math.max(0L, start - oldest))
        batch.recordValue(k - lastTrade)
        hook.recordValue(end - start)
        if (lastEnd >= 0) cadence.recordValue(end - lastEnd)
      }
      endOf.put(k, end)
      lastTrade = k
      lastEnd = end
    }
  }

  /** Records that an event of the poll that folded up to trade `k` was decoded at `received`. */
  def sent(k: Long, received: Long): Unit =
    if (k >= from) {
      val end = endOf.get(k)
      if (end != null) delivered.recordValue(math.max(0L, received - end))
    }

  /** The legs as copies, by name, in the order of the path. */
  def legs: Vector[(String, Histogram)] = Vector(
    "poll gap" -> cadence.copy(),
    "folded (newest)" -> foldedNewest.copy(),
    "folded (oldest)" -> foldedOldest.copy(),
    "hook" -> hook.copy(),
    "delivered" -> delivered.copy()
  )

  /** Trades a poll folded. */
  def batches: Histogram = batch.copy()
}
