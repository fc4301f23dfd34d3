package mvt.demo

import cats.effect.{IO, Resource}
import mvt.portal.PortalServer
import mvt.reporting.auth.{AuthPolicy, AuthStore, Authenticator, PasswordHash, Role}
import mvt.reporting.journal.Ingest
import mvt.reporting.live.LiveFigures
import mvt.reporting.store.ReportStore
import org.http4s.server.Server

import java.nio.file.Path

/**
 * The demo's portal: served on loopback like `mvt serve`, signed in as a staff user `demo` whose password is
 * made anew, at random, for each run (never a default one) and printed once.
 */
object DemoSignIn {

  val User = "demo"

  def serve(
      store: ReportStore,
      ingest: Ingest,
      journal: Path,
      db: Path,
      port: Int
  ): Resource[IO, (Server, String)] =
    for {
      users <- AuthStore.open(db)
      password <- Resource.eval(IO(mvt.reporting.auth.Secret.create()._1.key))
      _ <- Resource.eval(IO.blocking(PasswordHash.create(password.toCharArray)).flatMap { h =>
        users.removeUser(User) >> IO.realTime.flatMap(now =>
          users.addUser(mvt.reporting.auth.User(User, Role.Staff, Set.empty), h, now.toMillis)
        )
      })
      auth <- Resource.eval(Authenticator(users, AuthPolicy(), _ => IO.unit))
      // the demo's ingest has caught up already and follows nothing new: its live figures are those of the end
      server <-
        PortalServer.run(store, ingest, journal, "127.0.0.1", port, _ => IO.unit, auth, new LiveFigures, None)
    } yield (server, password)
}
