package mvt.bench.cluster

import io.circe.Json
import mvt.cluster.{AuthorizationTimes, Consistency}
import mvt.cluster.fork.Agreement
import mvt.cluster.nemesis.{Fault, NemesisRun}
import org.HdrHistogram.Histogram

/**
 * The figures of one mode under the nemesis (`mvt bench cluster --nemesis SEED`): what the checker read and found,
 * what the nemesis injected, the traders' authorization times (every trader JVM's histogram merged) and, per
 * restart, the time until the new JVM's replica held every account's balance, and per heal or restart the time until
 * every replica held every write made before it ([[Agreement]]; `notAgreed` counts those that never did). Immutable.
 */
final case class NemesisFigures(
    mode: Consistency,
    seed: Long,
    schedules: Int,
    operations: Int,
    kills: Int,
    pauses: Int,
    restarts: Int,
    cuts: Int,
    overspendCents: Long,
    overspentAccounts: Int,
    lostCents: Long,
    lostWithKillCents: Long,
    lostWithKillOrders: Int,
    appliedTwice: Int,
    reservedTwice: Int,
    violations: Int,
    authorizations: Long,
    authorizationP50Nanos: Long,
    authorizationP99Nanos: Long,
    restartToCaughtUpMillis: Vector[Long],
    agreementMillis: Vector[Long],
    notAgreed: Int,
    report: Vector[String]
)

object NemesisFigures {

  def of(r: NemesisRun.Result, seed: Long): NemesisFigures = {
    val v = r.verdict
    val o = r.outcome
    val traders = o.traders ++ o.nemesisRestarts
    val merged = new Histogram(3)
    traders.flatMap(_.events.authorizations).flatMap(a => AuthorizationTimes.histogram(a).toOption).foreach(
      merged.add
    )
    // each restart: from the nemesis starting the JVM until its replica held every account
    val caughtUp = v.injected.collect {
      case i if i.fault.isInstanceOf[Fault.Restart] =>
        o.nemesisRestarts.find(_.name == i.node).flatMap(_.events.caughtUpAt).map(
          _ - (o.startedAt + i.atMillis)
        )
    }.flatten
    val agreed = Agreement.afterFaults(o, v.injected)
    NemesisFigures(
      v.mode,
      seed,
      v.windows.count,
      v.operations,
      v.injectedOf("kill"),
      v.injectedOf("pause"),
      v.injectedOf("restart"),
      v.injected.count(_.fault.cutsLinks),
      if (v.overspentAccounts > 0) v.verdict.maxOverspendCents else 0L,
      v.overspentAccounts,
      v.lostCents,
      v.lostWithKill.map(_.cents).sum,
      v.lostWithKill.size,
      v.verdict.appliedTwice,
      v.verdict.accounts.map(_.debitedTwice.size).sum,
      v.findings.size,
      merged.getTotalCount,
      if (merged.getTotalCount == 0L) 0L else merged.getValueAtPercentile(50.0),
      if (merged.getTotalCount == 0L) 0L else merged.getValueAtPercentile(99.0),
      caughtUp,
      agreed.flatten,
      agreed.count(_.isEmpty),
      v.lines(NemesisRun.replay(seed))
    )
  }

