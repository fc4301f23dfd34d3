package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.core.{FormatError, Timestamp}
import mvt.reporting.{FeedLine, PnlFold, ReportRun}

import java.io.{BufferedReader, InputStreamReader}
import java.nio.charset.StandardCharsets.UTF_8

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
      read(args.trades, t, FeedLine.trade, header = None).flatMap {
        case Left(code) => IO.pure(code)
        case Right(trades) =>
          read(args.quotes, t, FeedLine.quote, header = Some(FeedLine.QuoteHeader)).flatMap {
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

  // a feed file read whole: its lines, or the first bad one reported (status 2); a feed's clock never goes back
  private def read[A <: FeedLine](
      path: String,
      t: Terminal,
      parse: (Long, String) => Either[FormatError, A],
      header: Option[String]
  ): IO[Either[ExitCode, Vector[A]]] =
    Files.withInput(path, t) { in =>
      Blocking {
        val lines = new BufferedReader(new InputStreamReader(in, UTF_8))
        val out = Vector.newBuilder[A]
        var n = 0L
        var last = Long.MinValue
        var error: Option[FormatError] = None
        var line = lines.readLine()
        while (line != null && error.isEmpty) {
          n += 1
          if (n == 1 && header.isDefined) {
            if (line.stripPrefix("\uFEFF") != header.get)
              error = Some(FormatError(
                1,
                s"expected the header ${header.get}, found \"${FormatError.visible(line.take(60))}\""
              ))
          } else if (line.nonEmpty)
            parse(n, line) match {
              case Left(e) => error = Some(e)
              case Right(a) if a.time < last =>
                error = Some(FormatError(n, "field time: the feed's clock never goes back"))
              case Right(a) => last = a.time; out += a
            }
          if (error.isEmpty) line = lines.readLine()
        }
        error.toLeft(out.result())
      }
    }.flatMap {
      case Left(code) => IO.pure(Left(code))
      case Right(Left(e)) => BadInput.Line(e.line, e.detail).report("report", path, t).map(Left(_))
      case Right(Right(v)) => IO.pure(Right(v))
    }
}
