package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.reporting.auth.{Role, UserAdmin, UserConsole}
import UserConsole.{report, withPassword}

/**
 * `mvt serve users add|remove|passwd|list` and `mvt serve tokens create|revoke`: the portal's users and API
 * tokens in a report store. Wiring only: the work is [[UserAdmin]], at a terminal through [[UserConsole]].
 */
object ServeUsersCommand {

  private val db = Opt.path("db")("The report store (made by mvt serve).")
  private val name = Opts.argument[String]("NAME")
  private val role = Opt.text("role", "ROLE")("client (their own accounts only) or staff (every account).")
    .mapValidated(r => Role.parse(r).left.map(w => s"--$w").toValidatedNel)
  private val accounts = Opt.text("accounts", "N,N,...")("The accounts a client may see, comma-separated.")
    .mapValidated(CommaList.parse(
      _,
      x => x.toIntOption.filter(_ > 0),
      "--accounts",
      "positive account numbers"
    ))
    .orNone

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
