package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.fix.ClientsFile

import java.nio.file.Path

/**
 * `mvt venue add-client --clients FILE COMPID --account N`: adds a FIX client to the clients file, its password
 * read as one line from standard input and stored as a salted hash. A subcommand of `mvt venue`; `fixOpts` are
 * `mvt venue`'s options for the FIX gateway. Wiring only: the work is `mvt.fix.ClientsFile.register`.
 */
object VenueClientsCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("add-client", "Add a FIX client; its password is read as one line from standard input.") {
      (
        Opts.option[String]("clients", "The clients file (created if absent).", metavar = "FILE"),
        Opts.argument[String]("COMPID"),
        Opts.option[String]("account", "The account its orders belong to, 1 to 2147483647.", metavar = "N")
      ).mapN((file, compId, account) => run(Path.of(file), compId, account, t))
    }

  def run(file: Path, compId: String, account: String, t: Terminal): IO[ExitCode] =
    IO.blocking(ClientsFile.register(file, compId, account, t.in)).flatMap {
      case Right(c) =>
        IO(t.err.println(s"mvt venue add-client: added $compId (account ${c.account.value}) to $file")).as(
          ExitCode.Success
        )
      case Left(e) =>
        val status = e match {
          case _: ClientsFile.RegisterError.BadFile => Cli.BadData
          case _ => Cli.Failure
        }
        IO(t.err.println(s"mvt venue add-client: ${e.message}")).as(status)
    }

  /** `mvt venue`'s gateway options: the port (none: no gateway), the clients file, the venue's CompID. */
  val fixOpts: Opts[Option[(Int, Path, String)]] =
    (
      Opts.option[Int]("fix-port", "Accept FIX 4.4 sessions on this loopback port.", metavar = "PORT").orNone,
      Opts.option[String]("clients", "The FIX clients file (see mvt venue add-client).", metavar = "FILE").orNone,
      Opts.option[String]("comp-id", "The venue's FIX CompID (default MVT).", metavar = "ID").withDefault(
        "MVT"
      )
    ).tupled.mapValidated {
      case (Some(p), Some(f), id) => cats.data.Validated.validNel(Some((p, Path.of(f), id)))
      case (None, None, _) => cats.data.Validated.validNel(None)
      case (Some(_), None, _) => cats.data.Validated.invalidNel("--fix-port needs --clients FILE")
      case (None, Some(_), _) => cats.data.Validated.invalidNel("--clients needs --fix-port PORT")
    }
}
