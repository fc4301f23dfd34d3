package mvt.cli

import cats.effect.{ExitCode, IO}
import com.monovore.decline.Opts

/** `mvt match`. */
object MatchCommand {
  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("match", "match (not yet built)") {
      Opts(IO(t.err.println("mvt match: not yet built")).as(Cli.Failure))
    }
}
