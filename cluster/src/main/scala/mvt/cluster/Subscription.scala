package mvt.cluster

import mvt.crdt.ClientId

/** One (account, strategy) pair that some trader node trades: the unit of work that moves with membership. */
final case class Subscription(account: ClientId, strategy: StrategyId) {
  def label: String = s"${account.value}/${strategy.value}"
}

object Subscription {

  /** `count` accounts (`acct-1` ...) each trading `strategy`: the cluster's default set of subscriptions. */
  def accounts(count: Int, strategy: StrategyId): Vector[Subscription] =
    Vector.tabulate(count)(i => Subscription(ClientId(s"acct-${i + 1}"), strategy))
}
