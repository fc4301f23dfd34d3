package mvt.trader
package pipeline

import cats.free.Free

import scala.concurrent.duration.FiniteDuration

/** A description of what to do with one BBO event: a Free program over [[PipelineStep]], run by an interpreter. */
type Pipeline[A] = Free[PipelineStep, A]

/**
 * The pipeline DSL, so a pipeline reads as a for-comprehension:
 * {{{
 * for {
 *   ev <- start within 7.millis
 *   q  <- step("enrich")(Quote.of(ev.update)) within 8.millis orElse drop
 *   _  <- step("journal")(journal.append(ev)) within 9.millis orElse skip(())
 *   d  <- decide(ev.update)
 * } yield d
 * }}}
 */
object Pipeline {

  /** Begins processing the current event; see [[StartBuilder]]. */
  val start: StartBuilder = new StartBuilder

  /** A step named `name` that runs `work` when it is reached in time; give it a deadline with `within`. */
  def step[A](name: String)(work: => A): StepBuilder[A] = new StepBuilder(name, () => work)

  /** Asks the strategy for a decision on `update`; no deadline of its own. */
  def decide(update: BboUpdated): Pipeline[Option[Decision]] = Free.liftF(PipelineStep.Decide(update))

  def pure[A](a: A): Pipeline[A] = Free.pure(a)

  /** Ends the event as refused by the pre-trade check named `check`: its outcome is `refused:<check>`. */
  def refuse[A](check: String): Pipeline[A] = Free.liftF(PipelineStep.Refuse[A](check))

  /** On expiry, drop the event. */
  def drop[A]: OnExpiry[A] = OnExpiry.Drop()

  /** On expiry, skip the step and carry on with `value`. */
  def skip[A](value: A): OnExpiry[A] = OnExpiry.Skip(value)

  /** `start within d`: an event older than `d` when processing begins is dropped (nothing else makes sense). */
  final class StartBuilder {
    infix def within(d: FiniteDuration): Pipeline[BboEvent] = withinNanos(d.toNanos)
    def withinNanos(nanos: Long): Pipeline[BboEvent] = Free.liftF(PipelineStep.Start(nanos))

    /** No deadline for starting. */
    def anyTime: Pipeline[BboEvent] = withinNanos(PipelineStep.NoDeadline)
  }

  /** A named step waiting for its deadline. */
  final class StepBuilder[A](name: String, work: () => A) {
    infix def within(d: FiniteDuration): Deadlined[A] = new Deadlined(name, d.toNanos, work)
    def withinNanos(nanos: Long): Deadlined[A] = new Deadlined(name, nanos, work)

    /** The step with no deadline. */
    def anyTime: Pipeline[A] =
      Free.liftF(PipelineStep.Timed(name, PipelineStep.NoDeadline, work, OnExpiry.Drop()))
  }

  /** A named step with a deadline, waiting for what to do on expiry. */
  final class Deadlined[A](name: String, withinNanos: Long, work: () => A) {
    infix def orElse(onExpiry: OnExpiry[A]): Pipeline[A] =
      Free.liftF(PipelineStep.Timed(name, withinNanos, work, onExpiry))
  }
}
