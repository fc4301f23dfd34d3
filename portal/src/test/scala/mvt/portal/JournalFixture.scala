package mvt.portal

import cats.effect.{IO, Resource}
import mvt.core.Timestamp
import mvt.reporting.FeedLine
import mvt.reporting.PnlFold.NanosPerHour
import mvt.reporting.journal.Ingest
import mvt.reporting.store.ReportStore

import java.math.BigDecimal
import java.nio.charset.StandardCharsets.US_ASCII
import java.nio.file.{Files, Path}
import scala.util.Random

/**
 * A realistic journal for the portal's tests: three trading sessions over a week (Monday, Wednesday, Friday),
 * the house and six clients trading four symbols with a fee per share, every trade followed by its quote line
 * at the same instant as the engine writes them, and quote lines of their own between trades. Deterministic
 * for a seed.
 */
object JournalFixture {

  val Fee: BigDecimal = new BigDecimal("0.001")

  private val H = NanosPerHour
  private val Second = 1000000000L
  private val Tick = 1000000L // 0.01 in price units

  /** 2026-03-02T00:00:00Z (a Monday), in epoch hours. */
  val Monday: Long = 20514L * 24

  /** The sessions: their names (ISO dates, so name order is day order) and days after Monday. */
  val Sessions: Vector[(String, Int)] = Vector("2026-03-02" -> 0, "2026-03-04" -> 2, "2026-03-06" -> 4)

  /** The symbols, each with its opening mid and spread in ticks. */
  private val Symbols =
    Vector(("ACME", 18235L, 2L), ("BOLT", 4120L, 2L), ("CRUX", 875L, 1L), ("DYNA", 125000L, 10L))

  /** Which clients trade which symbols: account 5 never trades CRUX or DYNA, account 6 only CRUX. */
  private val Traders: Map[String, Vector[Int]] = Map(
    "ACME" -> Vector(1, 2, 3, 4, 5),
    "BOLT" -> Vector(1, 2, 4, 5),
    "CRUX" -> Vector(1, 3, 6),
    "DYNA" -> Vector(1, 2, 3)
  )

  /** One session's feed lines as written. */
  final case class Session(name: String, trades: Vector[String], quotes: Vector[String])

  private def units(ticks: Long): String = mvt.reporting.Money.render(BigDecimal.valueOf(ticks * Tick, 8))
  private def at(nanos: Long): String = Timestamp.fromEpochNanos(nanos).render

