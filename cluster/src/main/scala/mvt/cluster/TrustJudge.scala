package mvt.cluster

import mvt.crdt.ClientId

import scala.collection.mutable

/**
 * A trader node's judge of its clients: counts each account's balance refusals and, with the realized loss of its
 * fills (`lossOf`), asks the [[TrustScore]] whether to bar it; a bar happens once per account and day (`bar` is
 * told the reason). A client is judged on what it did: a refusal the cluster caused ([[Refusal.Unavailable]]: rights
 * not yet on this replica, no majority in time) is counted apart and never judged. Not thread-safe: the trader's
 * actor owns it.
 */
final class TrustJudge(
    trust: TrustScore,
    provisionedCents: Long,
    lossOf: ClientId => Long,
    isBarred: ClientId => Boolean,
    bar: (ClientId, String) => Unit
) {

  private val rejects = mutable.HashMap.empty[ClientId, Long]
  private val unavailable = mutable.HashMap.empty[ClientId, Long]

  /** Refusals of `account` for its own balance so far: the ones the trust score counts. */
  def refusals(account: ClientId): Long = rejects.getOrElse(account, 0L)

  /** Refusals of `account` the cluster caused so far; they weigh nothing. */
  def unavailableRefusals(account: ClientId): Long = unavailable.getOrElse(account, 0L)

  /** One more refusal of `account` for `cause`; a refusal for its own balance is then judged. */
  def refused(account: ClientId, cause: Refusal): Unit = cause match {
    case Refusal.Insufficient =>
      rejects.update(account, refusals(account) + 1L)
      judge(account)
    case _: Refusal.Unavailable =>
      unavailable.update(account, unavailableRefusals(account) + 1L)
  }

  /** Bars `account` if its refusals or its realized loss are past the trust score, and it is not barred already. */
  def judge(account: ClientId): Unit = {
    val n = refusals(account)
    val loss = lossOf(account)
    if (trust.bars(n, loss, provisionedCents) && !isBarred(account))
      bar(account, s"$n balance refusals, realized loss $loss cents")
  }
}
