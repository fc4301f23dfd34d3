package mvt.cluster

import mvt.workload.{ProfileGenerator, WorkloadProfile}

import java.io.{ByteArrayInputStream, ByteArrayOutputStream}
import scala.concurrent.duration.*

/**
 * An exchange node and two trader nodes in this JVM: the traders share the subscriptions with none owned twice,
 * trade a generated day against the replicated balances, and the balances reconcile with the orders the exchange
 * received; when a trader leaves, the other takes its share.
 */
class NodesSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 3.minutes

  private val subs = Subscription.accounts(6, "spread")

  private def settings(role: String, seeds: Vector[String], mode: Consistency) =
    ClusterNode.Settings(
      role,
      "127.0.0.1",
      0,
      seeds,
      mode,
      subs,
      provisionCents = 5_000_000L,
      publishEvery = 20.millis,
      writeTimeout = 2.seconds,
      downAfter = None,
      testMode = false
    )

  private def day: Array[Byte] = dayOf(7L)

  private def dayOf(seed: Long): Array[Byte] = {
    val out = new ByteArrayOutputStream()
    ProfileGenerator.generate(WorkloadProfile.normal, 60_000, seed).batch.writeCsv(out)
    out.toByteArray
  }

  test(
    "two traders share the subscriptions once each, trade a day, and the balances reconcile with the orders"
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
      val replayed =
        DayReplay.run(new ByteArrayInputStream(day), ex.tops, pauseMillis = 150L, stop = () => false)
      assertEquals(replayed, Right(60_000L))
      // the tops are conflated on a timer, so how many decisions a loaded machine lets through varies: when a day
      // brought no order, the exchange plays another (a fresh seed, so no id repeats) until one does
      var seed = 8L
      Eventually("orders reached the exchange", 240.seconds) {
        if (ex.feed.orders == 0L && seed < 12L) {
          DayReplay.run(
            new ByteArrayInputStream(dayOf(seed)),
            ex.tops,
            pauseMillis = 150L,
            stop = () => false
          )
          seed += 1
        }
        ex.feed.orders > 0L
      }
      val rec = ex.reconcile(60.seconds)
      assert(rec.forall(_.matches), rec.mkString("\n"))
      assert(rec.exists(_.spent > 0L), rec.mkString("\n"))
      assert(rec.forall(_.balance >= 0L), "bounded: no account overspent")
      assertEquals(ex.feed.duplicates, 0L)
      val sent = t1.counters.orders.sum + t2.counters.orders.sum
      assertEquals(ex.feed.orders, sent)

      t2.close()
      Eventually("the remaining trader owns every subscription")(t1.counters.owned.size == subs.size)
    } finally {
      t1.close()
      t2.close()
      ex.close()
    }
  }
}
