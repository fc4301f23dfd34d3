package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.RandomSession

/** `mvt generate`: writes a seeded random session as a commands file. */
object GenerateCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("generate", "Write a seeded random trading session as a commands file.") {
      (
        Opts.option[String]("out", "Where to write the commands; - is standard output.", metavar = "FILE|-"),
        Opts.option[Int]("commands", "Number of commands.", metavar = "N").validate(
          "--commands must be positive"
        )(_ > 0),
        Opts.option[Int]("symbols", "Symbols (default 20).", metavar = "K")
          .withDefault(20)
          .validate("--symbols must be between 1 and 1000")(k => k >= 1 && k <= 1000),
        Opts.option[Long]("seed", "Random seed (default 42).", metavar = "S").withDefault(42L)
      ).mapN { (out, n, k, seed) =>
        Files.withOutput(out, t) { stream =>
          IO.blocking {
            RandomSession.generate(RandomSession.Params(commands = n, symbols = k, seed = seed)).writeCsv(
              stream
            )
            ExitCode.Success
          }
        }
      }
    }
}
