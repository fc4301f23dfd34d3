package mvt.bench.load

import cats.effect.{IO, Resource}
import cats.syntax.all.*
import org.HdrHistogram.{ConcurrentHistogram, Histogram}
import org.http4s.client.Client
import org.http4s.ember.client.EmberClientBuilder
import org.http4s.{Method, Request, Uri}

import java.util.concurrent.atomic.{AtomicLong, LongAdder}
import scala.concurrent.duration.*

/**
 * An open-loop load generator: request `i` is due at `start + i / rate`, whatever happened to the requests
 * before it, and its latency is measured from that intended start, not from when a client got round to sending
 * it. A server that stalls therefore shows every request that queued behind the stall as late, instead of
 * hiding them (no coordinated omission). `clients` requests at most are in flight at once; a request whose
 * client is still busy when it falls due starts late, and its lateness counts in its latency.
 */
object OpenLoad {

  /** `requests` requests at `rate` a second through at most `clients` concurrent clients. */
  final case class Config(
      rate: Double,
      requests: Long,
      clients: Int = 64,
      timeout: FiniteDuration = 30.seconds
  ) {
    require(rate > 0 && !rate.isInfinite, s"rate must be positive: $rate")
    require(requests >= 1, s"requests must be >= 1: $requests")
    require(clients >= 1, s"clients must be >= 1: $clients")

    /** Nanoseconds between two intended starts. */
    def intervalNanos: Double = 1e9 / rate
  }

  /** How one request ended: a status code, or no response at all (refused, reset, timed out). */
  enum Outcome {
    case Status(code: Int)
    case Failed(reason: String)
  }

  /**
   * What a run measured: latencies (nanoseconds from each request's intended start to its end) of every
   * request that got a response, and the count of those that failed or answered outside 2xx.
   */
  final case class Result(config: Config, latencies: Histogram, ok: Long, non2xx: Long, failed: Long) {
    def sent: Long = ok + non2xx + failed
    def p50: Long = latencies.getValueAtPercentile(50.0)
    def p99: Long = latencies.getValueAtPercentile(99.0)
    def p999: Long = latencies.getValueAtPercentile(99.9)
    def max: Long = latencies.getMaxValue

    /** One line: the counts and the percentiles in milliseconds. */
    def render: String =
      f"${config.rate}%,.0f req/s, ${config.clients} clients: $sent%,d sent, $ok%,d ok, $non2xx%,d non-2xx, $failed%,d failed; " +
        f"p50 ${ms(p50)}%.3f ms, p99 ${ms(p99)}%.3f ms, p99.9 ${ms(p999)}%.3f ms, max ${ms(max)}%.3f ms (from the intended start)"
    private def ms(n: Long): Double = n / 1e6
  }

  /**
   * Runs the schedule through `send`, which makes request `i` and tells how it ended (it should not fail; a
   * failure is counted as a failed request). Time is cats-effect's clock, so a test can run it in virtual time.
   */
  def drive(config: Config, send: Long => IO[Outcome]): IO[Result] =
    for {
      start <- IO.monotonic.map(_.toNanos)
      next = new AtomicLong(0)
      latencies = new ConcurrentHistogram(3)
      ok = new LongAdder
      non2xx = new LongAdder
      failed = new LongAdder
      client = {
        // a client takes the next request due, waits for its time if it is early, and records from that time
        def loop: IO[Unit] = IO(next.getAndIncrement()).flatMap { i =>
          if (i >= config.requests) IO.unit
          else {
            val due = start + (i * config.intervalNanos).toLong
            val wait =
              IO.monotonic.map(_.toNanos).flatMap(now => IO.sleep((due - now).nanos).whenA(due > now))
            val request = send(i).timeoutTo(config.timeout, IO.pure(Outcome.Failed("timed out")))
              .handleError(e => Outcome.Failed(e.getClass.getSimpleName))
            (wait >> request).flatMap { outcome =>
              IO.monotonic.map { end =>
                outcome match {
                  case Outcome.Status(code) =>
                    latencies.recordValue(math.max(0L, end.toNanos - due))
                    if (code >= 200 && code < 300) ok.increment() else non2xx.increment()
                  case Outcome.Failed(_) => failed.increment()
                }
              }
            } >> loop
          }
        }
        loop
      }
      _ <- List.fill(config.clients)(client).parSequence_
    } yield Result(config, latencies.copy(), ok.sum, non2xx.sum, failed.sum)

  /** `send` for `drive` over HTTP: a GET of `uriOf(i)`, its body read to the end. */
  def get(client: Client[IO], uriOf: Long => Uri): Long => IO[Outcome] =
    i =>
      client.run(Request[IO](Method.GET, uriOf(i))).use(resp =>
        resp.body.compile.drain.as(Outcome.Status(resp.status.code))
      )

  /** An Ember client with room for `clients` connections to one host, for `get`. */
  def emberClient(clients: Int, timeout: FiniteDuration): Resource[IO, Client[IO]] =
    EmberClientBuilder.default[IO]
      .withMaxTotal(clients)
      .withMaxPerKey(_ => clients)
      .withTimeout(timeout)
      .withIdleConnectionTime(timeout * 2)
      .build

  /** Runs the schedule as GETs of `uriOf(i)` through a fresh Ember client. */
  def run(config: Config, uriOf: Long => Uri): IO[Result] =
    emberClient(config.clients, config.timeout).use(c => drive(config, get(c, uriOf)))
}
