package mvt.bench.load

import cats.effect.std.Queue
import cats.effect.{IO, Resource}
import cats.syntax.all.*
import mvt.portal.OwnRuntime
import org.HdrHistogram.{ConcurrentHistogram, Histogram}
import org.http4s.client.Client
import org.http4s.ember.client.EmberClientBuilder
import org.http4s.{Headers, Method, Request, Uri}

import java.util.concurrent.atomic.{AtomicLong, LongAdder}
import java.util.concurrent.locks.LockSupport
import scala.concurrent.duration.*

/**
 * An open-loop load generator: request `i` is due at `start + i / rate`, whatever happened to the requests
 * before it, and its latency is measured from that intended start, not from when a client got round to sending
 * it. A server that stalls therefore shows every request that queued behind the stall as late, instead of
 * hiding them (no coordinated omission). `clients` requests at most are in flight at once; a request whose
 * client is still busy when it falls due starts late, and its lateness counts in its latency.
 */
object OpenLoad {

  /**
   * `requests` requests at `rate` a second through at most `clients` concurrent clients. A request not answered
   * `timeout` after the last one was due counts as failed, and the run ends there.
   */
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
   * request that got a response, and the count of those that answered outside 2xx or failed (no answer: refused,
   * reset, or none by the run's deadline). `startLag` is the generator's own part: from each request's intended
   * start to the moment a client began sending it (the pacer's wake-up and a free client), which its latency
   * includes.
   */
  final case class Result(
      config: Config,
      latencies: Histogram,
      ok: Long,
      non2xx: Long,
      failed: Long,
      startLag: Histogram = new Histogram(3)
  ) {
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

    /**
     * This run and `other`, of the same load, as one: their requests and latencies together (a leg run in slices
     * between other legs).
     */
    def and(other: Result): Result = {
      val l = latencies.copy(); l.add(other.latencies)
      val s = startLag.copy(); s.add(other.startLag)
      Result(
        config.copy(requests = config.requests + other.config.requests),
        l,
        ok + other.ok,
        non2xx + other.non2xx,
        failed + other.failed,
        s
      )
    }
  }

  /** How requests are released to the clients at their intended starts. */
  enum Release {

    /**
     * Each client sleeps on cats-effect's clock until its next request is due. Exact in virtual time, so the
     * tests use it; on a real clock cats-effect 3.6's workers poll their selector without blocking while a
     * sleeper is due within the millisecond, and with a request due every millisecond they seldom block at all.
     */
    case Sleeping

    /**
     * One platform thread parks until each request is due and hands it to the clients through a queue, so the
     * clients' waits are not timers and the runtime's workers block while they are idle. The thread's wake-up
     * lateness counts in each latency, since that is still measured from the intended start.
     */
    case Paced
  }

  /**
   * Runs the schedule through `send`, which makes request `i` and tells how it ended (it should not fail; a
   * failure is counted as a failed request). Time is cats-effect's clock (`Release.Sleeping`, so a test can run
   * it in virtual time) or the JVM's (`Release.Paced`, on real time only).
   */
  def drive(config: Config, send: Long => IO[Outcome], release: Release = Release.Sleeping): IO[Result] =
    for {
      start <- IO.monotonic.map(_.toNanos)
      latencies = new ConcurrentHistogram(3)
      lag = new ConcurrentHistogram(3)
      ok = new LongAdder
      non2xx = new LongAdder
      dueOf = (i: Long) => start + (i * config.intervalNanos).toLong
      // sends request `i` and records it from its intended start
      request = (i: Long) => {
        val due = dueOf(i)
        IO.monotonic.flatMap(t => IO(lag.recordValue(math.max(0L, t.toNanos - due)))) >>
          send(i).handleError(e => Outcome.Failed(e.getClass.getSimpleName))
            .flatMap { outcome =>
              IO.monotonic.map { end =>
                outcome match {
                  case Outcome.Status(code) =>
                    latencies.recordValue(math.max(0L, end.toNanos - due))
                    if (code >= 200 && code < 300) ok.increment() else non2xx.increment()
                  case Outcome.Failed(_) => ()
                }
              }
            }
      }
      all = release match {
        case Release.Sleeping => sleeping(config, dueOf, request)
        case Release.Paced => paced(config, dueOf, request)
      }
      // one deadline for the run, not a timeout per request: each would be a timer in the runtime's heap, and
      // removing thousands of them a second from the head of that heap took a fifth of the generator's CPU
      deadline = dueOf(config.requests - 1) - start + config.timeout.toNanos
      _ <- all.timeoutTo(deadline.nanos, IO.unit)
      answered = ok.sum + non2xx.sum
    } yield Result(config, latencies.copy(), ok.sum, non2xx.sum, config.requests - answered, lag.copy())

  private def sleeping(config: Config, dueOf: Long => Long, request: Long => IO[Unit]): IO[Unit] = {
    val next = new AtomicLong(0)
    // a client takes the next request due and waits for its time if it is early
    def loop: IO[Unit] = IO(next.getAndIncrement()).flatMap { i =>
      if (i >= config.requests) IO.unit
      else {
        val due = dueOf(i)
        val wait = IO.monotonic.map(_.toNanos).flatMap(now => IO.sleep((due - now).nanos).whenA(due > now))
        wait >> request(i) >> loop
      }
    }
    List.fill(config.clients)(loop).parSequence_
  }

  private def paced(config: Config, dueOf: Long => Long, request: Long => IO[Unit]): IO[Unit] =
    Queue.unsafeUnbounded[IO, java.lang.Long].flatMap { due =>
      // -1 tells a client that the schedule is over; one for each client
      val pacer = IO.interruptible {
        var i = 0L
        while (i < config.requests) {
          val at = dueOf(i)
          var wait = at - System.nanoTime()
          while (wait > 0) {
            LockSupport.parkNanos(wait)
            wait = at - System.nanoTime()
          }
          due.unsafeOffer(java.lang.Long.valueOf(i))
          i += 1
        }
        var c = 0
        while (c < config.clients) { due.unsafeOffer(java.lang.Long.valueOf(-1L)); c += 1 }
      }
      def loop: IO[Unit] = due.take.flatMap(i => if (i < 0) IO.unit else request(i) >> loop)
      (pacer, List.fill(config.clients)(loop).parSequence_).parTupled.void
    }

  /** `send` for `drive` over HTTP: a GET of `uriOf(i)`, its body read to the end. */
  def get(client: Client[IO], uriOf: Long => Uri, headers: Headers = Headers.empty): Long => IO[Outcome] =
    i =>
      client.run(Request[IO](Method.GET, uriOf(i), headers = headers)).use(resp =>
        resp.body.compile.drain.as(Outcome.Status(resp.status.code))
      )

  /**
   * An Ember client with room for `clients` connections to one host, for `get`. It sets no timeout of its own:
   * `drive`'s deadline ends a run whose server stopped answering.
   */
  private def emberClient(clients: Int): Resource[IO, Client[IO]] =
    EmberClientBuilder.default[IO]
      .withMaxTotal(clients)
      .withMaxPerKey(_ => clients)
      .withTimeout(Duration.Inf)
      .withIdleConnectionTime(Duration.Inf)
      .build

  /**
   * `f` with an Ember client for `clients` connections to one host, both on a runtime of one worker of its own, so
   * that the clients stay off the workers of a server in the same process, as they would on another machine.
   */
  def withClient[A](clients: Int)(f: Client[IO] => IO[A]): IO[A] =
    OwnRuntime(1, "load").use(rt => OwnRuntime.on(rt)(emberClient(clients).use(f)))

  /** Runs the schedule as GETs of `uriOf(i)` through a fresh client (`withClient`), paced on real time. */
  def run(config: Config, uriOf: Long => Uri): IO[Result] =
    withClient(config.clients)(c => drive(config, get(c, uriOf), Release.Paced))
}
