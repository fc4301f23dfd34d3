package mvt.bench.report

import cats.effect.{IO, Resource}
import cats.effect.unsafe.implicits.global
import cats.syntax.all.*
import io.circe.Json
import mvt.portal.PortalServer
import mvt.reporting.auth.{AuthPolicy, AuthStore, Authenticator, PasswordHash, Role, User}
import mvt.reporting.journal.Ingest
import mvt.reporting.live.LiveFigures
import mvt.reporting.store.ReportStore
import org.HdrHistogram.{ConcurrentHistogram, Histogram}

import java.nio.file.{Files, Path}
import java.util.concurrent.atomic.{AtomicInteger, AtomicReference, LongAdder}
import scala.concurrent.duration.*

/**
 * Live updates measured: `mvt serve`'s parts (ingest following a journal, the portal with its Server-Sent Events)
 * while a writer appends trades to the journal at a set rate, and `streams` clients (`EventStreamReader`: one
 * thread reading every stream's bytes as they arrive, so the client's own parsing does not lag), each holding one account's
 * event stream open with an API token, time every event they receive.
 *
 * What an event's delay is: an event carries its account's figures as the fold held them after one of ingest's
 * polls, and its `at` is the fold's clock then, the feed time of the last line folded. Every feed time names one
 * trade of the writer, so an event reflects every trade up to that one and none after it. Two delays are taken
 * for each event, both to the moment the client has decoded it: `newest`, from the write of the last trade it
 * reflects (how fresh the figures are), and `oldest`, from the write of the first trade after the ones the
 * stream's previous event reflected (the longest any line waited to be shown on that page: no earlier event of
 * the stream showed it). A stream's first event has no `oldest`.
 */
object LiveBench {

  /** Why a run could not measure (the streams did not all open, one ended, ingest stopped): said as it is. */
  final case class CannotMeasure(message: String) extends Exception(message)

  /** The run: `streams` open event streams over `accounts` trading accounts, `rate` trades a second. */
  final case class Config(
      streams: Int,
      rate: Double,
      duration: FiniteDuration,
      accounts: Int,
      symbols: Int,
      httpThreads: Int,
      seed: Long = 1L,
      warmUp: FiniteDuration = 2.seconds,
      timeout: FiniteDuration = 60.seconds
  ) {
    require(streams >= 1 && rate > 0 && accounts >= 2 && symbols >= 1, s"not a live run: $this")
  }

  /** What the run measured. */
  final case class Result(
      config: Config,
      trades: Long, // written while measuring, after the warm-up's
      writeNanos: Long,
      opened: Int,
      events: Long,
      unmatched: Long,
      newest: Histogram,
      oldest: Histogram,
      legs: Vector[(String, Histogram)],
      batches: Histogram
  ) {
    def tradesPerSecond: Double = trades * 1e9 / math.max(1L, writeNanos)
  }

  // one stream's last matched trade, touched only by that stream's fiber
  private final class StreamState { var last: Long = -1L }

  // about 40 seconds of trades at the rate, at most 2^23 stamps (64 MiB)
  private def ringFor(rate: Double, duration: FiniteDuration): Int = {
    val want = math.min(1L << 23, math.max(1024L, (rate * math.min(duration.toSeconds + 10, 40L)).toLong))
    java.lang.Long.highestOneBit(want * 2 - 1).toInt
  }

  def run(config: Config, progress: String => Unit): Result = {
    val dir = Files.createTempDirectory("mvt-bench-live")
    try measure(config, dir, progress).unsafeRunSync()
    finally mvt.core.files.FileTree.delete(dir)
  }

