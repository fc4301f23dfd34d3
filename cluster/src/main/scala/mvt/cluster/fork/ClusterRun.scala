package mvt.cluster.fork

import cats.effect.{ExitCode, IO}
import mvt.cluster.DayReplay
import mvt.cluster.nemesis.{Fault, Schedule}
import mvt.core.console.{Blocking, Inputs, Status, Terminal}
import mvt.workload.CommandFiles

import java.io.PrintStream

/**
 * `mvt cluster`: one forked run of `plan` ([[ForkedCluster]]), its phases to `phases`, then its report
 * ([[ClusterReport]]) printed to `out`. Gives the exchange's exit status. Blocks the caller.
 */
object ClusterRun {

  /**
   * Checks `day` first (a bad line ends the run here, status 2 naming file and line) and, with `--dir`, that the day
   * there is not closed already (status 1, saying so), then runs the cluster.
   */
  def command(
      day: String,
      plan: ForkedCluster.Plan,
      launcher: Launcher,
      phases: Phases,
      t: Terminal
  ): IO[ExitCode] =
    Inputs.withInput(day, t)(in => Blocking(DayReplay.check(in))).flatMap {
      case Left(code) => IO.pure(code)
      case Right(Left(e)) => CommandFiles.sourceError(e, "cluster", day, t)
      case Right(Right(_)) =>
        Blocking(plan.nodeDir.flatMap(ClosedDay.in(plan.day, _))).flatMap {
          case Some(closed) =>
            IO { t.err.println(s"mvt cluster: ${closed.render}"); t.err.flush() }.as(Status.Failure)
          case None =>
            Blocking(apply(launcher, plan, phases, t.out)).map(s =>
              if (s == 0) ExitCode.Success else Status.Failure
            )
        }
    }

  def apply(launcher: Launcher, plan: ForkedCluster.Plan, phases: Phases, out: PrintStream): Int = {
    val outcome = ForkedCluster.run(launcher, plan, phases, s"cluster (${plan.mode.label})")
    print(outcome, out)
    outcome.exchangeStatus
  }

  /**
   * The plan from `mvt cluster`'s options, in the order it takes them: the nodes' histories in `history` or a new
   * temporary directory, the TLS files passed on to every node, and the nodes' directories in `dir` (kept) or
   * temporary ones. With `partition`, a seeded partition ([[PartitionSpan]]) early in the day, and a split-brain
   * resolver that waits out the cut (`downAfterMillis` raised to the cut plus 5 s if shorter), so the partition
   * heals instead of ending in a removal.
   */
  def plan(
      nodes: Int,
      day: String,
      mode: mvt.cluster.Consistency,
      accounts: Int,
      strategies: Int,
      balance: Long,
      speed: mvt.cluster.ReplaySpeed,
      killAfterSeconds: Option[Int],
      downAfterMillis: Int,
      rejoin: Boolean,
      history: Option[String],
      tls: Option[mvt.cluster.TlsFiles],
      partition: Option[Int] = None,
      dir: Option[String] = None
  ): ForkedCluster.Plan = {
    val schedule =
      partition.map(seed => Schedule.partitions(seed.toLong, nodes, PartitionSpan, 1, exchange = false))
    val longest =
      schedule.fold(0)(_.faults.collect { case Schedule.At(_, Fault.Partition(_, _, ms)) => ms }.max)
    val histories =
      history.fold(java.nio.file.Files.createTempDirectory("mvt-cluster-history"))(java.nio.file.Path.of(_))
    val nodeArgs = tls.fold(Vector.empty)(_.args)
    val p = java.nio.file.Path.of(day)
    ForkedCluster.Plan(
      p,
      nodes,
      mode,
      accounts,
      balance,
      speed,
      killAfterSeconds,
      rejoin,
      if (schedule.isEmpty) downAfterMillis else math.max(downAfterMillis, longest + 5000),
      Some(histories),
      nodeArgs,
      schedule,
      strategies,
      nodeDir = dir.map(java.nio.file.Path.of(_))
    )
  }

  /** The seconds of the day `--partition`'s cut falls in: it starts in the first 2 and lasts 3 to 6. */
  val PartitionSpan = 10

  /** Prints what `mvt cluster` shows of a run. */
  def print(o: ForkedCluster.Outcome, out: PrintStream): Unit = {
    ClusterReport.lines(o).foreach(out.println)
    history(o, out)
    out.flush()
  }

  /** Where the nodes' histories are, and the checker's report on them (overspend is allowed in `local`). */
  def history(o: ForkedCluster.Outcome, out: PrintStream): Unit = {
    val overspendAllowed = o.plan.mode == mvt.cluster.Consistency.Local
    out.println(s"histories: ${o.historyFiles.mkString(" ")}")
    o.history match {
      case Left(why) => out.println(s"history check: $why")
      case Right(ops) =>
        mvt.cluster.history.CheckReport
          .render(mvt.cluster.history.HistoryChecker.check(ops), ops.size, overspendAllowed)
          .foreach(l => out.println(s"history check: $l"))
    }
  }
}
