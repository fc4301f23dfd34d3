package mvt.cluster

import mvt.workload.{AccountMix, DayGenerator, DayPlan, WorkloadProfile}

import java.io.ByteArrayOutputStream
import java.time.LocalDate
import scala.concurrent.duration.*

/**
 * An exchange node and two trader nodes in this JVM: the traders share the subscriptions with none owned twice,
 * trade a generated day whose orders the exchange's venue journals and matches, and every account's balance reconciles
 * with the trade feed; when a trader leaves, the other takes its share.
 */
class NodesSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 3.minutes

  private val subs = Subscription.accounts(6, StrategyId("spread"))

  // Buys must fill for the reconciliation to check debits: each account's balance covers many buys (one costs up to
  // 3.3M cents on this day, and in bounded a trader holds part of the balance as rights, so with 5M one buy rested at
  // a time and every move of it was refused), and a decision waits up to half a second for its order (with 10 ms, a
  // loaded machine expired most of them), so the day's few buys were sometimes none
  private def settings(role: NodeRole, seeds: Vector[String], mode: Consistency) =
    ClusterNode.Settings(
      role,
      "127.0.0.1",
      0,
      seeds,
      mode,
      subs,
      provisionCents = 50_000_000L,
      publishEvery = 20.millis,
      writeTimeout = 2.seconds,
      downAfter = None,
      testMode = false,
      pipeline = NodePipeline.Settings.default.copy(budgetNanos = Some(500_000_000L))
    )

  /** A generated session with its clock: 6.5 hours of 40,000 commands. */
  private def day(seed: Long): Array[Byte] = {
    val plan = DayPlan(LocalDate.of(2026, 3, 4), 1, 40_000, WorkloadProfile.normal, AccountMix(20), seed)
    val out = new ByteArrayOutputStream()
    new DayGenerator(plan).next().batch.writeCsv(out)
    out.toByteArray
  }

  test(
    "two traders share the subscriptions once each, trade a day on the exchange's engine, and reconcile by fills"
  ) {
    val ex = ClusterNode.start(settings(ExchangeNode.Role, Vector.empty, Consistency.Bounded), _ => ())
    val t1 = ClusterNode.start(settings(TraderNode.Role, Vector(ex.name), Consistency.Bounded), _ => ())
    val t2 = ClusterNode.start(settings(TraderNode.Role, Vector(ex.name), Consistency.Bounded), _ => ())
    try {
      Eventually("both traders see each other, and together own every subscription once") {
        val a = t1.counters.owned
        val b = t2.counters.owned
        t1.tradersUp == 2 && t2.tradersUp == 2 && (a ++ b).sortBy(_.label) == subs.sortBy(_.label)
      }
      Eventually("the exchange and the traders know each other") {
        ex.tops.subscribers == 2 && t1.counters.exchangesKnown == 1 && t2.counters.exchangesKnown == 1
      }
      // 23,400 session seconds at 4,000 times real time: about 6 s of trading
      val dir = java.nio.file.Files.createTempDirectory("mvt-nodes")
      val file = dir.resolve("day.csv")
      java.nio.file.Files.write(file, day(7L))
      val recorded = mvt.venue.RecordedDay.load(file, Some(4000.0)).fold(e => fail(e), identity)
      val played = ex.playDay(recorded, dir.resolve("venue"), 60.seconds, _ => ())
      val outcome = played.fold(e => fail(e), identity)
      assert(outcome.commands >= 40_000L, outcome.commands.toString) // the time lines count too
      val rec = outcome.reconciliation
      // what each trader did, for a failure to show whether buys were decided, refused or never filled
      val did =
        (rec ++ Vector(t1, t2).map(t => s"${t.counters.status.render}; ledger refused ${t.ledger.refused}"))
          .mkString("\n")
      assert(outcome.reconciled, did)
      assert(outcome.day.feed.orders > 0L, "orders reached the exchange")
      assert(outcome.day.fills.fills > 0L, "the traders' orders filled")
      assert(rec.exists(r => r.spent > 0L), did)
      assert(rec.forall(_.balance >= 0L), "bounded: no account overspent")
      assertEquals(outcome.day.openOrders, 0)
      // every message received was acknowledged, a resend (a duplicate, applied once) too
      val f = outcome.day.feed
      assertEquals(outcome.day.acknowledged, f.orders + f.cancels + f.duplicates)
      assertEquals(t1.counters.fills.sum + t2.counters.fills.sum > 0L, true)
      // the desks' view converges to the venue's: every fill of the traders' orders applied by its desk, once
      Eventually("each fill reported to its desk and applied once") {
        t1.counters.fills.sum + t2.counters.fills.sum == outcome.day.fills.fills
      }

      t2.close()
      Eventually("the remaining trader owns every subscription")(t1.counters.owned.size == subs.size)
    } finally {
      t1.close()
      t2.close()
      ex.close()
    }
  }
}
