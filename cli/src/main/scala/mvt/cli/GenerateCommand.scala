package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.{CommandLog, MarkovGenerator, ProfileGenerator}

/** `mvt generate`: writes a seeded order flow of a profile as a commands file and prints its mix. */
object GenerateCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("generate", "Write a seeded order flow as a commands file and print its command mix.") {
      (
        Opts.option[String]("out", "Where to write the commands; - is standard output.", metavar = "FILE|-"),
        Opts.option[Int]("commands", "Number of commands.", metavar = "N").validate(
          "--commands must be positive"
        )(_ > 0),
        Opts.option[String]("format", "csv (a commands file, the default) or bin (a binary command log).")
          .withDefault("csv")
          .validate("--format must be csv or bin")(f => f == "csv" || f == "bin"),
        ProfileOpts.profile,
        ProfileOpts.seed,
        Opts.option[String](
          "model",
          "profile (the default: the profile's shares) or markov (a Markov chain of kinds)."
        )
          .withDefault("profile")
          .validate("--model must be profile or markov")(m => m == "profile" || m == "markov"),
        Opts.option[String](
          "weights",
          "With --model markov: a weights file (see docs/workloads.md).",
          metavar = "FILE"
        )
          .orNone
      ).mapN { (out, n, format, profile, seed, model, weightsFile) =>
        val weights: IO[Either[ExitCode, MarkovGenerator.Weights]] = weightsFile match {
          case None => IO.pure(Right(MarkovGenerator.Weights.default))
          case Some(path) =>
            Files.withInput(path, t)(in => Blocking(new String(in.readAllBytes(), "UTF-8"))).flatMap {
              case Left(code) => IO.pure(Left(code))
              case Right(text) =>
                MarkovGenerator.Weights.parse(text) match {
                  case Right(w) => IO.pure(Right(w))
                  case Left(e) => IO(t.err.println(s"$e (in $path)")).as(Left(Cli.FormatError))
                }
            }
        }
        weights.flatMap {
          case Left(code) => IO.pure(code)
          case Right(w) => write(out, n, format, profile, seed, if (model == "markov") Some(w) else None, t)
        }
      }
    }

  private def write(
      out: String,
      n: Int,
      format: String,
      profile: mvt.workload.WorkloadProfile,
      seed: Long,
      markov: Option[MarkovGenerator.Weights],
      t: Terminal
  ): IO[ExitCode] = {
    // the mix goes to stderr when the commands themselves go to stdout
    val report = if (out == "-") t.err else t.out
    Files.withOutput(out, t) { stream =>
      Blocking {
        val g = markov.fold(ProfileGenerator.generate(profile, n, seed))(MarkovGenerator.generate(
          _,
          profile,
          n,
          seed
        ))
        if (format == "bin") CommandLog.write(g.batch, stream) else g.batch.writeCsv(stream)
        report.println(g.mix.render)
        ExitCode.Success
      }
    }
  }
}
