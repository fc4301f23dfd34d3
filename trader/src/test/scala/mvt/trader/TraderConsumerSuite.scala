package mvt.trader

import mvt.trader.pipeline.*
import mvt.trader.queue.*
import mvt.trader.strategy.*

import mvt.core.*
import mvt.trader.TraderGens.*
import mvt.trader.pipeline.TraderPipeline.Deadlines

import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.{ConcurrentLinkedQueue, CyclicBarrier, TimeUnit}
import scala.concurrent.blocking
import scala.jdk.CollectionConverters.*

/** The fold and io consumers end to end: each event counted once, decisions handed over, io in parallel. */
class TraderConsumerSuite extends munit.FunSuite {
  // every seventh book is one-sided: no decision from the synthetic strategy
  private val updates: Vector[BboUpdated] = Vector.tabulate(500) { i =>
    val s = symbols(i % 3)
    if (i % 7 == 3) bidOnly(s, 1000 + i % 13) else bbo(s, 1000 + i % 13, 5, 1003 + i % 13, 5)
  }
  private val wanted: Vector[Decision] =
    updates.filter(_.isTwoSided).map(u => Decision(u.symbol, Side.Buy, u.bidPrice, Quantity(1)))

  private final class Sink {
    val journal = new RingJournal(8)
    val metrics = new TraderMetrics
    private val got = new ConcurrentLinkedQueue[Decision]
    val onDecision: Decision => Unit = d => { got.add(d); () }
    def decisions: Vector[Decision] = got.asScala.toVector
    def pipeline(d: Deadlines): Pipeline[Option[Decision]] =
      TraderPipeline(d, journal, PreTradeCheck.AllowAll)
  }

  private def consumer(
      kind: InterpreterKind,
      q: BboQueue,
      s: TradingStrategy,
      sink: Sink,
      d: Deadlines,
      parallelism: Int = 4
  ) =
    kind match {
      case InterpreterKind.Fold => TraderConsumer.fold(q, s, sink.pipeline(d), sink.metrics, sink.onDecision)
      case InterpreterKind.Io =>
        TraderConsumer.io(q, s, sink.pipeline(d), sink.metrics, sink.onDecision, parallelism)
    }

  /** Offers every update stamped now, on this thread, then closes; the answers of `offer`. */
  private def produce(q: BboQueue, us: Vector[BboUpdated] = updates): Vector[Boolean] = {
    val accepted = us.map(u => q.offer(BboEvent(u, System.nanoTime())))
    q.close()
    accepted
  }

  private def counts[A](as: Vector[A]): Map[A, Int] = as.groupMapReduce(identity)(_ => 1)(_ + _)

  for (kind <- InterpreterKind.values)
    test(
      s"${kind.label} with block: each event is processed once and each decision handed over"
    ) {
      val q = QueuePolicy.Block.newQueue(4)
      val sink = new Sink
      val c = consumer(kind, q, new SyntheticStrategy(0), sink, Deadlines.none)
      assert(produce(q).forall(identity))
      c.join()
      assertEquals(
        sink.metrics.outcomes.labelled,
        Vector("no-decision" -> (updates.size - wanted.size).toLong, "sent" -> wanted.size.toLong)
      )
      if (kind == InterpreterKind.Fold)
        assertEquals(sink.decisions, wanted) // one thread keeps the queue's order
      else assertEquals(counts(sink.decisions), counts(wanted))
      assertEquals(sink.journal.count, updates.size.toLong)
      assertEquals(sink.metrics.latency.getTotalCount, updates.size.toLong)
      assertEquals(sink.metrics.service.getTotalCount, updates.size.toLong)
      assertEquals(q.drops.labelled, Vector.empty)
    }

