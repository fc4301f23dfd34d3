package mvt.cluster

import org.apache.pekko.actor.typed.receptionist.Receptionist
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.actor.typed.{Behavior, Props}

import java.util.concurrent.{ConcurrentHashMap, ConcurrentLinkedQueue}
import scala.concurrent.duration.*

/**
 * A trader node the exchange hears of late (a slow join, a restart) starts from the latest top of every symbol, not
 * only from the symbols that move after it arrived; one that was there all along gets each change once.
 */
class MarketSnapshotSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 2.minutes

  // a trader node's stand-in on the other JVM: registers as a trader and keeps every top it is sent, per symbol
  private def listener(
      seen: ConcurrentHashMap[String, MarketUpdates.Top],
      batches: ConcurrentLinkedQueue[Int]
  ): Behavior[TraderNode.Command] =
    Behaviors.setup { ctx =>
      ctx.system.receptionist ! Receptionist.Register(TraderNode.Key, ctx.self)
      Behaviors.receiveMessage {
        case MarketUpdates(tops) =>
          batches.add(tops.size)
          tops.foreach(t => seen.put(t.symbol, t))
          Behaviors.same
        case _ => Behaviors.same
      }
    }

  private def top(symbol: String, bid: Long) = MarketUpdates.Top(symbol, bid, 100L, bid + 2L, 200L)

  test("a trader node that arrives after the quotes were published gets every symbol's latest top at once") {
    val nodes = new LoopbackCluster(2)
    try {
      Eventually("two nodes up")(nodes.allUp)
      val tops = new LatestTops
      val inbox = new ConcurrentLinkedQueue[ExchangeDay.Inbound]()
      nodes.systems(0).systemActorOf(ExchangeNode(tops, inbox, 20.millis), "exchange", Props.empty)
      tops.put(top("ACME", 100L))
      tops.put(top("BRK.B", 500L))

      val early = new ConcurrentHashMap[String, MarketUpdates.Top]()
      val earlyBatches = new ConcurrentLinkedQueue[Int]()
      nodes.systems(1).systemActorOf(listener(early, earlyBatches), "early", Props.empty)
      Eventually("the first trader hears both symbols")(early.size == 2)
      Eventually("the exchange publishes to it")(tops.subscribers == 1)
      tops.put(top("ACME", 101L))
      Eventually("the first trader hears ACME move")(early.get("ACME") == top("ACME", 101L))

      // BRK.B has not moved since before this trader arrived: only a snapshot tells it where BRK.B stands
      val late = new ConcurrentHashMap[String, MarketUpdates.Top]()
      nodes.systems(1).systemActorOf(listener(late, new ConcurrentLinkedQueue[Int]()), "late", Props.empty)
      Eventually("the late trader hears every symbol's latest top")(
        late.get("ACME") == top("ACME", 101L) && late.get("BRK.B") == top("BRK.B", 500L)
      )
      Eventually("the exchange publishes to both")(tops.subscribers == 2)
      val before = earlyBatches.size
      tops.put(top("BRK.B", 499L))
      Eventually("both hear the next change")(
        late.get("BRK.B") == top("BRK.B", 499L) && early.get("BRK.B") == top("BRK.B", 499L)
      )
      // the late trader's snapshot is its own: the first trader was not sent the whole book again
      Eventually("the first trader's next batch")(earlyBatches.size > before)
      assertEquals(earlyBatches.toArray.drop(before).toVector.map(_.asInstanceOf[Int]), Vector(1))
      val back = inbox.toArray.collect { case b: ExchangeDay.TraderBack => b }
      assertEquals(back.length, 2, "the engine hears of each trader node once")
    } finally nodes.close()
  }
}