  private def measure(config: Config, dir: Path, progress: String => Unit): IO[Result] = {
    val journal = Files.createDirectory(dir.resolve("journal"))
    val db = dir.resolve("report.db")
    val writer = new LiveFeedWriter(
      journal,
      config.rate,
      config.accounts,
      config.symbols,
      config.seed,
      ringFor(config.rate, config.duration)
    )
    val newest = new ConcurrentHistogram(3)
    val oldest = new ConcurrentHistogram(3)
    val events = new LongAdder
    val unmatched = new LongAdder
    val opened = new AtomicInteger
    val ingestFailure = new AtomicReference[String](null)
    val streamEnded = new AtomicReference[String](null)
    val measureFrom = new java.util.concurrent.atomic.AtomicLong(Long.MaxValue) // the first trade measured
    val accountOf = (i: Int) => 1 + i % config.accounts
    val watchedAccounts = math.min(config.streams, config.accounts)
    val live = new LiveFigures
    val path = new LivePath(live, writer)

    val states = Array.fill(config.streams)(new StreamState)

    // an event of stream `i` whose figures are as of feed time `at`, decoded at `received`; on the reader's thread
    def record(i: Int, at: Long, received: Long): Unit = {
      val st = states(i)
      val k = writer.tradeAt(at)
      val wrote = writer.writtenAt(k)
      // an event of the polls before the first trade (no trade yet) names none: it is no delay
      val from = measureFrom.get
      if (k >= from && wrote < 0) unmatched.increment()
      else if (k >= 0 && wrote >= 0) {
        // the warm-up's trades were written before the stream opened: their delays are not the portal's
        if (k >= from) {
          path.sent(k, received)
          events.increment()
          newest.recordValue(math.max(0L, received - wrote))
        }
        if (st.last >= 0 && k > st.last && st.last + 1 >= from) {
          val first = writer.writtenAt(st.last + 1)
          if (first >= 0) oldest.recordValue(math.max(0L, received - first))
        }
        st.last = k
      }
    }

    def readAll(reader: EventStreamReader): Unit =
      try reader.run()
      catch {
        case scala.util.control.NonFatal(e) =>
          val _ = streamEnded.compareAndSet(null, s"the streams' reader failed: ${e.getMessage}")
      }

    // every stream read by one platform thread of its own, which ends when the run's resource is released
    def streams(port: Int, token: String): Resource[IO, Unit] = {
      val reader = new EventStreamReader(
        port,
        Vector.tabulate(config.streams)(i => s"/api/accounts/${accountOf(i)}/live"),
        token,
        _ => { val _ = opened.incrementAndGet() },
        // a stream that ends or fails is said at the end of the run, not silently lost
        (i, how) => { val _ = streamEnded.compareAndSet(null, s"stream $i (account ${accountOf(i)}) $how") },
        record
      )
      Resource.make(IO {
        val t = new Thread(() => readAll(reader), "live-bench-reader")
        t.setDaemon(true)
        t.start()
        t
      })(t => IO(reader.stop()) >> IO.blocking(t.join())).void
    }

    // polls `cond` every 50 ms until it holds or `within` passes; whether it held
    def awaitIO(within: FiniteDuration)(cond: IO[Boolean]): IO[Boolean] = {
      val poll = cond.flatMap(ok => if (ok) IO.pure(true) else IO.sleep(50.millis).as(false))
      poll.iterateUntil(identity).timeoutTo(within, cond)
    }
    def await(within: FiniteDuration)(cond: => Boolean): IO[Boolean] = awaitIO(within)(IO(cond))

    val closeWriter = Resource.make(IO.unit)(_ => IO.blocking(writer.close()))
    (closeWriter >> (for {
      store <- ReportStore.open(db, None)
      users <- AuthStore.open(db)
    } yield (store, users))).use { (store, users) =>
      for {
        auth <- Authenticator(users, AuthPolicy(), _ => IO.unit)
        hashed <- IO.blocking(PasswordHash.create("bench-password".toCharArray))
        now <- IO.realTime.map(_.toMillis)
        _ <- users.addUser(User("bench", Role.Staff, Set.empty), hashed, now)
        token <- users.createToken("bench", now).map(_.get.text)
        ingest <- Ingest(store, journal, watcher = path)
        result <- PortalServer
          .run(
            store,
            ingest,
            journal,
            "127.0.0.1",
            0,
            f => IO(ingestFailure.set(f.message)),
            auth,
            live,
            None,
            config.httpThreads
          )
          .use { server =>
            // the warm-up: every account trades, so that the portal knows it (an unknown account is a 404), and the
            // server's code paths are compiled before the streams open
            val warmUp =
              IO(progress(s"warming up: ${config.warmUp.toSeconds} s of trades")) >>
                IO.interruptible(writer.run(config.warmUp.toNanos)) >>
                awaitIO(config.timeout)((1 to watchedAccounts).toList.forallM(a => store.knows(a))).flatMap(
                  ok =>
                    IO.raiseError(CannotMeasure(
                      s"the warm-up's trades were not ingested in ${config.timeout}" +
                        Option(ingestFailure.get).fold("")(m => s": $m")
                    )).unlessA(ok)
                )
            warmUp >> IO(progress(s"opening ${config.streams} event streams")) >> {
              streams(server.address.getPort, token).surround {
                for {
                  open <- await(config.timeout)(
                    streamEnded.get != null ||
                      (opened.get == config.streams && live.watchedAccounts == watchedAccounts)
                  )
                  _ <- IO.raiseError(CannotMeasure(
                    s"only ${opened.get} of ${config.streams} event streams opened in ${config.timeout}" +
                      Option(streamEnded.get).fold("")(m => s" ($m)") +
                      "; fewer streams (--live-streams) or more memory for the JVM may let them all open"
                  )).unlessA(open && streamEnded.get == null)
                  // the streams' own warm-up: the path from a poll to an event on the wire runs, and is compiled,
                  // before anything is measured (else the first seconds time the interpreter and the JIT)
                  _ <- IO(progress(s"warming up the streams: ${config.warmUp.toSeconds} s of trades"))
                  _ <- IO.interruptible(writer.run(config.warmUp.toNanos))
                  _ <-
                    IO(progress(f"writing ${config.rate}%,.0f trades/s for ${config.duration.toSeconds} s"))
                  t0 <- IO(System.nanoTime())
                  from <- IO(writer.written)
                  _ <- IO { measureFrom.set(from); path.from = from }
                  trades <- IO.interruptible(writer.run(config.duration.toNanos))
                  t1 <- IO(System.nanoTime())
                  // ingest has folded the last trade (some watched account's figures are as of it), then the
                  // streams take their last events (each is woken by the snapshot it shows)
                  _ <- IO(progress("waiting for the last events"))
                  _ <- await(config.timeout)(ingest.failed.isDefined || (1 to watchedAccounts).exists(a =>
                    live.latest(a).exists(s => writer.tradeAt(s.at) == trades - 1)
                  ))
                  _ <- IO.sleep(1.second)
                  _ <- Option(streamEnded.get).fold(IO.unit)(m =>
                    IO.raiseError(CannotMeasure(s"an event stream ended during the run: $m"))
                  )
                } yield Result(
                  config,
                  trades - from,
                  t1 - t0,
                  opened.get,
                  events.sum,
                  unmatched.sum,
                  newest.copy(),
                  oldest.copy(),
                  path.legs,
                  path.batches
                )
              }
            }
          }
        _ <- Option(ingestFailure.get).fold(IO.unit)(m =>
          IO.raiseError(CannotMeasure(s"ingest stopped: $m"))
        )
      } yield result
    }
  }

