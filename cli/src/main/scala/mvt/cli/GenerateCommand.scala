package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.ProfileGenerator

/** `mvt generate`: writes a seeded order flow of a profile as a commands file and prints its mix. */
object GenerateCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("generate", "Write a seeded order flow as a commands file and print its command mix.") {
      (
        Opts.option[String]("out", "Where to write the commands; - is standard output.", metavar = "FILE|-"),
        Opts.option[Int]("commands", "Number of commands.", metavar = "N").validate(
          "--commands must be positive"
        )(_ > 0),
        ProfileOpts.profile,
        ProfileOpts.seed
      ).mapN { (out, n, profile, seed) =>
        // the mix goes to stderr when the commands themselves go to stdout
        val report = if (out == "-") t.err else t.out
        Files.withOutput(out, t) { stream =>
          IO.blocking {
            val g = ProfileGenerator.generate(profile, n, seed)
            g.batch.writeCsv(stream)
            report.println(g.mix.render)
            ExitCode.Success
          }
        }
      }
    }
}
