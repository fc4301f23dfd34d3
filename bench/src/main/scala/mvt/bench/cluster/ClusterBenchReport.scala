package mvt.bench.cluster

import io.circe.Json
import mvt.bench.ThroughputBench

/** What `mvt bench cluster` prints and writes of its figures: the modes' table, the faults' table, the JSON. */
object ClusterBenchReport {

  def renderFaults(fs: Vector[FaultFigures]): String = {
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

  def render(fs: Vector[ClusterBench.ModeFigures]): String = {
    val head =
      f"${"mode"}%-9s ${"auth p50"}%10s ${"auth p99"}%10s ${"1/ms p50"}%10s ${"1/ms p99"}%10s ${"conv p50"}%9s ${"conv p99"}%9s " +
        f"${"overspend"}%10s ${"heal→conv"}%10s ${"lost"}%5s ${"spends"}%8s"
    val rows = fs.map { f =>
      f"${f.mode.label}%-9s ${ns(f.authorizationP50Nanos)}%10s ${ns(f.authorizationP99Nanos)}%10s " +
        f"${ns(f.sparseP50Nanos)}%10s ${ns(f.sparseP99Nanos)}%10s " +
        f"${f.convergenceP50Millis}%7.1fms ${f.convergenceP99Millis}%7.1fms ${f.partitionOverspendCents}%10d " +
        f"${f.partitionConvergenceAfterHealMillis}%8.0fms ${f.partitionBalanceUpdatesLost}%5d ${f.partitionSpendAttempts}%8d"
    }
    (head +: rows).mkString("\n") +
      "\nauth: one authorization on the local replica (majority: until a majority has the debit), back to back; " +
      "1/ms: one a millisecond;\nconv: a credit " +
      "until every replica shows it;\noverspend: cents spent past the provisioned balance while cut off; heal→conv: " +
      "from the heal until every replica agrees; lost: debits missing after it."
  }

  private def ns(n: Long): String = if (n < 10_000L) s"$n ns" else f"${n / 1000.0}%.1f µs"

  def toJson(
      plan: ClusterBench.Plan,
      fs: Vector[ClusterBench.ModeFigures],
      kills: Vector[FaultFigures] = Vector.empty
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
          "authorization_one_a_millisecond" -> Json.obj(
            "samples" -> Json.fromInt(f.sparseAuthorizations),
            "p50_nanos" -> Json.fromLong(f.sparseP50Nanos),
            "p99_nanos" -> Json.fromLong(f.sparseP99Nanos)
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

  private def faultsJson(k: FaultFigures): Json = {
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
