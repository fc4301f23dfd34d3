package mvt.cluster

import scala.collection.mutable

/**
 * What the exchange received from the traders: every order once, by (node, sequence number), and its cost per
 * account and per sending node. The reference the balances reconcile against. Thread-safe (one lock; orders
 * arrive on the exchange actor, reports read from elsewhere).
 */
final class OrderFeed {

  private val seen = mutable.HashSet.empty[(String, Long)]
  private val costByAccount = mutable.HashMap.empty[String, Long]
  private val costByNode = mutable.HashMap.empty[String, Long]
  private var ordersCount = 0L
  private var duplicatesCount = 0L

  /** Records `o` unless this (node, sequence number) was already received. */
  def record(o: OrderMessage): Unit = synchronized {
    if (seen.add((o.node, o.seq))) {
      ordersCount += 1
      costByAccount.update(o.account, costByAccount.getOrElse(o.account, 0L) + o.costCents)
      costByNode.update(o.node, costByNode.getOrElse(o.node, 0L) + o.costCents)
    } else duplicatesCount += 1
  }

  def orders: Long = synchronized(ordersCount)
  def duplicates: Long = synchronized(duplicatesCount)
  def spentBy(account: String): Long = synchronized(costByAccount.getOrElse(account, 0L))
  def byNode: Map[String, Long] = synchronized(costByNode.toMap)
}
