package mvt.venue

import mvt.core.Symbol
import mvt.orderbook.Engine

import java.nio.file.Path

/**
 * How to run a venue: its journal directory, the session's name (the day, `YYYY-MM-DD`), the symbols it trades,
 * when a command counts as durable, the inbound queue's size, and a recorded day to replay (which then supplies
 * the clock and closes the session at its end), and whether recovery formats every feed line to compare it with
 * the file (`verifyFeeds`) or keeps the file's complete lines unread; a benchmark may pass `stages` to learn when each
 * command passed each stage, and `unforcedBatch` (under `--durability none`, the smallest batch handed to the commit
 * thread while commands keep coming) to compare batch sizes; `preallocate` is the most space the journal keeps written
 * ahead of its records (`JournalFile`; 0 appends, as `--durability none` always does). Immutable.
 */
final case class VenueConfig(
    dir: Path,
    day: String,
    symbols: Vector[Symbol],
    durability: Durability = Durability.Group,
    queueCapacity: Int = 1 << 16,
    engine: Engine = Engine.Fast,
    replay: Option[RecordedDay] = None,
    maxBatch: Int = VenueConfig.DefaultMaxBatch,
    verifyFeeds: Boolean = false,
    stages: Option[StageTimes] = None,
    unforcedBatch: Int = Sequencer.UnforcedBatch,
    preallocate: Long = VenueConfig.DefaultPreallocate
) {
  require(unforcedBatch >= 1, s"the smallest unforced batch is $unforcedBatch, not at least 1")
  require(preallocate >= 0L, s"the journal's space ahead is $preallocate bytes, not at least 0")

  def journal: Path = dir.resolve(s"$day.mvtc")
  def trades: Path = dir.resolve(s"$day${mvt.reporting.journal.Journal.TradesSuffix}")
  def quotes: Path = dir.resolve(s"$day${mvt.reporting.journal.Journal.QuotesSuffix}")
  def end: Path = dir.resolve(s"$day${mvt.reporting.journal.Journal.EndSuffix}")
}

object VenueConfig {

  /** The most commands one commit takes by default. */
  inline val DefaultMaxBatch = 1 << 14

  /** The journal's space written ahead by default, at most: 4 MiB, some 130,000 commands. */
  inline val DefaultPreallocate = 4L << 20
}
