package mvt.cli

import java.io.{BufferedWriter, IOException, InputStreamReader, OutputStreamWriter, Reader, Writer}
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{
  AccessDeniedException,
  FileSystemException,
  Files,
  InvalidPathException,
  NoSuchFileException,
  Path
}

import scala.collection.immutable.SortedMap

import cats.effect.{ExitCode, IO, Resource}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.analytics.{Analysis, ExecutionsCsv, FrameCsv, MinuteSeries, ReturnsCalculator, ReturnsCsv}

/**
 * `mvt analyze returns|frame`: reads the engine's quote feed or an executions CSV, hands it to
 * `mvt.analytics`, writes the CSV it gets back. Wiring only: options, files, and exit statuses (2 for
 * bad input data, 1 otherwise).
 */
object AnalyzeCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("analyze", "Market-data analytics from quotes: lagged returns and scaled frames.") {
      returnsOpts(t) orElse frameOpts(t)
    }

  private val inOpt = Opts.option[String](
    "in",
    "Quote feed (mvt match --quotes) or CSV with columns time,symbol,bid,ask; - reads stdin.",
    metavar = "FILE"
  )
  private val rollupOpt =
    Opts.option[String]("rollup", "Roll-up in minutes: the lag k of each return (k >= 1).", metavar = "K")
      .mapValidated(text =>
        text.toIntOption.filter(_ >= 1)
          .toValidNel(s"--rollup must be a whole number of minutes, at least 1; got \"$text\"")
      )
  private val outOpt = Opts.option[String](
    "out",
    "Where to write the CSV; - (the default) is stdout.",
    metavar = "FILE"
  ).withDefault("-")

  private def returnsOpts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "returns",
      "Writes CSV symbol,minute,return: each symbol's k-minute returns in percent."
    ) {
      val symbolOpt = Opts.option[String](
        "symbol",
        "Only this symbol (an unknown one gives just the header).",
        metavar = "S"
      ).orNone
      (inOpt, rollupOpt, symbolOpt, outOpt).mapN { (in, rollup, symbol, out) =>
        analyze(t, "returns", in, rollup, out) { (midpoints, k, writer) =>
          val chosen = symbol.fold(midpoints.values)(s => midpoints.get(s).toList)
          ReturnsCsv.write(chosen.map(Analysis.returns(_, k, ReturnsCalculator.fastest)), writer)
        }
      }
    }

  private def frameOpts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand(
      "frame",
      "Writes CSV minute,SYM1,SYM2,...: k-minute returns on common minutes, scaled into [-1, 1]."
    ) {
      (inOpt, rollupOpt, outOpt).mapN { (in, rollup, out) =>
        analyze(t, "frame", in, rollup, out) { (midpoints, k, writer) =>
          FrameCsv.write(Analysis.frame(midpoints, k, ReturnsCalculator.fastest), writer)
        }
      }
    }

  /** Something to tell the user on one line before exiting with status 1. */
  private final case class Failed(message: String) extends Exception(message, null, false, false)

  private def analyze(t: Terminal, name: String, in: String, rollup: Int, out: String)(
      write: (SortedMap[String, MinuteSeries], Int, Writer) => Unit
  ): IO[ExitCode] = Outputs.use(s"analyze $name", t, List(in), List(Some(out)), keepOnBadData = false) {
    outputs =>
      val program =
        for {
          read <-
            input(t, in).use(reader => Blocking(ExecutionsCsv.read(reader))).adaptError(failure(
              "read",
              in
            ))
          status <- read match {
            case Left(error) =>
              BadInput(error).report(s"analyze $name", in, t)
            case Right(midpoints) =>
              Blocking {
                val writer = new BufferedWriter(new OutputStreamWriter(outputs(out), UTF_8))
                write(midpoints, rollup, writer)
                writer.flush()
                ExitCode.Success
              }
          }
        } yield status
      program.recoverWith { case Failed(message) =>
        IO.blocking(t.err.println(s"mvt analyze $name: $message")).as(Cli.Failure)
      }
  }

  private def input(t: Terminal, in: String): Resource[IO, Reader] =
    if (in == "-") Resource.pure(new InputStreamReader(t.in, UTF_8))
    else
      Resource.fromAutoCloseable(IO.blocking(new InputStreamReader(Files.newInputStream(Path.of(in)), UTF_8)))

  private def failure(verb: String, file: String): PartialFunction[Throwable, Throwable] = {
    case _: NoSuchFileException => Failed(s"cannot $verb $file: no such file or directory")
    case _: AccessDeniedException => Failed(s"cannot $verb $file: permission denied")
    case e: FileSystemException => Failed(s"cannot $verb $file: ${Option(e.getReason).getOrElse(e.toString)}")
    case e: IOException => Failed(s"cannot $verb $file: ${Option(e.getMessage).getOrElse(e.toString)}")
    case e: InvalidPathException => Failed(s"cannot $verb $file: ${e.getMessage}")
  }
}
