package mvt.portal

import cats.effect.{IO, Ref}
import cats.effect.unsafe.implicits.global
import io.circe.Json
import org.http4s.*
import org.http4s.client.Client

import scala.concurrent.duration.*

/**
 * The live figures end to end: a journal whose last session is still being written, ingest following it with
 * the live hook, and an account's event stream over the portal's routes. Each event's figures must be the
 * fold's, exactly, as of what ingest has folded; a fill appended to the feed must reach the stream.
 */
class LiveFiguresSuite extends munit.FunSuite {

  override val munitTimeout = scala.concurrent.duration.Duration(10, "min")

  test("an account's stream carries the fold's figures as ingest goes, and a new fill reaches it") {
    val account = 1
    LiveJournal().use { live =>
      val latest = Ref.unsafe[IO, Option[Json]](None)
      val request =
        live.users.as("alice", Request[IO](Method.GET, Uri.unsafeFromString(s"/api/accounts/$account/live")))
      val stream = Client.fromHttpApp(live.routes.app).run(request).use { r =>
        IO(assertEquals(r.status, Status.Ok)) >>
          r.body.through(fs2.text.utf8.decode).through(fs2.text.lines)
            .filter(_.startsWith("data:"))
            .evalMap(l =>
              IO.fromEither(io.circe.parser.parse(l.stripPrefix("data:").trim)).flatMap(j =>
                latest.set(Some(j))
              )
            )
            .compile.drain
      }
      def awaitFigures(want: Json, what: String): IO[Unit] = {
        def go(deadline: Long): IO[Unit] = latest.get.flatMap { got =>
          if (got.flatMap(_.hcursor.downField("symbols").focus).contains(want)) IO.unit
          else IO.monotonic.flatMap(now =>
            if (now.toNanos > deadline)
              IO(fail(
                s"$what: the stream's last figures ${got.map(_.noSpaces)} are not the fold's ${want.noSpaces}"
              ))
            else IO.sleep(50.millis) >> go(deadline)
          )
        }
        IO.monotonic.flatMap(n => go(n.toNanos + 120.seconds.toNanos))
      }
      val before = LiveJournal.expected(account, LiveJournal.t1)
      val after = LiveJournal.expected(account, LiveJournal.t2)
      assert(before.nonEmpty && before != after, "the appended part changes the account's figures")
      stream.start.flatMap { reader =>
        awaitFigures(LiveEvents.figures(before), "after the first part") >>
          IO.blocking(live.appendSecondPart()) >>
          awaitFigures(LiveEvents.figures(after), "after a fill was appended") >>
          latest.get.map(j =>
            assertEquals(j.flatMap(_.hcursor.get[Int]("account").toOption), Some(account))
          ) >>
          // the token revoked, the stream ends by itself
          live.users.users.revokeTokens("alice") >>
          reader.joinWithNever.timeout(120.seconds)
      }
    }.unsafeRunSync()
  }
}
