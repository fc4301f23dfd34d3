package mvt.venue

import mvt.core.Symbol

/**
 * Why the venue would not take a command: nothing about it was journaled and no sequence number was spent. The
 * submitter may retry (a full queue) or must fix the command. Immutable.
 */
enum Refusal(val reason: String) {

  /** Back pressure: the inbound queue holds `capacity` commands the engine has not taken yet. */
  case QueueFull(capacity: Int)
      extends Refusal(s"the venue is busy: its inbound queue holds $capacity commands; retry later")

  /** An order for a symbol the venue does not trade. */
  case UnknownSymbol(symbol: Symbol)
      extends Refusal(s"symbol ${symbol.name} is not traded here (see --symbols)")

  /** The venue keeps the session clock itself; a submitter cannot set it. */
  case ClockCommand extends Refusal("the venue keeps the session clock; a time command cannot be submitted")

  /** The venue is stopping or stopped. */
  case Closed extends Refusal("the venue is closed")
}
