package mvt.trader

/**
 * What is counted of an outcome: the outcome without its decision, so counts are kept by value (a drop by its
 * reason, a refusal by its check). Labels are rendered only where counts are printed.
 */
enum OutcomeKind {
  case Sent

  case NoDecision

  case Refused(check: String)

  case Dropped(reason: DropReason)

  /** `sent`, `no-decision`, `refused:<check>` or the drop reason's label. */
  def label: String = this match {
    case Sent => "sent"
    case NoDecision => "no-decision"
    case Refused(check) => s"refused:$check"
    case Dropped(r) => r.label
  }

  /**
   * The event went through the whole pipeline: a refusal is the check's answer, reached in time, so it counts
   * (as it did when it was reported as `no-decision`).
   */
  def processed: Boolean = this match {
    case Dropped(_) => false
    case _ => true
  }
}
