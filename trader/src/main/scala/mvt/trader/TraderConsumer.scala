package mvt.trader

import cats.effect.IO
import cats.effect.std.Semaphore
import cats.effect.unsafe.IORuntime

import scala.concurrent.Await
import scala.concurrent.duration.Duration

/**
 * The strategy side of the queue: takes events until the queue is closed and drained, runs the pipeline on each,
 * records the outcome in `metrics` and hands each decision to `onDecision` (which must be thread-safe for `io`).
 * `join` waits until every event taken has been processed.
 */
trait TraderConsumer {
  def join(): Unit
}

object TraderConsumer {

  /** Starts one consumer thread running the fold interpreter. */
  def fold(
      queue: BboQueue,
      strategy: TradingStrategy,
      pipeline: Pipeline[Option[Decision]],
      metrics: TraderMetrics,
      onDecision: Decision => Unit
  ): TraderConsumer = {
    val interpreter = new FoldInterpreter(strategy)
    val thread = new Thread(
      () => {
        var e = queue.take()
        while (e != null) {
          val picked = System.nanoTime()
          val outcome = interpreter.run(pipeline, e)
          metrics.record(e, outcome, picked, System.nanoTime())
          outcome match {
            case Outcome.DecisionSent(d) => onDecision(d)
            case _ => ()
          }
          e = queue.take()
        }
      },
      "mvt-strategy"
    )
    thread.start()
    () => thread.join()
  }

  /**
   * Starts a fiber on `runtime` that takes events and processes up to `parallelism` of them at once with the
   * `io` interpreter, the decisions on the runtime's compute pool. It takes the next event only when a slot is
   * free, so the queue's policy still governs the backlog.
   */
  def io(
      queue: BboQueue,
      strategy: TradingStrategy,
      pipeline: Pipeline[Option[Decision]],
      metrics: TraderMetrics,
      onDecision: Decision => Unit,
      parallelism: Int,
      runtime: IORuntime
  ): TraderConsumer = {
    require(parallelism >= 1, "parallelism must be positive")
    val interpreter = new IoInterpreter(strategy, runtime.compute)

    def process(e: BboEvent): IO[Unit] =
      for {
        picked <- IO.monotonic
        outcome <- interpreter.run(pipeline, e)
        end <- IO.monotonic
        _ <- IO(metrics.record(e, outcome, picked.toNanos, end.toNanos))
        _ <- outcome match {
          case Outcome.DecisionSent(d) => IO(onDecision(d))
          case _ => IO.unit
        }
      } yield ()

    // a waiting event is taken without leaving the compute pool; only an empty queue costs a blocking call
    val next: IO[BboEvent] =
      IO(queue.poll()).flatMap(e => if (e != null) IO.pure(e) else IO.blocking(queue.take()))

    val program = Semaphore[IO](parallelism.toLong).flatMap { slots =>
      def loop: IO[Unit] =
        slots.acquire >> next.flatMap { e =>
          if (e == null)
            slots.release >> slots.acquireN(parallelism.toLong) // the last in-flight events finish
          else process(e).guarantee(slots.release).start >> loop
        }
      loop
    }
    val done = program.unsafeToFuture()(runtime)
    () => Await.result(done, Duration.Inf)
  }
}