  private def ms(n: Long): String = f"${n / 1e6}%.1f ms"

  private def line(name: String, h: Histogram, width: Int = 7): String =
    f"  ${name.padTo(width, ' ')} ${h.getTotalCount}%10d ${ms(h.getValueAtPercentile(50))}%11s ${ms(h.getValueAtPercentile(99))}%11s ${ms(h.getValueAtPercentile(99.9))}%11s ${ms(h.getMaxValue)}%11s"

  def table(r: Result): String = Vector(
    f"Live updates: ${r.opened} of ${r.config.streams} event streams open over ${r.config.accounts}%,d accounts, ${r.config.symbols} symbols; ${r.trades}%,d trades written at ${r.tradesPerSecond}%,.0f/s (asked ${r.config.rate}%,.0f/s) for ${r.writeNanos / 1e9}%.1f s",
    f"  ${r.events}%,d events matched to a trade${
        if (r.unmatched > 0) f", ${r.unmatched}%,d whose trade had left the ring" else ""
      }; delay from a feed line's write to the event decoded by the client",
    f"  delay       events         p50         p99       p99.9         max",
    line("newest", r.newest),
    line("oldest", r.oldest),
    f"  where the time goes (bench-only timestamps; ${r.batches.getTotalCount}%,d polls, p50 ${r.batches.getValueAtPercentile(50)}%,d and max ${r.batches.getMaxValue}%,d trades a poll):",
    r.legs.map((n, h) => line(n, h, 16)).mkString("\n"),
    "  (newest: from the write of the last trade the event reflects; oldest: from the write of the first trade",
    "   that no earlier event of the stream reflected. Target: p99 <= 1 s)"
  ).mkString("\n")

  def json(r: Result): Json = {
    def delays(h: Histogram) = Json.obj(
      "events" -> Json.fromLong(h.getTotalCount),
      "p50Nanos" -> Json.fromLong(h.getValueAtPercentile(50)),
      "p99Nanos" -> Json.fromLong(h.getValueAtPercentile(99)),
      "p999Nanos" -> Json.fromLong(h.getValueAtPercentile(99.9)),
      "maxNanos" -> Json.fromLong(h.getMaxValue)
    )
    Json.obj(
      "streams" -> Json.fromInt(r.config.streams),
      "streamsOpened" -> Json.fromInt(r.opened),
      "accounts" -> Json.fromInt(r.config.accounts),
      "symbols" -> Json.fromInt(r.config.symbols),
      "askedTradesPerSecond" -> Json.fromDoubleOrNull(r.config.rate),
      "trades" -> Json.fromLong(r.trades),
      "tradesPerSecond" -> Json.fromDoubleOrNull(r.tradesPerSecond),
      "events" -> Json.fromLong(r.events),
      "eventsUnmatched" -> Json.fromLong(r.unmatched),
      "newest" -> delays(r.newest),
      "oldest" -> delays(r.oldest),
      // where the time went, bench-only timestamps along the path (LivePath)
      "path" -> Json.obj(r.legs.map((n, h) => n -> delays(h))*),
      "tradesPerPollP50" -> Json.fromLong(r.batches.getValueAtPercentile(50))
    )
  }
}
