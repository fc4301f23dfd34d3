package mvt.cli

import mvt.bench.cluster.FaultFigures
import mvt.cluster.fork.ForkedCluster
import mvt.cluster.{Consistency, ReplaySpeed}

import java.nio.file.Path

/**
 * The kill and rejoin scenarios of `mvt bench cluster`: a forked cluster (`mvt.cluster.fork.ForkedCluster`) whose
 * busiest trader is killed with SIGKILL `killAfterSeconds` into the day and started again once its work moved;
 * the figures are `FaultFigures`. Wiring only.
 */
object ClusterFaults {

  type Figures = FaultFigures

  def run(
      mode: Consistency,
      day: Path,
      nodes: Int,
      accounts: Int,
      speed: ReplaySpeed,
      killAfterSeconds: Int,
      progress: ProgressBar,
      downAfterMillis: Int = ClusterOpts.DefaultDownAfterMillis
  ): FaultFigures =
    FaultFigures.of(
      ForkedCluster.run(
        ClusterCommand.launcher,
        ForkedCluster.Plan(
          day,
          nodes,
          mode,
          accounts,
          20_000_000L,
          speed,
          Some(killAfterSeconds),
          true,
          downAfterMillis
        ),
        ClusterCommand.phases(progress),
        s"kill and rejoin (${mode.label})"
      )
    )
}
