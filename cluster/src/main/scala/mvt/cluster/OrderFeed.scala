package mvt.cluster

import scala.collection.mutable

/**
 * What the exchange received from the traders: every order message once, by (node, sequence number), with the
 * debits of the adds per account and per sending node. Thread-safe (one lock: messages are recorded on the
 * engine's thread, reports read from elsewhere).
 */
final class OrderFeed {

  private val seen = mutable.HashSet.empty[(String, Long)]
  private val costByAccount = mutable.HashMap.empty[String, Long]
  private val costByNode = mutable.HashMap.empty[String, Long]
  private val costByNodeAccount = mutable.HashMap.empty[(String, String), Long]
  private var ordersCount = 0L
  private var cancelsCount = 0L
  private var duplicatesCount = 0L

  /** Records `o` unless this (node, sequence number) was already received: true when it is new. */
  def record(o: OrderMessage): Boolean =
    if (o.isAdd) recordTaken(o.node, o.seq, o.account, o.costCents)
    else
      synchronized {
        val fresh = seen.add((o.node, o.seq))
        if (fresh) cancelsCount += 1 else duplicatesCount += 1
        fresh
      }

  /**
   * Records an add (or, with an empty `account`, any other message) by its identity, as a restarted exchange does
   * for what its side file holds: true when it is new.
   */
  def recordTaken(node: String, seq: Long, account: String, costCents: Long): Boolean = synchronized {
    val fresh = seen.add((node, seq))
    if (fresh && account.isEmpty) cancelsCount += 1
    else if (fresh) {
      ordersCount += 1
      costByAccount.update(account, costByAccount.getOrElse(account, 0L) + costCents)
      costByNode.update(node, costByNode.getOrElse(node, 0L) + costCents)
      costByNodeAccount.update((node, account), costByNodeAccount.getOrElse((node, account), 0L) + costCents)
    } else duplicatesCount += 1
    fresh
  }

  /** Adds received. */
  def orders: Long = synchronized(ordersCount)

  /** Cancels and withdrawals received. */
  def cancels: Long = synchronized(cancelsCount)
  def duplicates: Long = synchronized(duplicatesCount)

  /** What the adds received for `account` were debited. */
  def debitedFor(account: String): Long = synchronized(costByAccount.getOrElse(account, 0L))
  def byNode: Map[String, Long] = synchronized(costByNode.toMap)

  /** What the adds `node` sent for `account` were debited. */
  def debitedBy(node: String, account: String): Long =
    synchronized(costByNodeAccount.getOrElse((node, account), 0L))
}
