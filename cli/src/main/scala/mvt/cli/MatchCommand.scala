package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.core.*
import mvt.orderbook.*

/** `mvt match`: runs a commands file through one engine and writes the spec's events (and snapshot). */
object MatchCommand {

  final case class Args(in: String, out: String, engine: Engine, snapshot: Option[String])

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("match", "Run a commands file through a matching engine and print its events.") {
      (
        Opts.option[String](
          "in",
          "Commands file (see docs/formats.md), or - for standard input.",
          metavar = "FILE|-"
        ),
        Opts.option[String](
          "out",
          "Where to write events; - (the default) is standard output.",
          metavar = "FILE|-"
        )
          .withDefault("-"),
        EngineOpt.single,
        Opts.option[String]("snapshot", "Also write the final book depth to FILE.", metavar = "FILE").orNone
      ).mapN(Args.apply).map(run(_, t))
    }

  def run(args: Args, t: Terminal): IO[ExitCode] =
    Files.refuseOverwrite(args.in, args.out :: args.snapshot.toList, t).getOrElse(matchFile(args, t))

  private def matchFile(args: Args, t: Terminal): IO[ExitCode] =
    Files.withInput(args.in, t) { in =>
      Files.withOutput(args.out, t) { out =>
        IO.blocking {
          val writer = new CsvEventWriter(out)
          val exchange = new Exchange(args.engine, writer)
          val result = Either.catchOnly[FormatError](Replay.run(new CommandReader(in), exchange))
          writer.flush()
          (result, exchange.snapshot)
        }.flatMap { case (result, levels) =>
          // the snapshot's own status matters: an unwritable snapshot is a failure (1), not a success
          val snap = args.snapshot.fold(IO.pure(ExitCode.Success))(path =>
            Files.writeFile(path, t)(SnapshotWriter.write(levels, _))
          )
          result match {
            case Right(_) => snap
            case Left(e) => snap *> Files.formatError(e, args.in, t)
          }
        }
      }
    }.map(_.merge)
}
