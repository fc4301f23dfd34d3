package mvt.cli

import mvt.cluster.fork.{ForkedCluster, Phases}
import mvt.workload.{AccountMix, DayGenerator, DayPlan, WorkloadProfile}

import java.nio.file.{Files, Path}
import java.time.LocalDate

/** The forked-cluster suites' setup: the generated day the exchange plays, and a quiet run of the cluster. */
object ClusterDay {

  /** Writes a generated day of `commands` commands by 20 accounts, dated `date`, as a commands file at `day`. */
  def write(day: Path, date: LocalDate, commands: Int, seed: Long): Path = {
    val plan = DayPlan(date, 1, commands, WorkloadProfile.normal, AccountMix(20), seed)
    val out = Files.newOutputStream(day)
    try new DayGenerator(plan).next().batch.writeCsv(out)
    finally out.close()
    day
  }

  /** Runs `plan` on forked JVMs started as `mvt cluster` starts them, printing no progress. */
  def run(plan: ForkedCluster.Plan, name: String): ForkedCluster.Outcome =
    ForkedCluster.run(ClusterCommand.launcher, plan, Phases.quiet, name)
}
