package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.core.*
import mvt.orderbook.*
import mvt.workload.CommandSource

import java.io.OutputStream

/**
 * `mvt match`: runs a commands file or command log through one engine and writes the spec's events, and on
 * request the snapshot, the trade feed and the quote feed.
 */
object MatchCommand {

  final case class Args(
      in: String,
      out: String,
      engine: Engine,
      snapshot: Option[String],
      trades: Option[String],
      quotes: Option[String]
  )

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "match",
      "Run a commands file or command log through a matching engine and print its events."
    ) {
      (
        Opts.option[String](
          "in",
          "Commands file or command log (see docs/formats.md), or - for standard input.",
          metavar = "FILE|-"
        ),
        Opts.option[String](
          "out",
          "Where to write events; - (the default) is standard output.",
          metavar = "FILE|-"
        )
          .withDefault("-"),
        EngineOpt.single,
        Opts.option[String]("snapshot", "Also write the final book depth to FILE.", metavar = "FILE").orNone,
        Opts.option[String](
          "trades",
          "Also write the trade feed (one line per fill) to FILE.",
          metavar = "FILE"
        ).orNone,
        Opts.option[String](
          "quotes",
          "Also write the quote feed (the top of a book each time it changes) to FILE.",
          metavar = "FILE"
        ).orNone
      ).mapN(Args.apply).map(run(_, t))
    }

  def run(args: Args, t: Terminal): IO[ExitCode] =
    Files
      .refuseOverwrite(args.in, args.out :: (args.snapshot ++ args.trades ++ args.quotes).toList, t)
      .getOrElse(matchFile(args, t))

  private def optional(
      path: Option[String],
      t: Terminal
  )(use: Option[OutputStream] => IO[ExitCode]): IO[ExitCode] =
    path.fold(use(None))(p => Files.withOutput(p, t)(out => use(Some(out))))

  private def matchFile(args: Args, t: Terminal): IO[ExitCode] =
    Files.withInput(args.in, t) { in =>
      Files.withOutput(args.out, t) { out =>
        optional(args.trades, t) { tradesOut =>
          optional(args.quotes, t) { quotesOut =>
            Blocking {
              val writer = new CsvEventWriter(out)
              val trades = tradesOut.map(new TradeFeedWriter(_))
              val quotes = quotesOut.map(new QuoteFeedWriter(_))
              val day = new TradingDay(args.engine, writer, trades, quotes)
              val result = CommandSource.open(in).flatMap(_.replayAll(day))
              writer.flush()
              trades.foreach(_.flush())
              quotes.foreach(_.flush())
              (result, day.exchange.snapshot)
            }.flatMap { case (result, levels) =>
              // the snapshot's own status matters: an unwritable snapshot is a failure (1), not a success
              val snap = args.snapshot.fold(IO.pure(ExitCode.Success))(path =>
                Files.writeFile(path, t)(SnapshotWriter.write(levels, _))
              )
              result match {
                case Right(_) => snap
                case Left(e) => snap *> Files.sourceError(e, args.in, t)
              }
            }
          }
        }
      }
    }.map(_.merge)
}
