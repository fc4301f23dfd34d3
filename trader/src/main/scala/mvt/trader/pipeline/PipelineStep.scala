package mvt.trader
package pipeline

import mvt.trader.strategy.*

/**
 * One instruction of the per-event pipeline (the functor of the [[Pipeline]] Free monad). The steps say what to
 * do; interpreters say how, where and by which clock. Deadlines count from the event's sent time.
 */
enum PipelineStep[A] {

  /** Begin processing the interpreter's current event, unless it is already older than `withinNanos`. */
  case Start(withinNanos: Long) extends PipelineStep[BboEvent]

  /** Run `work` (step `label`), unless the event is older than `withinNanos` by then: `onExpiry` decides what happens instead. */
  case Timed[X](label: String, withinNanos: Long, work: () => X, onExpiry: OnExpiry[X])
      extends PipelineStep[X]

  /** Ask the interpreter's strategy for a decision on `update`. */
  case Decide(update: BboUpdated) extends PipelineStep[Option[Decision]]

  /** End the event as refused by the pre-trade check named `check` (`refused:<check>`): nothing is decided. */
  case Refuse[X](check: String) extends PipelineStep[X]

  /** The step's name in traces and in `expired:<name>` drop reasons. */
  def name: String = this match {
    case Start(_) => PipelineStep.StartName
    case Timed(n, _, _, _) => n
    case Decide(_) => PipelineStep.DecideName
    case Refuse(_) => PipelineStep.RefuseName
  }
}

object PipelineStep {
  val StartName = "start"
  val DecideName = "decide"
  val RefuseName = "refuse"

  /** No deadline: a step with it never expires. */
  val NoDeadline: Long = Long.MaxValue

  /** The step's deadline from the event's sent time; `NoDeadline` for `Decide` and `Refuse`. */
  def deadlineOf(step: PipelineStep[?]): Long = step match {
    case Start(within) => within
    case Timed(_, within, _, _) => within
    case Decide(_) => NoDeadline
    case Refuse(_) => NoDeadline
  }

  /**
   * Whether `perform` needs the time for this step: a step without a deadline cannot expire, whatever the time,
   * so interpreters pass 0 and skip the clock (tens of nanoseconds a read on a virtual machine).
   */
  def needsClock(step: PipelineStep[?]): Boolean = deadlineOf(step) != NoDeadline

  /** The time to `perform` a step at: `clock()` when it needs one, else 0. */
  inline def timeFor(step: PipelineStep[?], clock: () => Long): Long = if (needsClock(step)) clock() else 0L

  /** Whether an event sent at `sentNanos` is past a deadline of `withinNanos` at `now` (same clock). */
  inline def expired(sentNanos: Long, withinNanos: Long, now: Long): Boolean = now - sentNanos > withinNanos

  /**
   * The meaning of a step, shared by every interpreter: carried out for event `e` at time `now` with `strategy`.
   * Runs the step's work (or the decision) on the calling thread; work that throws drops the event as
   * `failed:<step>`, so one bad event never stops a consumer.
   */
  def perform[A](step: PipelineStep[A], e: BboEvent, now: Long, strategy: TradingStrategy): StepResult[A] =
    try unguarded(step, e, now, strategy)
    catch { case scala.util.control.NonFatal(_) => StepResult.Dropped(DropReason.Failed(step.name)) }

  private def unguarded[A](
      step: PipelineStep[A],
      e: BboEvent,
      now: Long,
      strategy: TradingStrategy
  ): StepResult[A] =
    step match {
      case Start(within) =>
        if (expired(e.sentNanos, within, now)) StepResult.Dropped(DropReason.Expired(StartName))
        else StepResult.Ran(e)
      case Timed(name, within, work, onExpiry) =>
        if (!expired(e.sentNanos, within, now)) StepResult.Ran(work())
        else
          onExpiry match {
            case OnExpiry.Drop() => StepResult.Dropped(DropReason.Expired(name))
            case OnExpiry.Skip(value) => StepResult.Skipped(value)
          }
      case Decide(update) => StepResult.Ran(strategy.decide(update))
      case Refuse(check) => StepResult.Refused(check)
    }
}

/** What a step does when its event is past the step's deadline. */
enum OnExpiry[A] {

  /** Stop processing the event: it is dropped as `expired:<step>`. */
  case Drop()

  /** Do not run the step; carry on with `value` in place of its result. */
  case Skip(value: A)
}

/**
 * What one step did: ran, was skipped for `value` because its deadline had passed, dropped the event, or ended it
 * as refused by a pre-trade check.
 */
enum StepResult[+A] {
  case Ran(value: A)
  case Skipped(value: A)
  case Dropped(reason: DropReason)
  case Refused(check: String)

  /** The value to carry on with, or the outcome that ends the event here (a drop or a refusal). */
  def toEither: Either[Outcome, A] = this match {
    case Ran(v) => Right(v)
    case Skipped(v) => Right(v)
    case Dropped(r) => Left(Outcome.Dropped(r))
    case Refused(check) => Left(Outcome.Refused(check))
  }
}
