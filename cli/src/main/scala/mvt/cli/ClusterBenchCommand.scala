package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import io.circe.Json
import mvt.bench.{MachineInfo, ThroughputBench}
import mvt.cluster.{ClusterBench, Consistency, ReplaySpeed}
import mvt.workload.{AccountMix, DayGenerator, DayPlan, WorkloadProfile}

import java.nio.file.Files as JFiles

/**
 * `mvt bench cluster`: the consistency modes on loopback nodes in one JVM (authorization, convergence, a
 * partition), then the kill and rejoin scenarios on forked JVMs; figures only, never pass/fail.
 */
object ClusterBenchCommand {

  // the faults' day: a generated session with its clock, 6.5 hours played in about 23 s
  private val FaultDay =
    DayPlan(java.time.LocalDate.of(2026, 3, 4), 1, 120_000, WorkloadProfile.normal, AccountMix(20), 42L)
  private val FaultSpeed = ReplaySpeed(1000.0)
  private val KillAfter = 4

  def renderFaults(fs: Vector[ClusterFaults.Figures]): String = {
    def ms(o: Option[Long]) = o.fold("-")(v => s"$v ms")
    val head =
      f"${"mode"}%-9s ${"takeover"}%9s ${"lost cents"}%11s ${"accounts"}%9s ${"orders"}%7s ${"fills"}%6s " +
        f"${"rejoin up"}%10s ${"caught up"}%10s ${"owns work"}%10s"
    val rows = fs.map { f =>
      f"${f.mode.label}%-9s ${ms(f.takeoverMillis)}%9s ${f.balanceUpdatesLostCents}%11d " +
        f"${s"${f.accountsWithLostUpdates}/${f.accounts}"}%9s ${f.orders}%7d ${f.fills}%6d " +
        f"${ms(f.rejoinStartToUpMillis)}%10s ${ms(f.rejoinUpToCaughtUpMillis)}%10s ${ms(f.rejoinUpToOwningMillis)}%10s"
    }
    (head +: rows).mkString("\n") +
      "\ntakeover: kill until a survivor owns the killed node's subscriptions; lost cents: the sum over accounts of " +
      "|balance - (provisioned - spent + received)| by the trade feed;\nrejoin up: restart until the new JVM is a " +
      "member; caught up: until its replica holds every balance; owns work: until it owns subscriptions again."
  }

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("cluster", "The cluster's consistency modes: authorization, convergence, a partition.") {
      (
        Opts.option[Int]("nodes", "Nodes, each an actor system on loopback (default 3).", metavar = "N")
          .withDefault(3)
          .validate("--nodes must be 2 to 9")(n => n >= 2 && n <= 9),
        Opts.option[Int]("partition-seconds", "How long the last node is cut off (default 5).", metavar = "S")
          .withDefault(5)
          .validate("--partition-seconds must be 1 to 600")(n => n >= 1 && n <= 600),
        Opts.option[String]("json", "Also write the figures as JSON to FILE.", metavar = "FILE").orNone,
        Opts.flag(
          "no-faults",
          "Skip the kill and rejoin scenarios (forked JVMs, about 40 s per mode)."
        ).orFalse.map(!_)
      ).mapN { (nodes, seconds, json, faults) =>
        Outputs.use("bench cluster", t, Nil, List(json))(outputs =>
          Blocking {
            val progress = ProgressBar(t.err)
            t.out.println(MachineInfo.describe)
            t.out.println(
              s"$nodes nodes on loopback in one JVM, Artery TCP; the last node cut off for $seconds s"
            )
            val plan = ClusterBench.Plan(nodes, 200_000, 2_000, 100, seconds)
            val figures = progress.phase("cluster")(ClusterBench.run(plan, _ => ()))
            t.out.println(render(figures))
            val kills =
              if (!faults) Vector.empty
              else {
                val day = JFiles.createTempFile("mvt-bench-cluster", ".csv")
                try {
                  val out = JFiles.newOutputStream(day)
                  try new DayGenerator(FaultDay).next().batch.writeCsv(out)
                  finally out.close()
                  t.out.println(
                    s"kill and rejoin: an exchange and $nodes trader JVMs on loopback, a ${FaultDay.commandsPerDay}-command " +
                      s"day at speed ${FaultSpeed.label}; the busiest trader killed with SIGKILL ${KillAfter} s into the day, " +
                      "restarted once its work moved"
                  )
                  Consistency.values.toVector.map(m =>
                    ClusterFaults.run(m, day, nodes, 12, FaultSpeed, KillAfter, progress)
                  )
                } finally JFiles.deleteIfExists(day): Unit
              }
            if (kills.nonEmpty) t.out.println(renderFaults(kills))
            json.foreach(path => outputs.text(path, toJson(plan, figures, kills).spaces2 + "\n"))
            ExitCode.Success
          }
        )
      }
    }