  /** The sessions' feeds: trades from about 09:00 to 16:40 UTC, mids walking a tick at a time. */
  def sessions(seed: Long): Vector[Session] = {
    val rnd = new Random(seed)
    val mids = Symbols.map(_._2).toArray // in ticks
    var orderId = 1000L
    Sessions.map { (name, day) =>
      val trades = Vector.newBuilder[String]
      val quotes = Vector.newBuilder[String]
      var t = (Monday + day * 24L + 9) * H + rnd.nextInt(600) * Second
      val end = (Monday + day * 24L + 16) * H + 40 * 60 * Second
      while (t < end) {
        val s = rnd.nextInt(Symbols.size)
        val (symbol, _, spread) = Symbols(s)
        // a drift per day and symbol, so the week has a shape
        val drift = if ((day + s) % 3 == 0) 1 else if ((day + s) % 3 == 1) -1 else 0
        mids(s) = math.max(spread * 2, mids(s) + rnd.nextInt(5) - 2 + (if (rnd.nextInt(3) == 0) drift else 0))
        val bid = mids(s) - spread / 2
        val ask = bid + spread
        if (rnd.nextInt(10) < 7) {
          val clients = Traders(symbol)
          val a = clients(rnd.nextInt(clients.size))
          val other =
            if (rnd.nextInt(50) == 0) a // a self-trade now and then
            else if (rnd.nextBoolean()) 0
            else clients.filterNot(_ == a)(rnd.nextInt(clients.size - 1))
          val clientBuys = rnd.nextBoolean()
          val (buyer, seller) = if (clientBuys) (a, other) else (other, a)
          val price = if (clientBuys) ask else bid
          val qty = 10L * (1 + rnd.nextInt(if (symbol == "DYNA") 5 else 40))
          trades += s"trade,${at(t)},$symbol,${units(price)},$qty,$orderId,$buyer,${orderId + 1},$seller," +
            (if (clientBuys) "BUY" else "SELL")
          orderId += 2
        }
        // the book's top after the command: now and then one side is empty
        if (rnd.nextInt(25) == 0) quotes += s"${at(t)},$symbol,${units(bid)},${100 * (1 + rnd.nextInt(9))},,"
        else
          quotes += s"${at(t)},$symbol,${units(bid)},${100 * (1 + rnd.nextInt(9))},${units(ask)},${100 * (1 + rnd
              .nextInt(9))}"
        t += (15 + rnd.nextInt(240)) * Second
      }
      Session(name, trades.result(), quotes.result())
    }
  }

  /** Writes the sessions as a journal in `dir`; the last one is marked finished. */
  def write(dir: Path, sessions: Vector[Session]): Unit = {
    sessions.foreach { s =>
      Files.write(dir.resolve(s.name + ".trades.csv"), s.trades.map(_ + "\n").mkString.getBytes(US_ASCII))
      Files.write(
        dir.resolve(s.name + ".quotes.csv"),
        (FeedLine.QuoteHeader +: s.quotes).map(_ + "\n").mkString.getBytes(US_ASCII)
      )
    }
    sessions.lastOption.foreach(s => Files.write(dir.resolve(s.name + ".end"), Array.emptyByteArray))
  }

  /** The journal's lines, parsed back from the files as the store read them: every trade, every quote. */
  def parsed(sessions: Vector[Session]): (Vector[FeedLine.Trade], Vector[FeedLine.Quote]) = {
    val trades = sessions.flatMap(_.trades).zipWithIndex.map((l, i) => FeedLine.trade(i + 1L, l))
    val quotes = sessions.flatMap(_.quotes).zipWithIndex.map((l, i) => FeedLine.quote(i + 2L, l))
    (
      trades.map(_.fold(e => throw new IllegalStateException(e.detail), identity)),
      quotes.map(_.fold(e => throw new IllegalStateException(e.detail), identity))
    )
  }

  private def deleteTree(p: Path): Unit = {
    if (Files.isDirectory(p)) {
      val s = Files.list(p)
      try s.toArray.foreach(c => deleteTree(c.asInstanceOf[Path]))
      finally s.close()
    }
    Files.deleteIfExists(p)
  }

  /** A fresh temporary directory, deleted with everything in it on release. */
  def tempDir(prefix: String): Resource[IO, Path] =
    Resource.make(IO.blocking(Files.createTempDirectory(prefix)))(d => IO.blocking(deleteTree(d)))

  /** The journal written to a temp dir and fully ingested into a real SQLite store there, with its figures. */
  def store(seed: Long = 13L): Resource[IO, (ReportStore, ExpectedFigures)] =
    storeIn(seed).map((s, e, _) => (s, e))

  /** As `store`, with the store's file (for the sign-in tables beside it). */
  def storeIn(seed: Long = 13L): Resource[IO, (ReportStore, ExpectedFigures, Path)] =
    for {
      dir <- tempDir("mvt-portal-test")
      journal = dir.resolve("journal")
      sessions = this.sessions(seed)
      _ <- Resource.eval(IO.blocking {
        Files.createDirectory(journal)
        write(journal, sessions)
      })
      store <- ReportStore.open(dir.resolve("report.db"), Some(Fee))
      _ <- Resource.eval(Ingest(store, journal).flatMap { ingest =>
        ingest.catchUp >> ingest.failed.fold(IO.unit)(f =>
          IO.raiseError(new IllegalStateException(s"the fixture's journal was refused: ${f.message}"))
        )
      })
    } yield {
      val (trades, quotes) = parsed(sessions)
      (store, new ExpectedFigures(trades, quotes, Fee), dir.resolve("report.db"))
    }
}
