package mvt.portal

import cats.effect.{IO, Resource}
import mvt.reporting.journal.Ingest
import mvt.reporting.live.LiveFigures
import mvt.reporting.store.ReportStore
import mvt.reporting.{FeedLine, LiveFigure, PnlFold}

import java.nio.charset.StandardCharsets.US_ASCII
import java.nio.file.{Files, Path, StandardOpenOption}
import scala.concurrent.duration.*

/**
 * A journal still being written, for the live figures' tests: the fixture's first session whole, and the
 * second in three parts by time (written before ingest starts, appended by the test, never written), ingest
 * following it with the live hook, and the portal's routes over it with the test users.
 */
final class LiveJournal(val journal: Path, val routes: PortalRoutes, val users: AuthFixture) {
  import LiveJournal.*

  /** Appends the second part: its trades, then their quotes, as the venue writes them. */
  def appendSecondPart(): Unit = {
    val (ts, qs) = part(t1, t2)
    def add(p: Path, lines: Vector[String]) =
      Files.write(p, lines.map(_ + "\n").mkString.getBytes(US_ASCII), StandardOpenOption.APPEND)
    add(journal.resolve(growing.name + ".trades.csv"), ts.map(_._2))
    add(journal.resolve(growing.name + ".quotes.csv"), qs.map(_._2))
  }
}

object LiveJournal {

  private val sessions = JournalFixture.sessions(13L)
  private val first = sessions(0)
  private val growing = sessions(1)
  private val trades = growing.trades.map(l => (FeedLine.trade(0, l).toOption.get, l))
  private val quotes = growing.quotes.map(l => (FeedLine.quote(0, l).toOption.get, l))

  /** Where the first part ends and the second. */
  val t1: Long = trades(trades.size / 3)._1.time
  val t2: Long = trades(2 * trades.size / 3)._1.time

  private def part(from: Long, to: Long) =
    (
      trades.filter(x => x._1.time >= from && x._1.time < to),
      quotes.filter(x => x._1.time >= from && x._1.time < to)
    )

  /**
   * The fold's live figures of `account` once ingest has folded the growing session's lines before `to`: every
   * line up to the last quote written (a later trade waits for its quote), a trade before a quote of its time.
   */
  def expected(account: Int, to: Long): Vector[LiveFigure] = {
    val (ts, qs) = part(Long.MinValue, to)
    val clock = qs.last._1.time
    val before = first.trades.map(FeedLine.trade(0, _).toOption.get) ++ first.quotes.map(
      FeedLine.quote(0, _).toOption.get
    )
    val grown = ts.map(_._1).filter(_.time <= clock) ++ qs.map(_._1)
    val fold = new PnlFold(JournalFixture.Fee, keepHistory = false)
    (before ++ grown).zipWithIndex
      .sortBy((l, i) => (l.time, l match { case _: FeedLine.Trade => 0; case _ => 1 }, i))
      .foreach {
        case (FeedLine.Trade(t, s, p, q, b, se), _) => fold.trade(t, s, p, q, b, se)
        case (FeedLine.Quote(t, s, b, a, two), _) => fold.quote(t, s, b, a, two)
      }
    fold.liveOf(account)
  }

  // waits for ingest to close an hour, a failure of ingest failing the test at once
  private def closedHour(store: ReportStore, ingest: Ingest, tries: Int): IO[Unit] =
    store.lastClosedHour.flatMap {
      case Some(_) => IO.unit
      case None =>
        ingest.failed match {
          case Some(f) => IO.raiseError(new AssertionError(s"ingest stopped: ${f.message}"))
          case None if tries > 2400 =>
            IO.raiseError(new AssertionError("ingest closed no hour in two minutes"))
          case None => IO.sleep(50.millis) >> closedHour(store, ingest, tries + 1)
        }
    }

  /** The journal with its first part written, ingest following it, and the portal's routes. */
  def apply(): Resource[IO, LiveJournal] =
    for {
      dir <- JournalFixture.tempDir("mvt-live")
      journal = dir.resolve("journal")
      _ <- Resource.eval(IO.blocking {
        Files.createDirectory(journal)
        JournalFixture.write(journal, Vector(first))
        Files.delete(journal.resolve(first.name + ".end"))
        val (ts, qs) = part(Long.MinValue, t1)
        Files.write(
          journal.resolve(growing.name + ".trades.csv"),
          ts.map(_._2 + "\n").mkString.getBytes(US_ASCII)
        )
        Files.write(
          journal.resolve(growing.name + ".quotes.csv"),
          (FeedLine.QuoteHeader +: qs.map(_._2)).map(_ + "\n").mkString.getBytes(US_ASCII)
        )
      })
      store <- ReportStore.open(dir.resolve("report.db"), Some(JournalFixture.Fee))
      users <- AuthFixture(dir.resolve("report.db"))
      live = new LiveFigures
      ingest <- Resource.eval(Ingest(store, journal, watcher = live))
      _ <- ingest.follow(50.millis, _ => IO.unit).background
      // the pages need a closed hour: the first session's are closed once it is folded
      _ <- Resource.eval(closedHour(store, ingest, 0))
    } yield new LiveJournal(journal, users.routes(store, live = live), users)
}
