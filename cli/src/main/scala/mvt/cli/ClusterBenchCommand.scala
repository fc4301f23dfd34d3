package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.bench.BenchCommandRun
import mvt.bench.cluster.ClusterBenchRun

/**
 * `mvt bench cluster`: the consistency modes on loopback nodes in one JVM (authorization, convergence, a
 * partition), the kill and rejoin scenarios on forked JVMs, or the nemesis; figures only, never pass/fail.
 */
object ClusterBenchCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("cluster", "The cluster's consistency modes: authorization, convergence, a partition.") {
      (
        Opt.int("nodes", 3, 2 to 9)("Nodes, each an actor system on loopback (default 3)."),
        Opt.int("partition-seconds", 5, 1 to 600, metavar = "S")(
          "How long the last node is cut off (default 5)."
        ),
        Opt.json(),
        Opt.flag("no-faults")("Skip the kill and rejoin scenarios (forked JVMs, 40 s per mode).").map(!_),
        Opt.number("nemesis", "SEED")("Instead: each mode under 20 fault schedules from SEED.").orNone
      ).mapN((nodes, seconds, json, faults, seed) =>
        BenchCommandRun("cluster", t, Nil, List(json))(
          ClusterBenchRun(nodes, seconds, faults, json, seed, ClusterCommand.launcher, ProgressBar(t.err), _)
        )
      )
    }
}
