package mvt.cluster

import mvt.core.*
import mvt.trader.pipeline.InterpreterKind
import mvt.trader.queue.QueuePolicy
import mvt.trader.{BboUpdated, Decision}

import java.util.concurrent.ConcurrentLinkedQueue
import scala.jdk.CollectionConverters.*

/**
 * A trader node's pipeline: every owned subscription's strategy is asked on each update and its decision handed
 * over, under either interpreter; the pipeline's deadlines drop a stale update before any strategy is asked.
 */
class NodePipelineSuite extends munit.FunSuite {

  private val acme = Symbol.unsafe("ACME")
  private val bbo = BboUpdated.fromRaw(acme, Price.unsafe("10.00").raw, 100L, Price.unsafe("10.10").raw, 100L)
  private val subs = Vector("a", "b").map(a => Subscription(mvt.crdt.ClientId(a), StrategyId("s")))

  private def run(settings: NodePipeline.Settings): (Vector[(Subscription, Decision)], NodePipeline) = {
    val got = new ConcurrentLinkedQueue[(Subscription, Decision)]()
    val p = new NodePipeline(settings, (sub, _, d) => { val _ = got.add(sub -> d) })
    p.own(subs.map(s =>
      s -> ((e: BboUpdated) => Some(Decision(e.symbol, Side.Buy, e.bidPrice, Quantity(10L))))
    ))
    p.offer(bbo)
    Eventually("the update was processed")(p.metrics.processed + p.metrics.outcomes.total(_ => true) > 0L)
    p.close()
    (got.asScala.toVector, p)
  }

  for (interpreter <- InterpreterKind.values)
    test(s"each owned subscription's strategy decides, through the ${interpreter.label} interpreter") {
      val (got, p) =
        run(NodePipeline.Settings(
          QueuePolicy.Conflate,
          16,
          interpreter,
          2,
          budgetNanos = Some(60_000_000_000L)
        ))
      assertEquals(got.map(_._1).sortBy(_.account), subs)
      assert(got.forall(_._2.price == bbo.bidPrice))
      assert(p.render.contains("sent=1"), p.render)
    }

  test("an update older than its budget is dropped before any strategy is asked") {
    val (got, p) =
      run(NodePipeline.Settings(QueuePolicy.Block, 16, InterpreterKind.Fold, 1, budgetNanos = Some(1L)))
    assertEquals(got, Vector.empty)
    assert(p.render.contains("expired:"), p.render)
  }
}