  def render(fs: Vector[ClusterBench.ModeFigures]): String = {
    val head = f"${"mode"}%-9s ${"auth p50"}%10s ${"auth p99"}%10s ${"conv p50"}%9s ${"conv p99"}%9s " +
      f"${"overspend"}%10s ${"heal→conv"}%10s ${"lost"}%5s ${"spends"}%8s"
    val rows = fs.map { f =>
      f"${f.mode.label}%-9s ${ns(f.authorizationP50Nanos)}%10s ${ns(f.authorizationP99Nanos)}%10s " +
        f"${f.convergenceP50Millis}%7.1fms ${f.convergenceP99Millis}%7.1fms ${f.partitionOverspendCents}%10d " +
        f"${f.partitionConvergenceAfterHealMillis}%8.0fms ${f.partitionBalanceUpdatesLost}%5d ${f.partitionSpendAttempts}%8d"
    }
    (head +: rows).mkString("\n") +
      "\nauth: one authorization on the local replica (majority: until a majority has the debit); conv: a credit " +
      "until every replica shows it;\noverspend: cents spent past the provisioned balance while cut off; heal→conv: " +
      "from the heal until every replica agrees; lost: debits missing after it."
  }

  private def ns(n: Long): String = if (n < 10_000L) s"$n ns" else f"${n / 1000.0}%.1f µs"

  def toJson(
      plan: ClusterBench.Plan,
      fs: Vector[ClusterBench.ModeFigures],
      kills: Vector[ClusterFaults.Figures] = Vector.empty
  ): Json =
    Json.obj(
      "benchmark" -> Json.fromString("cluster"),
      "machine" -> ThroughputBench.machineJson,
      "nodes" -> Json.fromInt(plan.nodes),
      "partition_seconds" -> Json.fromInt(plan.partitionSeconds),
      "modes" -> Json.arr(fs.map { f =>
        Json.obj(
          "mode" -> Json.fromString(f.mode.label),
          "authorization" -> Json.obj(
            "samples" -> Json.fromInt(f.authorizations),
            "p50_nanos" -> Json.fromLong(f.authorizationP50Nanos),
            "p99_nanos" -> Json.fromLong(f.authorizationP99Nanos)
          ),
          "convergence_of_one_credit" -> Json.obj(
            "samples" -> Json.fromInt(f.convergenceSamples),
            "p50_millis" -> Json.fromDoubleOrNull(f.convergenceP50Millis),
            "p99_millis" -> Json.fromDoubleOrNull(f.convergenceP99Millis)
          ),
          "partition" -> Json.obj(
            "provisioned_cents" -> Json.fromLong(f.partitionProvisionedCents),
            "spent_by_majority_side_cents" -> Json.fromLong(f.partitionSpentMajoritySideCents),
            "spent_by_cut_off_node_cents" -> Json.fromLong(f.partitionSpentCutOffNodeCents),
            "overspend_cents" -> Json.fromLong(f.partitionOverspendCents),
            "convergence_after_heal_millis" -> Json.fromDoubleOrNull(f.partitionConvergenceAfterHealMillis),
            "balance_updates_lost" -> Json.fromLong(f.partitionBalanceUpdatesLost),
            "spend_attempts_processed" -> Json.fromLong(f.partitionSpendAttempts)
          )
        ).deepMerge(kills.find(_.mode == f.mode).fold(Json.obj())(faultsJson))
      }*)
    )

  private def faultsJson(k: ClusterFaults.Figures): Json = {
    def opt(o: Option[Long]) = o.fold(Json.Null)(Json.fromLong)
    Json.obj(
      "kill" -> Json.obj(
        "forked_trader_jvms" -> Json.fromBoolean(true),
        "killed_after_seconds_of_trading" -> Json.fromInt(k.killAfterSeconds),
        "takeover_millis" -> opt(k.takeoverMillis),
        "balance_updates_lost_cents" -> Json.fromLong(k.balanceUpdatesLostCents),
        "accounts_with_lost_updates" -> Json.fromInt(k.accountsWithLostUpdates),
        "accounts" -> Json.fromInt(k.accounts),
        "day_commands_processed" -> Json.fromLong(k.dayCommands),
        "orders_received_by_exchange" -> Json.fromLong(k.orders),
        "fills_of_trader_orders" -> Json.fromLong(k.fills),
        "exchange_exited_ok" -> Json.fromBoolean(k.exchangeOk)
      ),
      "rejoin" -> Json.obj(
        "restart_to_member_up_millis" -> opt(k.rejoinStartToUpMillis),
        "member_up_to_replica_caught_up_millis" -> opt(k.rejoinUpToCaughtUpMillis),
        "member_up_to_owning_subscriptions_millis" -> opt(k.rejoinUpToOwningMillis)
      )
    )
  }
}
