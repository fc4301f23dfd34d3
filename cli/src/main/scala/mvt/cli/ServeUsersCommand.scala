package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.reporting.auth.{Role, UserAdmin}

import java.io.ByteArrayOutputStream
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Path

/**
 * `mvt serve users add|remove|passwd|list` and `mvt serve tokens create|revoke`: the portal's users and API
 * tokens in a report store. A password is read as one line from standard input, never from an argument.
 */
object ServeUsersCommand {

  private val db = Opts.option[Path]("db", "The report store (made by mvt serve).", metavar = "FILE")
  private val name = Opts.argument[String]("NAME")

  private val role = Opts
    .option[String]("role", "client (their own accounts only) or staff (every account).", metavar = "ROLE")
    .mapValidated(r => Role.parse(r).left.map(w => s"--$w").toValidatedNel)

  private val accounts = Opts
    .option[String]("accounts", "The accounts a client may see, comma-separated.", metavar = "N,N,...")
    .mapValidated(s =>
      CommaList.parse(s, x => x.toIntOption.filter(_ > 0), "--accounts", "positive account numbers")
    )
    .orNone

  // one line, without its end; None when standard input holds nothing
  private def passwordLine(t: Terminal): IO[Option[String]] = IO.blocking {
    val buf = new ByteArrayOutputStream
    var c = t.in.read()
    while (c != -1 && c != '\n') { buf.write(c); c = t.in.read() }
    if (c == -1 && buf.size == 0) None
    else Some(new String(buf.toByteArray, UTF_8).stripSuffix("\r"))
  }

  private def report(t: Terminal, command: String, o: IO[UserAdmin.Outcome]): IO[ExitCode] =
    o.flatMap {
      case Right(line) => IO(t.out.println(line)).as(ExitCode.Success)
      case Left(r) =>
        IO(t.err.println(s"mvt serve $command: ${r.message}")).as(if (r.usage) Cli.Failure else Cli.BadData)
    }

  private def withPassword(t: Terminal, command: String)(f: String => IO[UserAdmin.Outcome]): IO[ExitCode] =
    passwordLine(t).flatMap {
      case None =>
        IO(t.err.println(
          s"mvt serve $command: expected the password as one line on standard input, found nothing"
        ))
          .as(Cli.Failure)
      case Some(p) => report(t, command, f(p))
    }

  private def users(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("users", "The portal's users: add, remove, passwd, list.") {
      Opts.subcommand("add", "Add a user; the password is read as one line from standard input.") {
        (db, name, role, accounts).mapN((f, n, r, as) =>
          withPassword(t, "users add")(p => UserAdmin.add(f, n, r, as.getOrElse(Vector.empty).toSet, p))
        )
      } orElse Opts.subcommand("remove", "Remove a user, their sessions and tokens.") {
        (db, name).mapN((f, n) => report(t, "users remove", UserAdmin.remove(f, n)))
      } orElse Opts.subcommand(
        "passwd",
        "Set a user's password (one line from standard input); ends their sessions."
      ) {
        (db, name).mapN((f, n) => withPassword(t, "users passwd")(p => UserAdmin.passwd(f, n, p)))
      } orElse Opts.subcommand("list", "List the users: name, role, accounts, live tokens.") {
        db.map(f => report(t, "users list", UserAdmin.list(f)))
      }
    }

  private def tokens(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("tokens", "API tokens (Authorization: Bearer TOKEN): create, revoke.") {
      Opts.subcommand("create", "Print a new API token of the user, once; only its hash is kept.") {
        (db, name).mapN((f, n) => report(t, "tokens create", UserAdmin.createToken(f, n)))
      } orElse Opts.subcommand("revoke", "Revoke every API token of the user.") {
        (db, name).mapN((f, n) => report(t, "tokens revoke", UserAdmin.revokeTokens(f, n)))
      }
    }

  /** The two command groups, for `mvt serve`. */
  def opts(t: Terminal): Opts[IO[ExitCode]] = users(t) orElse tokens(t)
}
