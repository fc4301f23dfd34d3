package mvt.portal

import cats.effect.IO
import cats.effect.unsafe.implicits.global
import org.http4s.dsl.io.*
import org.http4s.ember.client.EmberClientBuilder
import org.http4s.{HttpRoutes, Uri}

/** Where the portal's requests run: on workers of its own, or on the caller's runtime when asked to. */
class PortalServerSuite extends munit.FunSuite {
  // hundreds of requests through a real server and client: generous beside another test JVM
  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  // answers with the name of the thread that handled the request
  private val app = HttpRoutes.of[IO] { case GET -> Root / "thread" =>
    IO(Thread.currentThread.getName).flatMap(Ok(_))
  }.orNotFound

  private def threadsServing(httpThreads: Int, requests: Int): Set[String] =
    PortalServer.listenApp(app, "127.0.0.1", 0, httpThreads).use { server =>
      EmberClientBuilder.default[IO].build.use { client =>
        val uri = Uri.unsafeFromString(s"http://127.0.0.1:${server.address.getPort}/thread")
        IO.parSequenceN(8)(Vector.fill(requests)(client.expect[String](uri))).map(_.toSet)
      }
    }.unsafeRunSync()

  test("with workers of its own, every request is handled on them and on no other thread") {
    val names = threadsServing(httpThreads = 2, requests = 200)
    assert(names.nonEmpty)
    assert(names.forall(_.startsWith("portal-http-")), names.toString)
    // a worker that runs a blocking call is renamed while it does; none here does
    assert(names.size <= 2, names.toString)
  }

  test("with 0, requests run on the caller's runtime, beside whatever else it runs") {
    val names = threadsServing(httpThreads = 0, requests = 50)
    assert(names.nonEmpty)
    assert(names.forall(n => !n.startsWith("portal-http-")), names.toString)
  }

  test("the runtime of its own is gone once the server is released") {
    def portalThreads =
      Thread.getAllStackTraces.keySet.toArray.count(_.asInstanceOf[Thread].getName.startsWith("portal-http-"))
    threadsServing(httpThreads = 3, requests = 20)
    // shutdown is asynchronous: wait on the condition, generously
    val deadline = System.nanoTime() + 60_000_000_000L
    while (portalThreads > 0 && System.nanoTime() < deadline) Thread.sleep(50)
    assertEquals(portalThreads, 0)
  }
}
