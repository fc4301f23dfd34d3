package mvt.reporting.auth

import cats.effect.{IO, Resource}
import mvt.reporting.store.ReportStore

import java.nio.file.{Files, Path}

/**
 * What `mvt serve users` and `mvt serve tokens` do to a report store's users and tokens, each a single call
 * that answers with the line to print or why it refused. The store must exist already: a user is added to the
 * store they will sign in to, and no command here creates one (nor a default user).
 */
object UserAdmin {

  /** A refusal: `usage` for a missing store (exit status 1), else bad data (2). */
  final case class Refused(message: String, usage: Boolean)

  type Outcome = Either[Refused, String]

  private def data(m: String): Outcome = Left(Refused(m, usage = false))

  // opening it as a report store first refuses any file that is not one
  private def opened(file: Path): Resource[IO, Either[Refused, AuthStore]] =
    if (!Files.isRegularFile(file))
      Resource.pure(
        Left(Refused(
          s"$file: no report store there; `mvt serve --journal DIR --db FILE --once` builds one",
          usage = true
        ))
      )
    else
      ReportStore
        .open(file, None, readerConnections = 1)
        .flatMap(_ => AuthStore.open(file))
        .map(Right(_))
        .handleErrorWith {
          case ReportStore.Refused(d) => Resource.pure(Left(Refused(s"$file: $d", usage = true)))
          case e: java.sql.SQLException =>
            Resource.pure(Left(Refused(s"$file: ${e.getMessage}", usage = true)))
        }

  private def withStore(file: Path)(f: AuthStore => IO[Outcome]): IO[Outcome] =
    opened(file).use {
      case Left(r) => IO.pure(Left(r))
      case Right(s) => f(s)
    }

  private def now: IO[Long] = IO.realTime.map(_.toMillis)

  private def audit(s: AuthStore, event: AuditEvent, name: String, detail: String): IO[Unit] =
    now.flatMap(t => s.audit(AuditEntry(t, event.word, Some(name), None, detail)))

  private def checked(name: String, password: String)(f: => IO[Outcome]): IO[Outcome] =
    User.checkName(name) match {
      case Left(why) => IO.pure(data(why))
      case Right(_) => PasswordHash.weakness(password).fold(f)(w => IO.pure(data(w)))
    }

  /** Adds a user with `password` (already read from standard input). */
  def add(file: Path, name: String, role: Role, accounts: Set[Int], password: String): IO[Outcome] =
    if (role == Role.Client && accounts.isEmpty)
      IO.pure(data("--accounts: a client needs at least one account (staff see every account)"))
    else if (accounts.exists(_ <= 0)) IO.pure(data("--accounts: expected positive account numbers"))
    else
      checked(name, password) {
        withStore(file) { s =>
          IO.blocking(PasswordHash.create(password.toCharArray)).flatMap { hash =>
            now.flatMap(t =>
              s.addUser(User(name, role, if (role == Role.Staff) Set.empty else accounts), hash, t)
            )
              .flatMap { added =>
                if (!added) IO.pure(data(s"user $name exists already (passwd changes a password)"))
                else
                  audit(s, AuditEvent.UserAdded, name, role.word).as(
                    Right(s"user $name added, role ${role.word}" +
                      (if (role == Role.Client) s", accounts ${accounts.toVector.sorted.mkString(",")}"
                       else ""))
                  )
              }
          }
        }
      }

  /** Removes a user with their sessions and tokens. */
  def remove(file: Path, name: String): IO[Outcome] =
    withStore(file)(s =>
      s.removeUser(name).flatMap(removed =>
        if (removed) audit(s, AuditEvent.UserRemoved, name, "").as(Right(s"user $name removed"))
        else IO.pure(data(s"no user $name"))
      )
    )

  /** Sets a user's password, which ends their sessions. */
  def passwd(file: Path, name: String, password: String): IO[Outcome] =
    checked(name, password) {
      withStore(file)(s =>
        IO.blocking(PasswordHash.create(password.toCharArray)).flatMap(h =>
          s.setPassword(name, h).flatMap(changed =>
            if (changed)
              audit(s, AuditEvent.PasswordChanged, name, "").as(
                Right(s"password of $name changed; their sessions ended")
              )
            else IO.pure(data(s"no user $name"))
          )
        )
      )
    }

  /** Every user, one a line: name, role, accounts, live tokens. */
  def list(file: Path): IO[Outcome] =
    withStore(file)(s =>
      s.users.map { us =>
        Right(
          ("name\trole\taccounts\ttokens" +: us.map((u, t) =>
            s"${u.name}\t${u.role.word}\t${if (u.isStaff) "all" else u.accounts.toVector.sorted.mkString(",")}\t$t"
          )).mkString("\n")
        )
      }
    )

  /** A new API token of the user: the text returned is the token itself, shown this once. */
  def createToken(file: Path, name: String): IO[Outcome] =
    withStore(file)(s =>
      now.flatMap(t => s.createToken(name, t)).flatMap {
        case None => IO.pure(data(s"no user $name"))
        case Some(secret) => audit(s, AuditEvent.TokenCreated, name, "").as(Right(secret.text))
      }
    )

  /** Revokes every token of the user. */
  def revokeTokens(file: Path, name: String): IO[Outcome] =
    withStore(file)(s =>
      s.revokeTokens(name).flatMap {
        case None => IO.pure(data(s"no user $name"))
        case Some(n) =>
          audit(s, AuditEvent.TokensRevoked, name, s"$n").as(Right(s"$n token(s) of $name revoked"))
      }
    )
}
