package mvt.portal

import cats.effect.IO
import fs2.Stream
import io.circe.Json
import mvt.reporting.auth.Authenticator
import mvt.reporting.live.{LiveFigures, LiveSnapshot}
import org.http4s.ServerSentEvent

import scala.concurrent.duration.*

/**
 * An account's live figures as Server-Sent Events: one stream per open page, an event whenever ingest has new
 * figures for the account (looked for every `every`), and closed once the caller's session or token no longer
 * holds (checked every `recheck`: signed out, expired, revoked or removed).
 */
final class LiveEvents(
    live: LiveFigures,
    auth: Authenticator,
    every: FiniteDuration = 100.millis,
    recheck: FiniteDuration = 1.second
) {

  private def stillValid(caller: Caller): IO[Boolean] = caller.proof match {
    case Caller.Proof.Session(c) =>
      auth.session(c, touch = false).map(_.exists(_.user.name == caller.user.name))
    case Caller.Proof.Token(t) => auth.token(t).map(_.exists(_.name == caller.user.name))
  }

  /** The events of `account` for `caller`, who may read it (the routes have checked). */
  def stream(caller: Caller, account: Int): Stream[IO, ServerSentEvent] = {
    val ended: Stream[IO, Boolean] =
      Stream.awakeEvery[IO](recheck).evalMap(_ => stillValid(caller).map(!_)).filter(identity).take(1)
    val updates: Stream[IO, ServerSentEvent] =
      Stream.resource(live.watch(account)) >>
        Stream
          .fixedRateStartImmediately[IO](every)
          .map(_ => live.latest(account))
          .unNone
          .changes(using cats.Eq.by[LiveSnapshot, Long](_.version))
          .map(s =>
            ServerSentEvent(
              data = Some(LiveEvents.json(s).noSpaces),
              eventType = Some("figures"),
              id = Some(ServerSentEvent.EventId(s.version.toString))
            )
          )
    // a comment now and then keeps idle connections open through proxies
    val keepAlive = Stream.awakeEvery[IO](15.seconds).as(ServerSentEvent(comment = Some("keep-alive")))
    updates.mergeHaltL(keepAlive).interruptWhen(ended)
  }
}

object LiveEvents {

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