  for (kind <- InterpreterKind.values; policy <- Vector(QueuePolicy.DropNewest, QueuePolicy.Conflate))
    test(
      s"${kind.label} with ${policy.label}: drops plus processed events make up all offered"
    ) {
      val q = policy.newQueue(2)
      val sink = new Sink
      val c = consumer(kind, q, new SyntheticStrategy(0), sink, Deadlines.none)
      val accepted = produce(q)
      c.join()
      val processed = sink.metrics.processed
      assertEquals(sink.metrics.outcomes.total(_ => true), processed)
      assertEquals(processed + q.drops.total(_ => true), updates.size.toLong)
      assertEquals(sink.decisions.size.toLong, sink.metrics.outcomes.get(OutcomeKind.Sent))
      if (policy == QueuePolicy.DropNewest)
        assertEquals(q.drops.get(DropReason.QueueFull), accepted.count(!_).toLong)
    }

  for (kind <- InterpreterKind.values)
    test(
      s"${kind.label}: events an hour old expire at start, unjournaled and untimed"
    ) {
      val q = QueuePolicy.Unbounded.newQueue(1)
      val sink = new Sink
      val old = System.nanoTime() - 3600L * 1000000000L
      updates.take(50).foreach(u => q.offer(BboEvent(u, old)))
      q.close()
      consumer(kind, q, new SyntheticStrategy(0), sink, Deadlines.fromBudget(1000000L)).join()
      assertEquals(sink.metrics.outcomes.labelled, Vector("expired:start" -> 50L))
      assertEquals((sink.metrics.processed, sink.metrics.latency.getTotalCount), (0L, 0L))
      assertEquals((sink.journal.count, sink.decisions), (0L, Vector.empty))
    }

  for (kind <- InterpreterKind.values)
    test(s"${kind.label}: a closed empty queue ends the consumer with nothing recorded") {
      val q = QueuePolicy.Block.newQueue(4)
      q.close()
      val sink = new Sink
      consumer(kind, q, new SyntheticStrategy(0), sink, Deadlines.none).join()
      assertEquals(sink.metrics.outcomes.labelled, Vector.empty)
    }

  /** Holds each decision until `parties` decisions are inside at once; remembers the most ever inside. */
  private final class Rendezvous(parties: Int) extends TradingStrategy {
    private val barrier = new CyclicBarrier(parties)
    private val inside = new AtomicInteger
    val most = new AtomicInteger
    val failures = new ConcurrentLinkedQueue[Throwable]
    def decide(e: BboUpdated): Option[Decision] = {
      most.accumulateAndGet(inside.incrementAndGet(), math.max)
      // the timeout only keeps a broken consumer from hanging the build
      try blocking(barrier.await(120, TimeUnit.SECONDS))
      catch { case t: Throwable => failures.add(t) }
      finally inside.decrementAndGet()
      None
    }
  }

  for (parallelism <- Vector(2, 3))
    test(
      s"io with parallelism $parallelism: that many decisions are in the strategy at the same time, no more"
    ) {
      val q = QueuePolicy.Unbounded.newQueue(1)
      val strategy = new Rendezvous(parallelism)
      val sink = new Sink
      val c = consumer(InterpreterKind.Io, q, strategy, sink, Deadlines.none, parallelism)
      produce(q, updates.take(parallelism * 4))
      c.join()
      assertEquals(strategy.failures.asScala.toVector, Vector.empty)
      assertEquals(strategy.most.get, parallelism)
      assertEquals(sink.metrics.outcomes.labelled, Vector("no-decision" -> parallelism * 4L))
    }

  test("io with parallelism 1: decisions never overlap") {
    val inside = new AtomicInteger
    val most = new AtomicInteger
    val strategy: TradingStrategy = u => {
      most.accumulateAndGet(inside.incrementAndGet(), math.max)
      (0 until 100).foreach(_ => Thread.`yield`()) // gives an overlapping decision a chance to show
      inside.decrementAndGet()
      None
    }
    val q = QueuePolicy.Unbounded.newQueue(1)
    val sink = new Sink
    val c = consumer(InterpreterKind.Io, q, strategy, sink, Deadlines.none, 1)
    produce(q, updates.take(200))
    c.join()
    assertEquals(most.get, 1)
    assertEquals(sink.metrics.processed, 200L)
  }

