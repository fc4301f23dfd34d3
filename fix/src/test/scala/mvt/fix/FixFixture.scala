package mvt.fix

import mvt.core.{PasswordHash, Symbol}
import mvt.venue.{Venue, VenueConfig}

import java.nio.file.Path
import java.util.concurrent.TimeUnit

/** A venue with the FIX gateway in front of it on a free loopback port, and clients to log on with. */
trait FixFixture { this: munit.FunSuite =>
  val Acme = Symbol.unsafe("ACME")
  val Beta = Symbol.unsafe("BETA")
  val Day = "2026-01-05"

  /** Clients A, B, C with accounts 1, 2, 3; each one's password is its CompID in lower case plus "-secret". */
  lazy val clients: Vector[Client] = Vector("A" -> 1, "B" -> 2, "C" -> 3).map { (c, a) =>
    Client(c, mvt.core.Account(a), PasswordHash.create(passwordOf(c).toCharArray, 1000))
  }
  def passwordOf(compId: String): String = s"${compId.toLowerCase}-secret"

  final class Running(
      val dir: Path,
      val venue: Venue,
      val gateway: FixGateway,
      val port: Int,
      val logLines: java.util.Queue[String]
  ) {
    private var open = List.empty[FixTestClient]
    def client(
        compId: String,
        password: String = "",
        username: Option[String] = None,
        store: Option[Path] = None
    ): FixTestClient = {
      val c = new FixTestClient(
        compId,
        if (password.isEmpty) passwordOf(compId) else password,
        port,
        storeDir = store,
        username = username
      )
      open ::= c
      c.start()
    }
    def loggedOn(compId: String, store: Option[Path] = None): FixTestClient = {
      val c = client(compId, store = store); c.awaitLogon(); c
    }

    /**
     * Clients started together, then each awaited: a client's Logon goes out on QuickFIX/J's 1-second timer,
     * so clients started one after another wait a tick each.
     */
    def loggedOnTogether(compIds: String*): Vector[FixTestClient] = {
      val cs = compIds.toVector.map(client(_))
      cs.foreach(_.awaitLogon())
      cs
    }
    def stop(): Unit = {
      open.foreach(_.stop())
      gateway.close()
      venue.stop()
      val _ = venue.terminated.get(60, TimeUnit.SECONDS)
    }
  }

  /** A venue and gateway in `dir`; `stages` hears each new order pass the gateway's stages (on its threads). */
  def start(dir: Path, stages: Option[OrderStages] = None): Running = {
    val venue =
      Venue.open(VenueConfig(dir, Day, Vector(Acme, Beta)), _ => ()).fold(e => fail(e.render), identity)
    val port = FixTestClient.freePort()
    val lines = new java.util.concurrent.ConcurrentLinkedQueue[String]()
    val g =
      FixGateway.start(
        venue,
        FixSettings(port, clients, dir, log = l => { val _ = lines.add(l) }, stages = stages)
      ).fold(
        fail(_),
        identity
      )
    new Running(dir, venue, g, port, lines)
  }

  def withGateway[A](f: Running => A): A = withDir { dir =>
    val r = start(dir)
    try f(r)
    finally r.stop()
  }

  def withDir[A](f: Path => A): A = mvt.core.TempDir("mvt-fix-test")(f)
}
