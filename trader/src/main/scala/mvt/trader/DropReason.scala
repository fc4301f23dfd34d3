package mvt.trader

/** Why an event was not processed to a decision. */
enum DropReason {

  /** A bounded queue was full when the event arrived (`drop-newest`, or `conflate` with no free symbol slot). */
  case QueueFull

  /** `conflate` replaced the pending update of the same symbol with a newer one. */
  case Superseded

  /** A pipeline step found the event past that step's deadline, counted from its sent time. */
  case Expired(step: String)

  /** A pipeline step (or the strategy deciding) threw; the event is dropped and the consumer carries on. */
  case Failed(step: String)

  /** Stable text for reports and JSON keys: `queue-full`, `superseded`, `expired:<step>`, `failed:<step>`. */
  def label: String = this match {
    case QueueFull => "queue-full"
    case Superseded => "superseded"
    case Expired(step) => s"expired:$step"
    case Failed(step) => s"failed:$step"
  }
}
