package mvt.cli

import cats.data.Validated
import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.fix.AddClient

import java.nio.file.Path

/** `mvt venue add-client` and `mvt venue`'s gateway options. Wiring only: the work is `mvt.fix.AddClient`. */
object VenueClientsCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("add-client", "Add a FIX client; its password is read as one line from standard input.") {
      (
        Opt.path("clients")("The clients file (created if absent)."),
        Opts.argument[String]("COMPID"),
        Opt.text("account", "N")("The account its orders belong to, 1 to 2147483647.")
      ).mapN(AddClient.run(_, _, _, t))
    }

  /** `mvt venue`'s gateway options: the port (none: no gateway), the clients file, the venue's CompID. */
  val fixOpts: Opts[Option[(Int, Path, String)]] =
    (
      Opt.number("fix-port", "PORT")("Accept FIX 4.4 sessions on this loopback port.").orNone,
      Opt.path("clients")("The FIX clients file (see mvt venue add-client).").orNone,
      Opt.text("comp-id", "ID")("The venue's FIX CompID (default MVT).").withDefault("MVT")
    ).tupled.mapValidated {
      case (Some(p), Some(f), id) => Validated.validNel(Some((p, f, id)))
      case (None, None, _) => Validated.validNel(None)
      case (Some(_), None, _) => Validated.invalidNel("--fix-port needs --clients FILE")
      case (None, Some(_), _) => Validated.invalidNel("--clients needs --fix-port PORT")
    }
}
