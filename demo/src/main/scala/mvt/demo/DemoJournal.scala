package mvt.demo

import mvt.core.{EventSink, QuoteFeedWriter, TradeFeedWriter}
import mvt.orderbook.{Engine, TradingDay}
import mvt.reporting.journal.Journal
import mvt.workload.{AccountMix, DayGenerator, DayPlan, WorkloadProfile}

import java.io.OutputStream
import java.nio.file.{Files, Path}
import java.time.LocalDate

/**
 * The demo's journal of feeds: a week of seeded client days through the fast engine, each day's trade and quote
 * feeds as `mvt serve` follows them, and the end marker of the last day. The demo owns its directory: a previous
 * run's feeds and store are replaced, not appended to.
 */
object DemoJournal {

  /** Days of client flow: enough for the last-7-days trend, quick to make and ingest. */
  val Days = 5

  private val Commands = 100000
  private val Accounts = 300

  /** The client days of `seed`, generated (the first is 2026-03-02). */
  def days(seed: Long): Vector[DayGenerator.Day] =
    new DayGenerator(
      DayPlan(LocalDate.of(2026, 3, 2), Days, Commands, WorkloadProfile.normal, AccountMix(Accounts), seed)
    ).toVector

  /** Creates `journal` and removes a previous run's feeds from it and the store `db` with its side files. */
  def clear(journal: Path, db: Path): Unit = {
    Files.createDirectories(journal)
    Files.list(journal).toArray.map(_.asInstanceOf[Path]).filter(p =>
      Seq(Journal.TradesSuffix, Journal.QuotesSuffix, Journal.EndSuffix).exists(p.toString.endsWith)
    ).foreach(Files.delete)
    Seq("", "-wal", "-shm").foreach(x => Files.deleteIfExists(Path.of(db.toString + x)))
  }

  /** Where the day of `date` keeps its trade feed and its quote feed. */
  def feeds(journal: Path, date: LocalDate): (Path, Path) =
    (journal.resolve(s"$date${Journal.TradesSuffix}"), journal.resolve(s"$date${Journal.QuotesSuffix}"))

  /** Plays `day` through the fast engine, its feeds to `trades` and `quotes` (flushed, not closed). */
  def write(day: DayGenerator.Day, trades: OutputStream, quotes: OutputStream): Unit = {
    val tw = new TradeFeedWriter(trades)
    val qw = new QuoteFeedWriter(quotes)
    day.batch.replay(new TradingDay(Engine.Fast, EventSink.Ignore, Some(tw), Some(qw)))
    tw.flush()
    qw.flush()
  }

  /** Marks the day of `date` as the journal's last: its feeds are complete. */
  def end(journal: Path, date: LocalDate): Unit = {
    val _ = Files.writeString(journal.resolve(s"$date${Journal.EndSuffix}"), "")
  }
}
