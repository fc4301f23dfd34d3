package mvt.portal

import cats.effect.{IO, Resource}
import cats.syntax.all.*
import fs2.{Chunk, Stream}
import io.circe.Json
import mvt.reporting.auth.Authenticator
import mvt.reporting.live.{LiveFigures, LiveSnapshot}

import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.ConcurrentHashMap
import scala.concurrent.duration.*

/**
 * An account's live figures as Server-Sent Events: one stream per open page, an event whenever ingest publishes
 * new figures for the account (the stream waits to be woken: nothing polls, and a client that reads slowly gets
 * the newest figures when it reads, never a queue), and closed once the caller's session or token no longer
 * holds (signed out, expired, revoked or removed), which one shared sweep checks every `recheck` for all the
 * open streams (`ProofSweep`). A snapshot is encoded once, however many streams of its account send it: the
 * event's bytes are kept with the account's latest version while any stream of it is open.
 */
final class LiveEvents(live: LiveFigures, auth: Authenticator, recheck: FiniteDuration = 1.second) {

  private val sweep = new ProofSweep(auth, recheck)

  // the bytes of each watched account's latest event encoded so far; dropped when its last stream closes
  private val encoded = new ConcurrentHashMap[Int, LiveEvents.Encoded]

  private def bytesOf(s: LiveSnapshot): Chunk[Byte] = {
    val held = encoded.get(s.account)
    if (held != null && held.version == s.version) held.bytes
    else {
      // two streams may encode the same version at once: harmless, and the newer version is the one kept
      val e = LiveEvents.Encoded(s.version, Chunk.array(LiveEvents.frame(s)))
      encoded.merge(s.account, e, (old, now) => if (now.version > old.version) now else old)
      e.bytes
    }
  }

  private def forget(account: Int): IO[Unit] =
    IO(if (live.latest(account).isEmpty) { val _ = encoded.remove(account) })

  /** The events of `account` for `caller`, who may read it (the routes have checked), as `text/event-stream`. */
  def stream(caller: Caller, account: Int): Stream[IO, Byte] =
    Stream
      // released in reverse: the account is no longer watched by this stream when its bytes may be forgotten
      .resource((Resource.onFinalize(forget(account)), sweep.hold(caller), live.watch(account)).tupled)
      .flatMap { (_, ended, watching) =>
        val updates: Stream[IO, Byte] =
          Stream.unfoldChunkEval(0L)(after => watching.next(after).map(s => Some((bytesOf(s), s.version))))
        // a comment now and then keeps idle connections open through proxies
        val keepAlive = Stream.awakeEvery[IO](15.seconds).flatMap(_ => Stream.chunk(LiveEvents.KeepAlive))
        updates.mergeHaltL(keepAlive).interruptWhen(ended)
      }

  /** How many distinct sessions and tokens the open streams hold now (each checked once a sweep). */
  def proofs: IO[Int] = sweep.proofs
}

object LiveEvents {

  // one account's event as sent, and the version it shows
  private final case class Encoded(version: Long, bytes: Chunk[Byte])

  private val KeepAlive: Chunk[Byte] = Chunk.array(":keep-alive\n\n".getBytes(UTF_8))

  /**
   * A snapshot as its event, as it goes on the wire: type `figures`, the version as its ID, the figures as its
   * data (one line: JSON without spaces has no newline).
   */
  def frame(s: LiveSnapshot): Array[Byte] =
    s"event: figures\nid: ${s.version}\ndata: ${json(s).noSpaces}\n\n".getBytes(UTF_8)

  /** An event's data: the account, when its figures are as of, and each symbol's figures (money exact). */
  def json(s: LiveSnapshot): Json =
    Json.obj(
      "account" -> Json.fromInt(s.account),
      "at" -> PortalJson.at(s.at),
      "symbols" -> Json.arr(s.symbols.map(f =>
        Json.obj(
          "symbol" -> Json.fromString(f.symbol),
          "position" -> Json.fromLong(f.position),
          "realized" -> PortalJson.money(f.realized),
          "unrealized" -> PortalJson.money(f.unrealized),
          "fees" -> PortalJson.money(f.fees),
          "pnl" -> PortalJson.money(f.pnl)
        )
      )*)
    )
}
