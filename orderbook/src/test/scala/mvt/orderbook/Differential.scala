package mvt.orderbook

import mvt.core.*

/**
 * Drives several engines side by side over one command stream and compares their events, trade feed and quote
 * feed command by command, so memory stays bounded however long the stream, and a divergence is reported at its
 * first command.
 */
final class Differential(engines: Vector[Engine], checkEvery: Int) {
  require(engines.size >= 2)
  val sinks: Vector[EventBuffer] = engines.map(_ => new EventBuffer)
  private val feeds: Vector[FeedBuffer] = engines.map(_ => new FeedBuffer)
  val days: Vector[TradingDay] =
    engines.indices.toVector.map(i =>
      new TradingDay(engines(i), sinks(i), Some(feeds(i).trades), Some(feeds(i).quotes))
    )
  val exchanges: Vector[Exchange] = days.map(_.exchange)
  private var tradeLines = 0L
  private var quoteLines = 0L

  /** Trade and quote feed lines the first engine produced. */
  def feedLines: (Long, Long) = (tradeLines, quoteLines)
  private var applied = 0L
  private var deepest = 0

  /** The most orders resting at once at any check. */
  def maxLiveOrders: Int = deepest

  /** Commands applied so far. */
  def commands: Long = applied

  /** Applies one command to every engine and compares what they reported. `where` describes it for failures. */
  def apply(command: Command, where: => String): Unit = {
    days.foreach(_.apply(command))
    applied += 1
    val expectedFeed = agreed(feeds.map(_.drain()), "fed", identity, s"$where (${command.render})")
    tradeLines += expectedFeed.count(_.startsWith("trade,"))
    quoteLines += expectedFeed.count(!_.startsWith("trade,"))
    agreed(sinks.map(_.drain()), "reported", _.render, s"$where (${command.render})")
    if (applied % checkEvery == 0) checkAll(where)
  }

  // what every engine produced for one command (`got`, by engine): the first engine's, when all are the same
  private def agreed[A](
      got: Vector[Vector[A]],
      verb: String,
      render: A => String,
      where: => String
  ): Vector[A] = {
    got.indices.drop(1).foreach { i =>
      if (got(i) != got.head)
        throw new AssertionError(
          s"$where: ${engines(i).label} $verb\n  ${got(i).map(render).mkString("\n  ")}\n" +
            s"but ${engines.head.label} $verb\n  ${got.head.map(render).mkString("\n  ")}"
        )
    }
    got.head
  }

  /** Every command of a commands stream, in order. */
  def run(in: java.io.InputStream): Unit = {
    val reader = new CommandReader(in)
    while (reader.next()) apply(reader.command, s"line ${reader.lineNumber}")
  }

  /** Invariants of every exchange, and identical snapshots. */
  def checkAll(where: String): Unit = {
    exchanges.zip(engines).foreach { (x, e) =>
      try x.checkInvariants()
      catch {
        case err: IllegalStateException => throw new AssertionError(s"$where: ${e.label}: ${err.getMessage}")
      }
    }
    val snapshots = exchanges.map(_.snapshot)
    snapshots.zip(engines).drop(1).foreach { (s, e) =>
      if (s != snapshots.head) {
        val diff = (s.toSet -- snapshots.head).take(5).map(_.render) ++
          (snapshots.head.toSet -- s).take(5).map("missing " + _.render)
        throw new AssertionError(s"$where: ${e.label} snapshot differs: ${diff.mkString("; ")}")
      }
    }
    val live = exchanges.map(_.liveOrderCount)
    if (live.distinct.size != 1) throw new AssertionError(s"$where: live order counts differ: $live")
    deepest = math.max(deepest, live.head)
  }

  /** How many events of a kind (see `EventBuffer.count`) the first engine reported. */
  def count(kind: String): Long = sinks.head.count(kind)
}

/** The trade and quote lines of one command, in the spec's text, from the production writers. */
private final class FeedBuffer {
  private val bytes = new java.io.ByteArrayOutputStream
  val trades = new TradeFeedWriter(bytes)
  // the quote writer starts with its header line: drop it once
  val quotes = new QuoteFeedWriter(bytes)
  quotes.flush()
  bytes.reset()

  /** The lines the last command wrote: its trades, then its quote line. */
  def drain(): Vector[String] = {
    trades.flush()
    quotes.flush()
    val lines = bytes.toString("UTF-8").linesIterator.toVector
    bytes.reset()
    lines
  }
}
