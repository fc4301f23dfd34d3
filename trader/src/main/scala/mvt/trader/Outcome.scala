package mvt.trader

/** What became of one event. */
enum Outcome {
  case DecisionSent(decision: Decision)
  case NoDecision
  case Dropped(reason: DropReason)

  /** `sent`, `no-decision` or the drop reason's label. */
  def label: String = this match {
    case DecisionSent(_) => "sent"
    case NoDecision => "no-decision"
    case Dropped(r) => r.label
  }
}
