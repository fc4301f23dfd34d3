package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.demo.Demo

import java.nio.file.Path

/** `mvt demo`: a seeded trading session through the fast engine and a baseline, then the cluster and the client days. */
object DemoCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    (
      Opt.number("commands")("Commands in the session (default 2000000).").withDefault(2000000)
        .validate("--commands must be positive")(_ > 0),
      ProfileOpts.profile,
      ProfileOpts.seed,
      EngineOpt.baseline,
      Opt.path("dir", "DIR")(
        "Where the demo writes its journal of feeds and its report store (default mvt-demo)."
      )
        .withDefault(Path.of("mvt-demo")),
      Opt.flag("serve")("Keep the client portal up over the demo's report store when done."),
      Opt.inRange("port", 8080, 0, 65535, "PORT")(
        "With --serve: the portal's port (default 8080; 0 picks a free one)."
      )
    ).mapN(Demo.Settings.apply).map(s =>
      Demo.run(s, Demo.Console.of(t, ClusterCommand.launcher)).map(ok =>
        if (ok) ExitCode.Success else Cli.Failure
      )
    )
}
