package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.core.{FormatError, Timestamp}
import mvt.reporting.{FeedFile, PnlFold, ReportRun}

/** `mvt report`: the client report of `spec/reporting.md` at a whole hour, from the trade and quote feeds. */
object ReportCommand {

  final case class Args(
      trades: String,
      quotes: String,
      at: Option[Long],
      fee: java.math.BigDecimal,
      out: String
  )

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "report",
      "Client positions, PnL and trends at a whole hour, from the trade and quote feeds."
    ) {
      (
        Opts.option[String]("trades", "The trade feed (mvt match --trades).", metavar = "FILE"),
        Opts.option[String]("quotes", "The quote feed (mvt match --quotes).", metavar = "FILE"),
        Opts.option[String](
          "at",
          "A whole hour, e.g. 2026-01-05T15:00:00Z (default: the last whole hour the feeds reach).",
          metavar = "INSTANT"
        )
          .mapValidated(s =>
            Timestamp.parse(s).map(_.epochNanos).toValidNel(
              s"--at: expected an instant such as 2026-01-05T15:00:00Z, found \"$s\""
            )
          )
          .orNone,
        FeeOpt.opts.withDefault(java.math.BigDecimal.ZERO),
        Opts.option[String](
          "out",
          "Where to write the CSV; - (the default) is standard output.",
          metavar = "FILE"
        )
          .withDefault("-")
      ).mapN(Args.apply).map(run(_, t))
    }

  def run(args: Args, t: Terminal): IO[ExitCode] =
    Outputs.use("report", t, List(args.trades, args.quotes), List(Some(args.out))) { outputs =>
      read(args.trades, t)(FeedFile.trades).flatMap {
        case Left(code) => IO.pure(code)
        case Right(trades) =>
          read(args.quotes, t)(FeedFile.quotes).flatMap {
            case Left(code) => IO.pure(code)
            case Right(quotes) =>
              ReportRun(trades, quotes, args.at, args.fee) match {
                case Left(ReportRun.Failure.BadHour(detail)) =>
                  IO(t.err.println(s"mvt report: $detail")).as(Cli.Failure)
                case Left(ReportRun.Failure.BadFeed(feed, e)) =>
                  BadInput.Line(e.line, e.detail).report("report", feed, t)
                case Right((_, rows)) =>
                  Blocking {
                    outputs.text(args.out, (PnlFold.Header +: rows.map(_.render)).mkString("\n"))
                    ExitCode.Success
                  }
              }
          }
      }
    }

  // a feed file read whole by the reader ingest shares its rules with; its first bad line is status 2
  private def read[A](path: String, t: Terminal)(
      feed: java.io.InputStream => Either[FormatError, Vector[A]]
  ): IO[Either[ExitCode, Vector[A]]] =
    Files.withInput(path, t)(in => Blocking(feed(in))).flatMap {
      case Left(code) => IO.pure(Left(code))
      case Right(Left(e)) => BadInput.Line(e.line, e.detail).report("report", path, t).map(Left(_))
      case Right(Right(v)) => IO.pure(Right(v))
    }
}
