package mvt.trader

import mvt.trader.pipeline.*
import mvt.trader.strategy.*

import cats.data.{EitherT, State}
import cats.~>

/**
 * A pure interpreter on a simulated clock, for tests: the event is picked up at `arrivalNanos`, and each step
 * that runs advances the clock by `cost(stepName)` (skipped and expired steps cost nothing). It returns the
 * outcome and a trace of every step reached, so expiry at any step can be set up exactly. Pure and stateless:
 * safe from any thread if the strategy is.
 */
final class TestInterpreter(strategy: TradingStrategy, cost: String => Long) {
  import TestInterpreter.*

  private type Clocked[A] = State[Run, A]
  private type Sim[A] = EitherT[Clocked, Outcome, A]

  def run(pipeline: Pipeline[Option[Decision]], e: BboEvent, arrivalNanos: Long): Result = {
    val compile = new (PipelineStep ~> Sim) {
      def apply[A](step: PipelineStep[A]): Sim[A] = EitherT(State { (run: Run) =>
        val result = PipelineStep.perform(step, e, run.now, strategy)
        val status = result match {
          case StepResult.Ran(_) => Status.Ran
          case StepResult.Skipped(_) => Status.Skipped
          case StepResult.Dropped(_) => Status.Expired
          case StepResult.Refused(_) => Status.Refused
        }
        val spent = if (status == Status.Ran) cost(step.name) else 0L
        (Run(run.now + spent, run.trace :+ Trace(step.name, run.now, status)), result.toEither)
      })
    }
    val (end, result) = pipeline.foldMap(compile).value.run(Run(arrivalNanos, Vector.empty)).value
    Result(Outcome.of(result), end.trace, end.now)
  }
}

object TestInterpreter {

  /** What a reached step did; `Refused` is the step that ends an event a pre-trade check refused. */
  enum Status { case Ran, Skipped, Expired, Refused }

  /** A step reached at simulated time `at`. */
  final case class Trace(step: String, at: Long, status: Status)

  /** The outcome, the steps in the order they were reached, and the simulated time processing ended. */
  final case class Result(outcome: Outcome, trace: Vector[Trace], endNanos: Long)

  private final case class Run(now: Long, trace: Vector[Trace])
}
