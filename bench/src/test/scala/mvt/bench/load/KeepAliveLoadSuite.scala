package mvt.bench.load

import cats.effect.{IO, Ref, Resource}
import cats.effect.unsafe.implicits.global
import com.comcast.ip4s.*
import fs2.{Chunk, Stream}
import org.http4s.{Header, HttpRoutes}
import org.http4s.dsl.io.*
import org.http4s.ember.server.EmberServerBuilder
import org.typelevel.ci.*

import scala.concurrent.duration.*

/**
 * The light generator against a real Ember server: every request sent once and answered on its own connection,
 * whatever the framing (a length, chunks, a connection the server closes), each answer's status counted and its
 * latency recorded; what is never answered counts as failed.
 */
class KeepAliveLoadSuite extends munit.FunSuite {

  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  // /page answers by length, /chunks in chunks, /close closes its connection after answering, /fail 500, /hang never
  private def routes(seen: Ref[IO, Vector[Long]]) = HttpRoutes.of[IO] {
    case GET -> Root / "page" / LongVar(i) => seen.update(_ :+ i) >> Ok("x" * (i % 700).toInt)
    case GET -> Root / "chunks" / LongVar(i) =>
      seen.update(_ :+ i) >> Ok(Stream.emits(Seq("a" * 100, "b" * 3000, "c")).covary[IO].flatMap(s =>
        Stream.chunk(Chunk.array(s.getBytes))
      ))
    case GET -> Root / "close" / LongVar(i) =>
      seen.update(_ :+ i) >> Ok(s"closing $i").map(_.putHeaders(Header.Raw(ci"Connection", "close")))
    case GET -> Root / "fail" / LongVar(i) => seen.update(_ :+ i) >> InternalServerError("no")
    case GET -> Root / "hang" / LongVar(_) => IO.never
  }.orNotFound

  private def server(seen: Ref[IO, Vector[Long]]) =
    EmberServerBuilder.default[IO].withHost(host"127.0.0.1").withPort(port"0").withHttpApp(routes(seen))
      .withShutdownTimeout(1.second).build

  private def load(port: Int, clients: Int) = Resource.fromAutoCloseable(IO(new KeepAliveLoad(port, clients)))

  test("every request is sent once; statuses, latencies and the generator's lag counted, over two runs") {
    (for {
      seen <- Ref.of[IO, Vector[Long]](Vector.empty)
      results <- server(seen).use { s =>
        val port = s.address.getPort
        val target = (i: Long) =>
          if (i % 5 == 4) s"/missing/$i"
          else if (i % 10 == 3) s"/fail/$i"
          else if (i % 10 == 1) s"/chunks/$i"
          else if (i % 20 == 2) s"/close/$i"
          else s"/page/$i"
        load(port, 8).use { l =>
          val config = OpenLoad.Config(rate = 1000, requests = 200, clients = 8, timeout = 60.seconds)
          // the second run reuses the connections the first kept open (and the ones the server closed, opened anew)
          IO.blocking(l.drive(config, i => KeepAliveLoad.get(port, target(i), Seq("X-Run" -> "1")))).flatMap(
            a =>
              IO.blocking(l.drive(config, i => KeepAliveLoad.get(port, target(i + 200)))).map(b =>
                Vector(a, b)
              )
          )
        }
      }
      served <- seen.get
    } yield {
      results.foreach { r =>
        assertEquals(r.sent, 200L)
        assertEquals(r.non2xx, 40L + 20L, "40 missing pages (404) and 20 failures (500)")
        assertEquals(r.ok, 140L)
        assertEquals(r.failed, 0L)
        assertEquals(r.latencies.getTotalCount, 200L)
        assertEquals(r.startLag.getTotalCount, 200L)
        assert(r.latencies.getMinValue > 0L, "a latency is from a request's intended start to its answer")
      }
      assertEquals(served.sorted, (0L until 400L).filterNot(_ % 5 == 4).toVector)
    }).unsafeRunSync()
  }

  test("the connections take turns: each carries its share, so none is left idle for the server to close") {
    // one request at a time (20 a second, each answered at once): a generator that always took the first idle
    // connection would carry them all on one and leave the others idle for the server's keep-alive timeout
    (for {
      ports <- Ref.of[IO, Vector[Int]](Vector.empty)
      app = HttpRoutes.of[IO] { case req @ GET -> Root / "page" / LongVar(_) =>
        ports.update(_ :+ req.remotePort.fold(-1)(_.value)) >> Ok("x")
      }.orNotFound
      result <- EmberServerBuilder.default[IO].withHost(host"127.0.0.1").withPort(port"0").withHttpApp(app)
        .withShutdownTimeout(1.second).build.use { s =>
          val port = s.address.getPort
          load(port, 8).use(l =>
            IO.blocking(l.drive(
              OpenLoad.Config(rate = 20, requests = 40, clients = 8, timeout = 60.seconds),
              i => KeepAliveLoad.get(port, s"/page/$i")
            ))
          )
        }
      served <- ports.get
    } yield {
      assertEquals(result.ok, 40L)
      val perConnection = served.groupBy(identity).view.mapValues(_.size).toMap
      assertEquals(perConnection.size, 8, s"requests per connection (by client port): $perConnection")
    }).unsafeRunSync()
  }

  test("requests never answered count as failed once the run's timeout has passed; the others are counted") {
    (for {
      result <- server(Ref.unsafe(Vector.empty)).use { s =>
        val port = s.address.getPort
        load(port, 4).use(l =>
          IO.blocking(l.drive(
            OpenLoad.Config(rate = 500, requests = 20, clients = 4, timeout = 1.second),
            i => KeepAliveLoad.get(port, if (i < 2) s"/hang/$i" else s"/page/$i")
          ))
        )
      }
    } yield {
      assertEquals(result.failed, 2L)
      assertEquals(result.ok, 18L)
      assertEquals(result.latencies.getTotalCount, 18L)
    }).unsafeRunSync()
  }

  test("a server that is gone: every request failed, none has a latency") {
    (for {
      port <- server(Ref.unsafe(Vector.empty)).use(s => IO.pure(s.address.getPort))
      result <- load(port, 4).use(l =>
        IO.blocking(l.drive(
          OpenLoad.Config(rate = 500, requests = 20, clients = 4, timeout = 5.seconds),
          _ => KeepAliveLoad.get(port, "/page/1")
        ))
      )
    } yield {
      assertEquals(result.failed, 20L)
      assertEquals(result.ok + result.non2xx, 0L)
      assertEquals(result.latencies.getTotalCount, 0L)
    }).unsafeRunSync()
  }
}