  test("io refuses a parallelism below one") {
    val q = QueuePolicy.Unbounded.newQueue(1)
    intercept[IllegalArgumentException](consumer(
      InterpreterKind.Io,
      q,
      new SyntheticStrategy(0),
      new Sink,
      Deadlines.none,
      0
    ))
  }

  for (kind <- InterpreterKind.values)
    test(
      s"${kind.label}: a strategy that throws drops that event as failed:decide and the consumer carries on"
    ) {
      val q = QueuePolicy.Block.newQueue(4)
      val sink = new Sink
      val calls = new AtomicInteger
      val flaky: TradingStrategy = u => {
        if (calls.incrementAndGet() % 2 == 0) throw new IllegalStateException("strategy bug")
        new SyntheticStrategy(0).decide(u)
      }
      val c = consumer(kind, q, flaky, sink, Deadlines.none)
      assert(produce(q, updates.take(40)).forall(identity))
      c.join()
      val byLabel = sink.metrics.outcomes.labelled.toMap
      assertEquals(byLabel.getOrElse("failed:decide", 0L), 20L)
      assertEquals(byLabel.values.sum, 40L) // every event accounted for, none lost with the thread
      assertEquals(sink.metrics.latency.getTotalCount, 20L) // only the processed ones
    }

  for (kind <- InterpreterKind.values)
    test(
      s"${kind.label}: a hand-over that throws counts that event as failed:deliver; the producer is never stranded"
    ) {
      val q = QueuePolicy.Block.newQueue(2)
      val sink = new Sink
      val delivered = new AtomicInteger
      val c = kind match {
        case InterpreterKind.Fold =>
          TraderConsumer.fold(
            q,
            new SyntheticStrategy(0),
            sink.pipeline(Deadlines.none),
            sink.metrics,
            _ => throw new IllegalStateException("sink down")
          )
        case InterpreterKind.Io =>
          TraderConsumer.io(
            q,
            new SyntheticStrategy(0),
            sink.pipeline(Deadlines.none),
            sink.metrics,
            _ => throw new IllegalStateException("sink down"),
            2
          )
      }
      assert(produce(q).forall(identity)) // would block for ever on the full queue if the consumer had died
      c.join()
      assertEquals(delivered.get, 0)
      assertEquals(
        sink.metrics.outcomes.labelled,
        Vector("failed:deliver" -> wanted.size.toLong, "no-decision" -> (updates.size - wanted.size).toLong)
      )
    }

  test(
    "fold: a fatal error ends the consumer, the rest is drained as failed:consumer, and join rethrows it"
  ) {
    val q = QueuePolicy.Block.newQueue(2)
    val sink = new Sink
    val calls = new AtomicInteger
    val fatal: TradingStrategy = u => {
      if (calls.incrementAndGet() == 3) throw new StackOverflowError("strategy recursed")
      new SyntheticStrategy(0).decide(u)
    }
    val c = TraderConsumer.fold(q, fatal, sink.pipeline(Deadlines.none), sink.metrics, sink.onDecision)
    assert(produce(q).forall(identity)) // the drain releases a producer waiting on the full queue
    // intercept lets fatal errors through, so catch by hand
    val thrown =
      try { c.join(); None }
      catch { case t: Throwable => Some(t) }
    assert(thrown.exists(_.isInstanceOf[StackOverflowError]), thrown)
    assertEquals(sink.metrics.outcomes.total(_ => true), updates.size.toLong)
    assert(
      sink.metrics.outcomes.get(DropReason.Failed("consumer")) >= updates.size - 3L,
      sink.metrics.outcomes.labelled
    )
  }
}
