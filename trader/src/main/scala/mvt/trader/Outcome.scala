package mvt.trader

/** What became of one event. */
enum Outcome {
  case DecisionSent(decision: Decision)

  /** The strategy was asked and decided nothing. */
  case NoDecision

  /** The pre-trade check named `check` (see [[PreTradeCheck.name]]) refused to trade: the strategy was not asked. */
  case Refused(check: String)

  case Dropped(reason: DropReason)

  /** `sent`, `no-decision`, `refused:<check>` or the drop reason's label. */
  def label: String = this match {
    case DecisionSent(_) => Outcome.SentLabel
    case NoDecision => Outcome.NoDecisionLabel
    case Refused(check) => Outcome.RefusedPrefix + check
    case Dropped(r) => r.label
  }

  /** The event went through the whole pipeline (to a decision, no decision or a pre-trade refusal). */
  def processed: Boolean = Outcome.isProcessedLabel(label)
}

object Outcome {
  val SentLabel = "sent"
  val NoDecisionLabel = "no-decision"
  val RefusedPrefix = "refused:"

  /**
   * Whether an outcome label is one of an event that went through the whole pipeline: a refusal is the check's
   * answer, reached in time, so it counts (as it did when it was reported as `no-decision`).
   */
  def isProcessedLabel(label: String): Boolean =
    label == SentLabel || label == NoDecisionLabel || label.startsWith(RefusedPrefix)

  /**
   * The outcome of a pipeline run: either it ended early (a drop or a refusal, `Left`) or it finished with the
   * strategy's answer.
   */
  def of(result: Either[Outcome, Option[Decision]]): Outcome = result match {
    case Left(early) => early
    case Right(Some(d)) => DecisionSent(d)
    case Right(None) => NoDecision
  }
}
