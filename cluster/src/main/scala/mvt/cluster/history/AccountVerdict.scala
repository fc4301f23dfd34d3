package mvt.cluster.history

import mvt.crdt.ClientId

/**
 * What the checker found for one account. `lostCents` is money reserved for orders and never accounted for by
 * their fills and refunds (negative: given back twice); `lostOrders` names those orders. `appliedTwice` names
 * orders the venue applied more than once, `debitedTwice` orders reserved more than once. `maxOverspendCents`
 * is the most that money committed (reserved and not given back) ever exceeded money provided (provisions and
 * credits), over the history in time order; 0 when it never did. `balanceMismatches` lists each observed final
 * balance that differs from provided minus filled cost. Immutable.
 */
final case class AccountVerdict(
    account: ClientId,
    provisionedCents: Long,
    filledCents: Long,
    creditedCents: Long,
    lostCents: Long,
    lostOrders: Vector[String],
    appliedTwice: Vector[String],
    debitedTwice: Vector[String],
    maxOverspendCents: Long,
    balanceMismatches: Vector[String]
) {

  /** Final balance the history implies: provisions and credits less the cost of what filled. */
  def expectedBalanceCents: Long = provisionedCents + creditedCents - filledCents

  /** Nothing lost, nothing applied or reserved twice, and every observed balance as implied. */
  def conserved: Boolean =
    lostCents == 0 && lostOrders.isEmpty && appliedTwice.isEmpty && debitedTwice.isEmpty && balanceMismatches.isEmpty
}
