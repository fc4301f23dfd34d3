package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import io.circe.Json
import mvt.bench.{MachineInfo, ThroughputBench}
import mvt.cluster.ClusterBench

/** `mvt bench cluster`: the consistency modes on loopback nodes in one JVM; figures only, never pass/fail. */
object ClusterBenchCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("cluster", "The cluster's consistency modes: authorization, convergence, a partition.") {
      (
        Opts.option[Int]("nodes", "Nodes, each an actor system on loopback (default 3).", metavar = "N")
          .withDefault(3)
          .validate("--nodes must be 2 to 9")(n => n >= 2 && n <= 9),
        Opts.option[Int]("partition-seconds", "How long the last node is cut off (default 5).", metavar = "S")
          .withDefault(5)
          .validate("--partition-seconds must be 1 to 600")(n => n >= 1 && n <= 600),
        Opts.option[String]("json", "Also write the figures as JSON to FILE.", metavar = "FILE").orNone
      ).mapN { (nodes, seconds, json) =>
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
            json.foreach(path => outputs.text(path, toJson(plan, figures).spaces2 + "\n"))
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

  def toJson(plan: ClusterBench.Plan, fs: Vector[ClusterBench.ModeFigures]): Json =
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
        )
      }*)
    )
}
