package mvt.portal

import cats.effect.IO
import cats.syntax.all.*
import fs2.Stream
import io.circe.Json
import mvt.reporting.auth.Authenticator
import mvt.reporting.live.{LiveFigures, LiveSnapshot}
import org.http4s.ServerSentEvent

import scala.concurrent.duration.*

/**
 * An account's live figures as Server-Sent Events: one stream per open page, an event whenever ingest publishes
 * new figures for the account (the stream waits to be woken: nothing polls, and a client that reads slowly gets
 * the newest figures when it reads, never a queue), and closed once the caller's session or token no longer
 * holds (signed out, expired, revoked or removed), which one shared sweep checks every `recheck` for all the
 * open streams (`ProofSweep`).
 */
final class LiveEvents(live: LiveFigures, auth: Authenticator, recheck: FiniteDuration = 1.second) {

  private val sweep = new ProofSweep(auth, recheck)

  /** The events of `account` for `caller`, who may read it (the routes have checked). */
  def stream(caller: Caller, account: Int): Stream[IO, ServerSentEvent] =
    Stream.resource((sweep.hold(caller), live.watch(account)).tupled).flatMap { (ended, watching) =>
      val updates: Stream[IO, ServerSentEvent] =
        Stream.unfoldEval(0L)(after => watching.next(after).map(s => Some((LiveEvents.event(s), s.version))))
      // a comment now and then keeps idle connections open through proxies
      val keepAlive = Stream.awakeEvery[IO](15.seconds).as(ServerSentEvent(comment = Some("keep-alive")))
      updates.mergeHaltL(keepAlive).interruptWhen(ended)
    }

  /** How many distinct sessions and tokens the open streams hold now (each checked once a sweep). */
  def proofs: IO[Int] = sweep.proofs
}

object LiveEvents {

  /** A snapshot as its event: the figures as data, the version as the event's ID. */
  def event(s: LiveSnapshot): ServerSentEvent =
    ServerSentEvent(
      data = Some(json(s).noSpaces),
      eventType = Some("figures"),
      id = Some(ServerSentEvent.EventId(s.version.toString))
    )

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
