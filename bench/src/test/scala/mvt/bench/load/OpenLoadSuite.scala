package mvt.bench.load

import cats.effect.testkit.TestControl
import cats.effect.{IO, Ref}
import com.comcast.ip4s.*
import cats.effect.unsafe.implicits.global
import org.http4s.HttpRoutes
import org.http4s.dsl.io.*
import org.http4s.ember.server.EmberServerBuilder
import org.http4s.Uri

import scala.concurrent.duration.*

/** The load generator against a real in-process Ember server (counts and statuses) and in virtual time. */
class OpenLoadSuite extends munit.FunSuite {

  // every fifth request asks for a page that does not exist; /fail answers 500
  private def routes(seen: Ref[IO, Vector[Long]]) = HttpRoutes.of[IO] {
    case GET -> Root / "page" / LongVar(i) => seen.update(_ :+ i) >> Ok(s"page $i")
    case GET -> Root / "fail" / LongVar(i) => seen.update(_ :+ i) >> InternalServerError("no")
  }.orNotFound

  private def server(seen: Ref[IO, Vector[Long]]) =
    EmberServerBuilder.default[IO].withHost(host"127.0.0.1").withPort(port"0").withHttpApp(routes(seen)).build

  test("every request is sent once; 2xx, non-2xx and latencies are counted") {
    (for {
      seen <- Ref.of[IO, Vector[Long]](Vector.empty)
      result <- server(seen).use { s =>
        val base = Uri.unsafeFromString(s"http://127.0.0.1:${s.address.getPort}")
        val uriOf = (i: Long) =>
          if (i % 5 == 4) base / "missing" / i.toString
          else if (i % 10 == 3) base / "fail" / i.toString
          else base / "page" / i.toString
        OpenLoad.run(OpenLoad.Config(rate = 2000, requests = 200, clients = 8, timeout = 20.seconds), uriOf)
      }
      served <- seen.get
    } yield {
      assertEquals(result.sent, 200L)
      assertEquals(result.non2xx, 40L + 20L, "40 missing pages (404) and 20 failures (500)")
      assertEquals(result.ok, 140L)
      assertEquals(result.failed, 0L)
      assertEquals(result.latencies.getTotalCount, 200L)
      assertEquals(served.sorted, (0L until 200L).filterNot(_ % 5 == 4).toVector)
    }).unsafeRunSync()
  }

  test("a server that is gone: every request failed, none has a latency") {
    (for {
      port <- server(Ref.unsafe(Vector.empty)).use(s => IO.pure(s.address.getPort))
      result <- OpenLoad.run(
        OpenLoad.Config(rate = 500, requests = 20, clients = 4, timeout = 20.seconds),
        _ => Uri.unsafeFromString(s"http://127.0.0.1:$port") / "page" / "1"
      )
    } yield {
      assertEquals(result.failed, 20L)
      assertEquals(result.ok + result.non2xx, 0L)
      assertEquals(result.latencies.getTotalCount, 0L)
    }).unsafeRunSync()
  }

  // virtual time (TestControl): the figures below are the schedule's arithmetic, not measurements
  private val slow = (i: Long) => IO.sleep(100.millis).as(OpenLoad.Outcome.Status(200))

  test("in virtual time, enough clients send each request exactly at its intended start") {
    val program = for {
      starts <- Ref.of[IO, Vector[(Long, Long)]](Vector.empty)
      t0 <- IO.monotonic
      r <- OpenLoad.drive(
        OpenLoad.Config(rate = 100, requests = 20, clients = 20),
        i => IO.monotonic.flatMap(now => starts.update(_ :+ (i -> (now - t0).toMillis))) >> slow(i)
      )
      s <- starts.get
    } yield (r, s)
    TestControl.executeEmbed(program).map { (r, starts) =>
      assertEquals(starts.sortBy(_._1), (0L until 20L).map(i => i -> i * 10).toVector)
      assertEquals(r.ok, 20L)
      // HdrHistogram keeps 3 significant digits: a value is known to within its bucket
      assert(r.latencies.valuesAreEquivalent(r.latencies.getMinValue, 100.millis.toNanos), r.render)
      assert(r.latencies.valuesAreEquivalent(r.max, 100.millis.toNanos), "each took its 100 ms and no more")
    }.unsafeRunSync()
  }

  test("in virtual time, a request held up behind a busy client counts its wait from its intended start") {
    // one client, a request due every 10 ms, each served in 100 ms: request i is due at 10i, ends at 100(i + 1)
    TestControl.executeEmbed(OpenLoad.drive(OpenLoad.Config(rate = 100, requests = 20, clients = 1), slow)).map {
      r =>
        assertEquals(r.ok, 20L)
        // HdrHistogram keeps 3 significant digits: a value is known to within its bucket
        assert(r.latencies.valuesAreEquivalent(r.latencies.getMinValue, 100.millis.toNanos), r.render)
        assert(r.latencies.valuesAreEquivalent(r.max, (90L * 19 + 100).millis.toNanos), r.render)
    }.unsafeRunSync()
  }

  test("in virtual time, requests with no answer by the run's deadline count as failed and the run ends") {
    // every third request never answers; the others take 100 ms; the deadline is 1 s after the last one is due
    val program = OpenLoad.drive(
      OpenLoad.Config(rate = 100, requests = 30, clients = 30, timeout = 1.second),
      i => if (i % 3 == 0) IO.never else slow(i)
    ).product(IO.monotonic)
    TestControl.executeEmbed(program).map { (r, end) =>
      assertEquals(r.ok, 20L)
      assertEquals(r.failed, 10L)
      assertEquals(r.sent, 30L)
      assertEquals(r.latencies.getTotalCount, 20L)
      assertEquals(end, 290.millis + 1.second, "the last request is due at 290 ms")
    }.unsafeRunSync()
  }
}
