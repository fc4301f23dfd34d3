package mvt.trader
package pipeline

import mvt.trader.strategy.*

import cats.~>

/**
 * Runs a pipeline synchronously on the calling thread (the consumer thread), by folding it into `Either`: the
 * first expired step, or a refusal, ends the event. `clock` gives nanoseconds on the clock of the events' sent
 * times. Keeps no state of its own: it may be called from several threads if the strategy allows it.
 */
final class FoldInterpreter(strategy: TradingStrategy, clock: () => Long = () => System.nanoTime()) {
  private type Checked[A] = Either[Outcome, A]

  def run(pipeline: Pipeline[Option[Decision]], e: BboEvent): Outcome = {
    val compile = new (PipelineStep ~> Checked) {
      def apply[A](step: PipelineStep[A]): Checked[A] =
        PipelineStep.perform(step, e, PipelineStep.timeFor(step, clock), strategy).toEither
    }
    Outcome.of(pipeline.foldMap(compile))
  }
}
