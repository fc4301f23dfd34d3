package mvt.trader

/** What became of one event. */
enum Outcome {
  case DecisionSent(decision: Decision)

  /** The strategy was asked and decided nothing. */
  case NoDecision

  /** The pre-trade check named `check` (see [[PreTradeCheck.name]]) refused to trade: the strategy was not asked. */
  case Refused(check: String)

  case Dropped(reason: DropReason)

  /** What is counted of this outcome. */
  def kind: OutcomeKind = this match {
    case DecisionSent(_) => OutcomeKind.Sent
    case NoDecision => OutcomeKind.NoDecision
    case Refused(check) => OutcomeKind.Refused(check)
    case Dropped(r) => OutcomeKind.Dropped(r)
  }

  /** `sent`, `no-decision`, `refused:<check>` or the drop reason's label. */
  def label: String = kind.label

  /** The event went through the whole pipeline (to a decision, no decision or a pre-trade refusal). */
  def processed: Boolean = kind.processed
}

object Outcome {

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
