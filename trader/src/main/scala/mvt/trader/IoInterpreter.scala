package mvt.trader

import cats.data.EitherT
import cats.effect.IO
import cats.~>

import scala.concurrent.ExecutionContext

/**
 * Runs a pipeline as a cats-effect `IO`: every deadline is checked against `IO.monotonic` when its step is
 * reached, and the decision step runs on `decidePool`. Runs of several events may proceed at once (the `io`
 * consumer starts a fiber per event), so the strategy must be thread-safe.
 */
final class IoInterpreter(strategy: TradingStrategy, decidePool: ExecutionContext) {
  private type Checked[A] = EitherT[IO, Outcome, A]

  def run(pipeline: Pipeline[Option[Decision]], e: BboEvent): IO[Outcome] = {
    val compile = new (PipelineStep ~> Checked) {
      def apply[A](step: PipelineStep[A]): Checked[A] = step match {
        case decide: PipelineStep.Decide =>
          // the one meaning of a step (exceptions included), evaluated on the decision pool
          EitherT(IO(PipelineStep.perform(decide, e, 0L, strategy).toEither).evalOn(decidePool))
        case other =>
          val now = if (PipelineStep.needsClock(other)) IO.monotonic.map(_.toNanos) else IO.pure(0L)
          EitherT(now.map(t => PipelineStep.perform(other, e, t, strategy).toEither))
      }
    }
    pipeline.foldMap(compile).value.map(Outcome.of)
  }
}
