package mvt.trader

/** What became of one event. */
enum Outcome {
  case DecisionSent(decision: Decision)
  case NoDecision
  case Dropped(reason: DropReason)

  /** `sent`, `no-decision` or the drop reason's label. */
  def label: String = this match {
    case DecisionSent(_) => Outcome.SentLabel
    case NoDecision => Outcome.NoDecisionLabel
    case Dropped(r) => r.label
  }

  /** The event went through the whole pipeline (with or without a decision). */
  def processed: Boolean = Outcome.isProcessedLabel(label)
}

object Outcome {
  val SentLabel = "sent"
  val NoDecisionLabel = "no-decision"

  /** Whether an outcome label is one of an event that went through the whole pipeline. */
  def isProcessedLabel(label: String): Boolean = label == SentLabel || label == NoDecisionLabel

  /** The outcome of a pipeline run that either dropped the event or finished with the strategy's answer. */
  def of(result: Either[DropReason, Option[Decision]]): Outcome = result match {
    case Left(reason) => Dropped(reason)
    case Right(Some(d)) => DecisionSent(d)
    case Right(None) => NoDecision
  }
}
