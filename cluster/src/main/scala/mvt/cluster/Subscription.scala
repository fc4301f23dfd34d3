package mvt.cluster

/** One (account, strategy) pair that some trader node trades: the unit of work that moves with membership. */
final case class Subscription(account: String, strategy: String) {
  def label: String = s"$account/$strategy"
}

object Subscription {

  /** `count` accounts (`acct-1` ...) each trading `strategy`: the cluster's default set of subscriptions. */
  def accounts(count: Int, strategy: String): Vector[Subscription] =
    Vector.tabulate(count)(i => Subscription(s"acct-${i + 1}", strategy))
}
