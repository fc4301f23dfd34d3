package mvt.reporting

import cats.effect.{ExitCode, IO}
import mvt.core.{FormatError, Timestamp}
import mvt.core.console.{BadInput, Blocking, Inputs, Outputs, Status, Terminal}

/** `mvt report`: the feed files read whole, the report at an hour computed, its CSV written to `out`. */
object ReportFiles {

  /** `--at INSTANT`: the instant in epoch nanoseconds, or the refusal naming the option. */
  def at(text: String): Either[String, Long] =
    Timestamp.parse(text).map(_.epochNanos)
      .toRight(s"--at: expected an instant such as 2026-01-05T15:00:00Z, found \"$text\"")

  /** The report of the `trades` and `quotes` feeds at `at` (default the last whole hour), fee `fee` a unit. */
  def run(
      trades: String,
      quotes: String,
      at: Option[Long],
      fee: java.math.BigDecimal,
      out: String,
      t: Terminal
  ): IO[ExitCode] =
    Outputs.use("report", t, List(trades, quotes), List(Some(out))) { outputs =>
      read(trades, t)(FeedFile.trades).flatMap {
        case Left(code) => IO.pure(code)
        case Right(tradeRows) =>
          read(quotes, t)(FeedFile.quotes).flatMap {
            case Left(code) => IO.pure(code)
            case Right(quoteRows) =>
              ReportRun(tradeRows, quoteRows, at, fee) match {
                case Left(ReportRun.Failure.BadHour(detail)) =>
                  IO(t.err.println(s"mvt report: $detail")).as(Status.Failure)
                case Left(ReportRun.Failure.BadFeed(feed, e)) => BadInput(e).report("report", feed, t)
                case Right((_, rows)) =>
                  Blocking {
                    outputs.text(out, (PnlFold.Header +: rows.map(_.render)).mkString("\n"))
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
    Inputs.withInput(path, t)(in => Blocking(feed(in))).flatMap {
      case Left(code) => IO.pure(Left(code))
      case Right(Left(e)) => BadInput(e).report("report", path, t).map(Left(_))
      case Right(Right(v)) => IO.pure(Right(v))
    }
}
