package mvt.cluster.fork

import java.io.PrintStream

/**
 * `mvt cluster`: one forked run of `plan` ([[ForkedCluster]]), its phases to `phases`, then its report
 * ([[ClusterReport]]) printed to `out`. Gives the exchange's exit status. Blocks the caller.
 */
object ClusterRun {

  def apply(launcher: Launcher, plan: ForkedCluster.Plan, phases: Phases, out: PrintStream): Int = {
    val outcome = ForkedCluster.run(launcher, plan, phases, s"cluster (${plan.mode.label})")
    print(outcome, out)
    outcome.exchangeStatus
  }

  /** Prints what `mvt cluster` shows of a run. */
  def print(o: ForkedCluster.Outcome, out: PrintStream): Unit = {
    ClusterReport.lines(o).foreach(out.println)
    out.flush()
  }
}
