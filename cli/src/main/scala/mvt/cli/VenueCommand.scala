package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.fix.FixGateway
import mvt.core.Interrupts
import mvt.venue.{Durability, VenueRun}

/** `mvt venue` (run the live venue) and `mvt venue status` (what a journal directory holds). Wiring only. */
object VenueCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] = status(t) orElse VenueClientsCommand.opts(t) orElse run(t)

  private val dir =
    Opt.path("dir", "DIR")("The journal directory: DAY.mvtc, DAY.trades.csv, DAY.quotes.csv, DAY.end.")

  private def status(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("status", "Say what a journal directory holds, changing nothing.") {
      dir.map(d => Blocking(ExitCode(VenueRun.status(d, t.out, t.err))))
    }

  private val speed =
    Opt.text("speed", "N|max")("With --replay: N times the recorded pace, or max (the default).")
      .withDefault("max").mapValidated(VenueRun.Options.speed(_).toValidatedNel)

  private val durability =
    Opt.text("durability", "MODE")(s"When a command is durable: ${Durability.names} (default group).")
      .withDefault("group").mapValidated(VenueRun.Options.durability(_).toValidatedNel)

  private def run(t: Terminal): Opts[IO[ExitCode]] =
    (
      dir,
      Opt.path("symbols")("Symbols to trade, one a line.").orNone,
      Opt.path("replay", "DAY.mvtc")(
        "Replay a recorded day (commands file or command log) and close at its end."
      ).orNone,
      speed,
      durability,
      Opt.inRange("queue", 1 << 16, 1, 1 << 30)(
        "Inbound queue capacity (default 65536); a full queue refuses."
      ),
      VenueClientsCommand.fixOpts
    ).mapN { (d, symbols, replay, speed, durability, queue, fix) =>
      val options = VenueRun.Options(d, symbols, replay, speed, durability, queue)
      // SIGTERM and SIGINT stop the venue cleanly (a final commit) instead of halting the JVM
      Blocking(ExitCode(VenueRun.run(
        options,
        t.err,
        Interrupts.stopWith(_),
        FixGateway.attach(fix, d, t.err)
      )))
    }
}
