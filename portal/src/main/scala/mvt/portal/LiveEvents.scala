package mvt.portal

import cats.effect.{IO, Resource}
import fs2.{Chunk, Stream}
import io.circe.Json
import mvt.core.Timestamp
import mvt.reporting.{LiveFigure, Money}
import mvt.reporting.auth.Authenticator
import mvt.reporting.live.{LiveFigures, LiveSnapshot}

import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.ConcurrentHashMap
import scala.concurrent.duration.*

/**
 * An account's live figures as Server-Sent Events: one stream per open page, an event whenever ingest publishes
 * new figures for the account, and closed once the caller's session or token no longer holds (signed out,
 * expired, revoked or removed), which one shared sweep checks every `recheck` for all the open streams
 * (`ProofSweep`). Each event is the account's figures as of one fold; a stream is a one-slot mailbox, so a page
 * that reads slowly skips the intermediate states and gets the newest when it next reads, never a queue of stale
 * ones, and never an older state after a newer. Each event costs its stream one wake-up and one write: the stream
 * waits on one thing only (`Watching.next`), which ingest answers with a snapshot and the sweep with a wake-up
 * (then the stream ends if its proof has, or sends a keep-alive if it has been quiet for `keepAlive`); no
 * merged stream, timer or race per event. A snapshot is encoded once, however many streams of its account send
 * it: the event's bytes are kept with the account's latest version while any stream of it is open.
 */
final class LiveEvents(
    live: LiveFigures,
    auth: Authenticator,
    recheck: FiniteDuration = 1.second,
    keepAlive: FiniteDuration = 15.seconds
) {

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
      .resource(for {
        _ <- Resource.onFinalize(forget(account))
        watching <- live.watch(account)
        held <- sweep.hold(caller, () => watching.wake())
        opened <- Resource.eval(IO.monotonic)
      } yield (watching, held, opened.toNanos))
      .flatMap((watching, held, opened) =>
        Stream.unfoldChunkEval(LiveEvents.Sent(0L, opened))(s => step(watching, held, s))
      )

  // the stream's next piece: the newest figures, a keep-alive, or its end (its proof ended)
  private def step(
      watching: LiveFigures.Watching,
      held: ProofSweep.Held,
      sent: LiveEvents.Sent
  ): IO[Option[(Chunk[Byte], LiveEvents.Sent)]] =
    if (held.ended) IO.pure(None)
    else
      watching.next(sent.version).flatMap {
        case Some(s) => IO.monotonic.map(t => Some((bytesOf(s), LiveEvents.Sent(s.version, t.toNanos))))
        case None =>
          if (held.ended) IO.pure(None)
          else
            IO.monotonic.flatMap { t =>
              // a comment now and then keeps idle connections open through proxies
              if (t.toNanos - sent.at >= keepAlive.toNanos)
                IO.pure(Some((LiveEvents.KeepAlive, LiveEvents.Sent(sent.version, t.toNanos))))
              else step(watching, held, sent)
            }
      }

  /** How many distinct sessions and tokens the open streams hold now (each checked once a sweep). */
  def proofs: IO[Int] = sweep.proofs
}

object LiveEvents {

  // what a stream sent last: the version of its figures, and when it last wrote anything (monotonic nanoseconds)
  private final case class Sent(version: Long, at: Long)

  // one account's event as sent, and the version it shows
  private final case class Encoded(version: Long, bytes: Chunk[Byte])

  private val KeepAlive: Chunk[Byte] = Chunk.array(":keep-alive\n\n".getBytes(UTF_8))

  /**
   * A snapshot as its event, as it goes on the wire: type `figures`, the version as its ID, the figures as its
   * data (one line: JSON without spaces has no newline), the same text as `json(s).noSpaces`, written straight
   * into one buffer: it is encoded once per account each time its figures move, on the portal's worker.
   */
  def frame(s: LiveSnapshot): Array[Byte] = {
    val b = new java.lang.StringBuilder(96 + 160 * s.symbols.size)
    b.append("event: figures\nid: ").append(s.version).append("\ndata: {\"account\":").append(s.account)
    b.append(",\"at\":\"").append(Timestamp.fromEpochNanos(s.at).render).append("\",\"symbols\":[")
    var i = 0
    while (i < s.symbols.size) {
      val f = s.symbols(i)
      if (i > 0) b.append(',')
      b.append("{\"symbol\":")
      string(b, f.symbol)
      b.append(",\"position\":").append(f.position)
      b.append(",\"realized\":\"").append(Money.render(f.realized))
      b.append("\",\"unrealized\":\"").append(Money.render(f.unrealized))
      b.append("\",\"fees\":\"").append(Money.render(f.fees))
      b.append("\",\"pnl\":\"").append(Money.render(f.pnl)).append("\"}")
      i += 1
    }
    b.append("]}\n\n").toString.getBytes(UTF_8)
  }

  // a JSON string: as it is when it needs no escape (a ticker), else as circe writes it
  private def string(b: java.lang.StringBuilder, v: String): Unit = {
    var plain = true
    var i = 0
    while (plain && i < v.length) {
      val c = v.charAt(i)
      plain = c >= ' ' && c < 127 && c != '"' && c != '\\'
      i += 1
    }
    if (plain) { val _ = b.append('"').append(v).append('"') }
    else { val _ = b.append(Json.fromString(v).noSpaces) }
  }

  /** An event's data: the account, when its figures are as of, and each symbol's figures (money exact). */
  def json(s: LiveSnapshot): Json =
    Json.obj(
      "account" -> Json.fromInt(s.account),
      "at" -> PortalJson.at(s.at),
      "symbols" -> figures(s.symbols)
    )

  /** An event's `symbols`: each symbol's figures, money exact. */
  def figures(fs: Vector[LiveFigure]): Json =
    Json.arr(fs.map(f =>
      Json.obj(
        "symbol" -> Json.fromString(f.symbol),
        "position" -> Json.fromLong(f.position),
        "realized" -> PortalJson.money(f.realized),
        "unrealized" -> PortalJson.money(f.unrealized),
        "fees" -> PortalJson.money(f.fees),
        "pnl" -> PortalJson.money(f.pnl)
      )
    )*)
}
