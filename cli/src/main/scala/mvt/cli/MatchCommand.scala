package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.orderbook.Engine
import mvt.workload.MatchRun

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
    Outputs.use(
      "match",
      t,
      List(args.in),
      List(Some(args.out), args.snapshot, args.trades, args.quotes),
      keepOnBadData = true
    ) {
      outputs =>
        Files.withInput(args.in, t) { in =>
          Blocking {
            val source = Files.source(in, args.in, t)
            MatchRun(
              source,
              args.engine,
              outputs(args.out),
              outputs.get(args.trades),
              outputs.get(args.quotes),
              outputs.get(args.snapshot)
            )
          }.flatMap {
            case Right(_) => IO.pure(ExitCode.Success)
            case Left(e) => Files.sourceError(e, "match", args.in, t)
          }
        }.map(_.merge)
    }
}
