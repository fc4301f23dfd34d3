package mvt.fix

import mvt.venue.{Outcome, Refusal}

/** What reaches the gateway thread: a client's application message, a submitted command's fate, or a stop. */
private[fix] enum Inbound {
  case FromClient(compId: String, message: quickfix.Message)
  case Done(work: Work, outcome: Outcome)
  case Refused(work: Work, refusal: Refusal)

  /** A resting FIX order filled by an order from outside the gateway, as the durable trade feed shows it. */
  case MakerFill(id: Long, price: mvt.core.Price, qty: Long, execId: String)

  /** A command whose side-file record could not be written: never submitted, refused to its client. */
  case Unrecorded(work: Work)

  /**
   * Once after the acceptor started: report what a crash kept from clients (see `OrderDesk.restate`); `reported`
   * is, per CompID, what its stored reports last said of each order, read before the acceptor opened the stores.
   */
  case Restate(reported: Map[String, Map[Long, Restatement.Reported]])

  /** The gateway is closing: refuse new orders, cancels and replaces; say when every submitted one is answered. */
  case Close
  case Stop
}

/** A command the gateway submitted to the venue, with what it needs to report its outcome. */
private[fix] enum Work {
  case Add(order: FixOrder)
  case Cancel(order: FixOrder, clOrdId: String)

  /** A replace sent as a modify; `replace` is what the order becomes if the venue takes it. */
  case Replace(order: FixOrder, replace: OrderLog.Replace)
}
