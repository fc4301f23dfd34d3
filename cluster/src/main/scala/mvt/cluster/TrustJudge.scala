package mvt.cluster

import mvt.crdt.ClientId

import scala.collection.mutable

/**
 * A trader node's judge of its clients: counts each account's balance refusals and, with the realized loss of its
 * fills (`lossOf`), asks the [[TrustScore]] whether to bar it; a bar happens once per account and day (`bar` is
 * told the reason). Not thread-safe: the trader's actor owns it.
 */
final class TrustJudge(
    trust: TrustScore,
    provisionedCents: Long,
    lossOf: ClientId => Long,
    isBarred: ClientId => Boolean,
    bar: (ClientId, String) => Unit
) {

  private val rejects = mutable.HashMap.empty[ClientId, Long]

  /** Balance refusals of `account` so far. */
  def refusals(account: ClientId): Long = rejects.getOrElse(account, 0L)

  /** One more balance refusal of `account`, then the judgement. */
  def refused(account: ClientId): Unit = {
    rejects.update(account, refusals(account) + 1L)
    judge(account)
  }

  /** Bars `account` if its refusals or its realized loss are past the trust score, and it is not barred already. */
  def judge(account: ClientId): Unit = {
    val n = refusals(account)
    val loss = lossOf(account)
    if (trust.bars(n, loss, provisionedCents) && !isBarred(account))
      bar(account, s"$n balance refusals, realized loss $loss cents")
  }
}