  def render(fs: Vector[NemesisFigures]): String = {
    def ns(n: Long) = if (n < 10_000L) s"$n ns" else f"${n / 1000.0}%.1f µs"
    def ms(xs: Vector[Long]) =
      if (xs.isEmpty) "-" else s"${xs.sorted.apply(xs.size / 2)} / ${xs.max} ms"
    val head =
      f"${"mode"}%-9s ${"ops checked"}%11s ${"faults k/p/r/c"}%14s ${"overspend"}%10s ${"lost"}%5s ${"lost@kill"}%10s " +
        f"${"twice"}%5s ${"auth p50"}%9s ${"auth p99"}%9s ${"restart→caught up p50 / max"}%28s " +
        f"${"heal/restart→agreed p50 / max"}%30s"
    val rows = fs.map { f =>
      f"${f.mode.label}%-9s ${f.operations}%11d ${s"${f.kills}/${f.pauses}/${f.restarts}/${f.cuts}"}%14s " +
        f"${f.overspendCents}%10d ${f.lostCents}%5d ${f.lostWithKillCents}%10d ${f.appliedTwice + f.reservedTwice}%5d " +
        f"${ns(f.authorizationP50Nanos)}%9s ${ns(f.authorizationP99Nanos)}%9s ${ms(f.restartToCaughtUpMillis)}%28s " +
        f"${ms(f.agreementMillis) + (if (f.notAgreed > 0) s" (${f.notAgreed} never)" else "")}%30s"
    }
    (head +: rows).mkString("\n") +
      "\nops checked: history operations the checker read; faults: kills, pauses (SIGSTOP/SIGCONT), restarts and cuts " +
      "(links cut, then healed) injected;" +
      "\noverspend: the most money committed ran ahead of money provided on one account (cents; allowed in local " +
      "only);\nlost: cents reserved and never accounted for; lost@kill: reserved by a trader in the seconds before " +
      "its kill, never sent;\ntwice: orders applied or reserved twice; auth: a trader's balance check until the " +
      "order may go (majority: the write), every trader JVM merged;\nrestart→caught up: from starting a killed " +
      "trader again until its replica holds every account's balance;\nheal/restart→agreed: from a pause's SIGCONT, a cut's heal " +
      "or a restart until every replica holds every write made before it (each node's replica every 100 ms)."
  }

  def toJson(seed: Long, settings: NemesisRun.Settings, fs: Vector[NemesisFigures]): Json =
    Json.obj(
      "seed" -> Json.fromLong(seed),
      "schedules_per_mode" -> Json.fromInt(settings.schedules),
      "window_millis" -> Json.fromLong(settings.windowMillis),
      "traders" -> Json.fromInt(settings.traders),
      "accounts" -> Json.fromInt(settings.accounts),
      "replay" -> Json.fromString(NemesisRun.replay(seed)),
      "modes" -> Json.arr(fs.map { f =>
        Json.obj(
          "mode" -> Json.fromString(f.mode.label),
          "operations_checked" -> Json.fromInt(f.operations),
          "faults_injected" -> Json.obj(
            "kills" -> Json.fromInt(f.kills),
            "pauses" -> Json.fromInt(f.pauses),
            "restarts" -> Json.fromInt(f.restarts),
            "cuts" -> Json.fromInt(f.cuts)
          ),
          "overspend_cents" -> Json.fromLong(f.overspendCents),
          "overspent_accounts" -> Json.fromInt(f.overspentAccounts),
          "debits_lost_cents" -> Json.fromLong(f.lostCents),
          "reserved_before_kill_never_sent_cents" -> Json.fromLong(f.lostWithKillCents),
          "reserved_before_kill_never_sent_orders" -> Json.fromInt(f.lostWithKillOrders),
          "orders_applied_twice" -> Json.fromInt(f.appliedTwice),
          "orders_reserved_twice" -> Json.fromInt(f.reservedTwice),
          "violations" -> Json.fromInt(f.violations),
          "authorization" -> Json.obj(
            "samples" -> Json.fromLong(f.authorizations),
            "p50_nanos" -> Json.fromLong(f.authorizationP50Nanos),
            "p99_nanos" -> Json.fromLong(f.authorizationP99Nanos)
          ),
          "restart_to_replica_caught_up_millis" -> Json.arr(f.restartToCaughtUpMillis.map(Json.fromLong)*),
          "heal_or_restart_to_agreement_millis" -> Json.arr(f.agreementMillis.map(Json.fromLong)*),
          "heal_or_restart_never_agreed" -> Json.fromInt(f.notAgreed),
          "report" -> Json.arr(f.report.map(Json.fromString)*)
        )
      }*)
    )
}
