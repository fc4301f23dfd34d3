package mvt.cli

import cats.effect.{ExitCode, IO}
import com.monovore.decline.Opts

/** `mvt demo`. */
object DemoCommand {
  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("demo", "demo (not yet built)") {
      Opts(IO(t.err.println("mvt demo: not yet built")).as(Cli.Failure))
    }
}
