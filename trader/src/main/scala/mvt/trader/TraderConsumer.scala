package mvt.trader

import mvt.trader.pipeline.*
import mvt.trader.queue.*
import mvt.trader.strategy.*

import cats.effect.IO

import java.util.concurrent.Semaphore

/**
 * The strategy side of the queue: takes events until the queue is closed and drained, runs the pipeline on each,
 * records the outcome in `metrics` and hands each decision to `onDecision` (which must be thread-safe for `io`).
 * `join` waits until every event taken has been processed. Each consumer warms its path up once on a throwaway
 * event before it is returned.
 */
trait TraderConsumer {
  def join(): Unit
}

object TraderConsumer {

  // Warm-up: the classes of the pipeline, the interpreters and the metrics load on first use, which took tens of
  // milliseconds, long enough to expire the first burst of events. A consumer runs this once before it returns.
  private val idle: TradingStrategy = _ => None
  private def warmUpPipeline =
    TraderPipeline(TraderPipeline.Deadlines.none, new RingJournal(1), PreTradeCheck.AllowAll)
  private def warmUpEvent =
    BboEvent(BboUpdated.fromRaw(mvt.core.Symbol.unsafe("WARMUP"), 100L, 1L, 101L, 1L), 0L)
  private def warmUpMetrics(outcome: Outcome): Unit =
    new TraderMetrics(concurrent = true).record(warmUpEvent, outcome, 0L, 1L)

  /** Starts one consumer thread running the fold interpreter. */
  def fold(
      queue: BboQueue,
      strategy: TradingStrategy,
      pipeline: Pipeline[Option[Decision]],
      metrics: TraderMetrics,
      onDecision: Decision => Unit
  ): TraderConsumer = {
    val interpreter = new FoldInterpreter(strategy)
    warmUpMetrics(new FoldInterpreter(idle).run(warmUpPipeline, warmUpEvent))
    @volatile var failure: Throwable = null
    val thread = new Thread(
      () => {
        var e = queue.take()
        try {
          while (e != null) {
            val picked = System.nanoTime()
            val outcome = deliver(interpreter.run(pipeline, e), onDecision)
            metrics.record(e, outcome, picked, System.nanoTime())
            e = queue.take()
          }
        } catch {
          case t: Throwable =>
            // a fatal error (out of memory, say): drain, so that a producer waiting on a full queue is released
            failure = t
            while (e != null) { metrics.outcomes.add(DropReason.Failed("consumer")); e = queue.take() }
        }
      },
      "mvt-strategy"
    )
    thread.start()
    () => {
      thread.join()
      if (failure != null) throw failure
    }
  }

  /**
   * Hands a decision over; a hand-over that throws turns the outcome into `failed:deliver`, so the event is
   * counted once and the consumer carries on.
   */
  private def deliver(outcome: Outcome, onDecision: Decision => Unit): Outcome = outcome match {
    case Outcome.DecisionSent(d) =>
      try { onDecision(d); outcome }
      catch { case scala.util.control.NonFatal(_) => Outcome.Dropped(DropReason.Failed("deliver")) }
    case other => other
  }

  /**
   * Starts a taker thread that hands each event to a fiber on a [[DecisionRuntime]] of `parallelism` threads,
   * where the `io` interpreter processes up to `parallelism` events at once (their decisions on its compute
   * pool). It takes the next event only when a slot is free, so the queue's policy still governs the backlog.
   * The taker waits on the queue outside the runtime: an `IO.blocking` call per idle wait cost milliseconds of
   * latency at low rates. `join` also shuts the runtime down.
   */
  def io(
      queue: BboQueue,
      strategy: TradingStrategy,
      pipeline: Pipeline[Option[Decision]],
      metrics: TraderMetrics,
      onDecision: Decision => Unit,
      parallelism: Int
  ): TraderConsumer = {
    require(parallelism >= 1, "parallelism must be positive")
    val decisions = new DecisionRuntime(parallelism)
    val runtime = decisions.runtime
    val interpreter = new IoInterpreter(strategy)
    val slots = new Semaphore(parallelism)
    warmUpMetrics(
      new IoInterpreter(idle).run(warmUpPipeline, warmUpEvent).unsafeRunSync()(runtime)
    )

    def process(e: BboEvent): IO[Unit] =
      for {
        picked <- IO.monotonic
        run <- interpreter.run(pipeline, e)
        outcome <- IO(deliver(run, onDecision))
        end <- IO.monotonic
        _ <- IO(metrics.record(e, outcome, picked.toNanos, end.toNanos))
      } yield ()

    val thread = new Thread(
      () => {
        // no spinning: on a machine with as many cores as slots it would take a core from a decision
        slots.acquire()
        var e = queue.take(spins = 0)
        while (e != null) {
          process(e)
            .handleError(_ => metrics.outcomes.add(DropReason.Failed("consumer")))
            .guarantee(IO(slots.release()))
            .unsafeRunAndForget()(runtime)
          slots.acquire()
          e = queue.take(spins = 0)
        }
        slots.acquire(parallelism - 1) // the events still in flight finish
      },
      "mvt-strategy-taker"
    )
    thread.start()
    () => { thread.join(); decisions.shutdown() }
  }
}
