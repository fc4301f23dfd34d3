package mvt.trader

import cats.data.EitherT
import cats.effect.IO
import cats.~>

import scala.concurrent.ExecutionContext

/**
 * Runs a pipeline as a cats-effect `IO`: every deadline is checked against `IO.monotonic` when its step is
 * reached, and the decision step runs on `decidePool`, so the decisions of events processed concurrently proceed
 * in parallel there. Safe to use from any fiber as far as the strategy is thread-safe.
 */
final class IoInterpreter(strategy: TradingStrategy, decidePool: ExecutionContext) {
  private type Checked[A] = EitherT[IO, DropReason, A]

  def run(pipeline: Pipeline[Option[Decision]], e: BboEvent): IO[Outcome] = {
    val compile = new (PipelineStep ~> Checked) {
      def apply[A](step: PipelineStep[A]): Checked[A] = step match {
        case PipelineStep.Decide(update) =>
          EitherT(IO(strategy.decide(update)).evalOn(decidePool).attempt.map {
            case Right(decision) => Right(decision)
            case Left(_) => Left(DropReason.Failed(PipelineStep.DecideName))
          })
        case other =>
          val now = if (PipelineStep.deadlineOf(other) == PipelineStep.NoDeadline) IO.pure(0L)
          else IO.monotonic.map(_.toNanos)
          EitherT(now.map(t => PipelineStep.perform(other, e, t, strategy).toEither))
      }
    }
    pipeline.foldMap(compile).value.map(Outcome.of)
  }
}
