package mvt.trader
package pipeline

import mvt.trader.strategy.*

import cats.data.EitherT
import cats.effect.IO
import cats.~>

/**
 * Runs a pipeline as a cats-effect `IO`: every deadline is checked against `IO.monotonic` when its step is
 * reached, and every step (the decision included) runs on the runtime the `IO` is run on: the `io` consumer runs
 * it on its `DecisionRuntime`, whose compute pool is the decision pool, so no shift is needed. Runs of several
 * events may proceed at once (the `io` consumer starts a fiber per event), so the strategy must be thread-safe.
 */
final class IoInterpreter(strategy: TradingStrategy) {
  private type Checked[A] = EitherT[IO, Outcome, A]

  def run(pipeline: Pipeline[Option[Decision]], e: BboEvent): IO[Outcome] = {
    val compile = new (PipelineStep ~> Checked) {
      def apply[A](step: PipelineStep[A]): Checked[A] = step match {
        case decide: PipelineStep.Decide =>
          // the one meaning of a step (exceptions included), suspended so a throwing strategy fails the IO
          EitherT(IO(PipelineStep.perform(decide, e, 0L, strategy).toEither))
        case other =>
          val now = if (PipelineStep.needsClock(other)) IO.monotonic.map(_.toNanos) else IO.pure(0L)
          EitherT(now.map(t => PipelineStep.perform(other, e, t, strategy).toEither))
      }
    }
    pipeline.foldMap(compile).value.map(Outcome.of)
  }
}
