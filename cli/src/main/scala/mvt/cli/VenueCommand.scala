package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.fix.FixGateway
import mvt.core.Interrupts
import mvt.venue.{Durability, VenueRun}

import java.nio.file.Path

/** `mvt venue` (run the live venue) and `mvt venue status` (what a journal directory holds). Wiring only. */
object VenueCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "venue",
      "Run the live venue: journal every command before it is acknowledged; recover on start."
    ) {
      status(t) orElse VenueClientsCommand.opts(t) orElse run(t)
    }

  private val dir = Opts.option[Path](
    "dir",
    "The journal directory: DAY.mvtc, DAY.trades.csv, DAY.quotes.csv, DAY.end.",
    metavar = "DIR"
  )

  private def status(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("status", "Say what a journal directory holds, changing nothing.") {
      dir.map(d => Blocking(ExitCode(VenueRun.status(d, t.out, t.err))))
    }

  private def run(t: Terminal): Opts[IO[ExitCode]] =
    (
      dir,
      Opts.option[Path]("symbols", "Symbols to trade, one a line.", metavar = "FILE").orNone,
      Opts.option[Path](
        "replay",
        "Replay a recorded day (commands file or command log) and close at its end.",
        metavar = "DAY.mvtc"
      ).orNone,
      Opts.option[String](
        "speed",
        "With --replay: N times the recorded pace, or max (the default).",
        metavar = "N|max"
      )
        .withDefault("max")
        .mapValidated(s =>
          if (s == "max") None.validNel
          else s.toDoubleOption.filter(d => d > 0 && !d.isInfinite).map(Some(_)).toValidNel(
            s"--speed: expected a positive number or max, found \"$s\""
          )
        ),
      Opts.option[String](
        "durability",
        s"When a command is durable: ${Durability.names} (default group).",
        metavar = "MODE"
      )
        .withDefault("group")
        .mapValidated(s =>
          Durability.parse(s).toValidNel(s"--durability: expected ${Durability.names}, found \"$s\"")
        ),
      Opts.option[Int](
        "queue",
        "Inbound queue capacity (default 65536); a full queue refuses.",
        metavar = "N"
      )
        .withDefault(1 << 16)
        .validate("--queue: expected 1 to 1073741824")(q => q >= 1 && q <= (1 << 30)),
      VenueClientsCommand.fixOpts
    ).mapN { (d, symbols, replay, speed, durability, queue, fix) =>
      Blocking {
        val code = VenueRun.run(
          VenueRun.Options(d, symbols, replay, speed, durability, queue),
          t.err,
          // SIGTERM and SIGINT stop the venue cleanly (a final commit) instead of halting the JVM
          stop => Interrupts.stopWith(() => stop()),
          FixGateway.attach(fix, d, t.err)
        )
        ExitCode(code)
      }
    }
}
