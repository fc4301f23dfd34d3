package mvt.cluster

import mvt.crdt.ClientId

/** One (account, strategy) pair that some trader node trades: the unit of work that moves with membership. */
final case class Subscription(account: ClientId, strategy: StrategyId) {
  def label: String = s"${account.value}/${strategy.value}"
}

object Subscription {

  /** The most subscriptions one account may have (`--strategies`). */
  val MaxPerAccount = 64

  /**
   * `count` accounts (`acct-1` ...) each trading `strategy` once, the cluster's default set of subscriptions; with
   * `perAccount` K above 1, each account trades K of them (`STRATEGY-1` ... `STRATEGY-K`), which [[Shares]] spreads
   * over the trader nodes, so several nodes spend one account's balance.
   */
  def accounts(count: Int, strategy: StrategyId, perAccount: Int = 1): Vector[Subscription] =
    Vector.tabulate(count, perAccount) { (i, k) =>
      val s = if (perAccount == 1) strategy else StrategyId(s"${strategy.value}-${k + 1}")
      Subscription(ClientId(s"acct-${i + 1}"), s)
    }.flatten
}
