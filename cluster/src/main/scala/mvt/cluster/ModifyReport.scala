package mvt.cluster

import mvt.crdt.ClientId

/**
 * What the exchange did with a trader node's modify of its order `orderId` to `qty` units at `priceRaw`: applied
 * (keeping or losing the order's place in the queue, `spec/order-types.md`), with `restingQty` resting after it
 * (0: it filled completely, and a closing [[OrderReport]] follows), or refused (the order as it was). Sent after
 * the reports of the fills the modify itself made. `seq` is the modify's own message sequence: a desk applies
 * one answer per modify it sent, and takes a resend as the duplicate it is. `ref` names this sending
 * ([[ExchangeReport]]). Crosses the network. Immutable.
 */
final case class ModifyReport(
    account: ClientId,
    strategy: StrategyId,
    orderId: Long,
    priceRaw: Long,
    qty: Long,
    outcome: ModifyReport.Outcome,
    restingQty: Long,
    seq: Long,
    ref: Long
) extends ExchangeReport

object ModifyReport {

  /** How a modify ended; its ordinal is its wire code. */
  enum Outcome {

    /** Applied: same price and no more quantity, so the order kept its place. */
    case KeptPriority

    /** Applied: a new price or more quantity, so the order went behind every order resting at its price. */
    case LostPriority

    /** Not applied: the order is unchanged (or already gone). */
    case Refused
  }
}
