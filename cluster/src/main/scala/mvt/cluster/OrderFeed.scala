package mvt.cluster

import mvt.crdt.ClientId

import scala.collection.mutable

/**
 * What the exchange received from the traders: every order message once, by (node, sequence number), with the
 * debits of the adds and of the buys' modifies per account and per sending node. Thread-safe (one lock: messages are recorded on the
 * engine's thread, reports read from elsewhere).
 */
final class OrderFeed {

  private val seen = mutable.HashSet.empty[(NodeId, Long)]
  private val costByAccount = mutable.HashMap.empty[ClientId, Long]
  private val costByNode = mutable.HashMap.empty[NodeId, Long]
  private val costByNodeAccount = mutable.HashMap.empty[(NodeId, ClientId), Long]
  private var ordersCount = 0L
  private var cancelsCount = 0L
  private var duplicatesCount = 0L

  /** Records `o` unless this (node, sequence number) was already received: true when it is new. */
  def record(o: OrderMessage): Boolean =
    if (o.isAdd) recordTaken(o.node, o.seq, o.account, o.costCents)
    else if (o.costCents > 0L) recordModify(o.node, o.seq, o.account, o.costCents)
    else recordOther(o.node, o.seq)

  /** Records an add by its identity, as a restarted exchange does for what its side file holds: true when new. */
  def recordTaken(node: NodeId, seq: Long, account: ClientId, costCents: Long): Boolean = synchronized {
    val fresh = firstTime(node, seq)
    if (fresh) { ordersCount += 1; debited(node, account, costCents) }
    fresh
  }

  /** Records a buy's modify and its debit by its identity: true when it is new. */
  def recordModify(node: NodeId, seq: Long, account: ClientId, costCents: Long): Boolean = synchronized {
    val fresh = recordOther(node, seq)
    if (fresh) debited(node, account, costCents)
    fresh
  }

  /** Records any other message (a cancel, a withdrawal, a refused add) by its identity: true when it is new. */
  def recordOther(node: NodeId, seq: Long): Boolean = synchronized {
    val fresh = firstTime(node, seq)
    if (fresh) cancelsCount += 1
    fresh
  }

  // whether this (node, sequence number) is new; a message seen before counts as a duplicate
  private def firstTime(node: NodeId, seq: Long): Boolean = {
    val fresh = seen.add((node, seq))
    if (!fresh) duplicatesCount += 1
    fresh
  }

  private def debited(node: NodeId, account: ClientId, costCents: Long): Unit = {
    costByAccount.update(account, costByAccount.getOrElse(account, 0L) + costCents)
    costByNode.update(node, costByNode.getOrElse(node, 0L) + costCents)
    costByNodeAccount.update((node, account), costByNodeAccount.getOrElse((node, account), 0L) + costCents)
  }

  /** Adds received. */
  def orders: Long = synchronized(ordersCount)

  /** Cancels, modifies and withdrawals received. */
  def cancels: Long = synchronized(cancelsCount)
  def duplicates: Long = synchronized(duplicatesCount)

  /** What the adds and modifies received for `account` were debited. */
  def debitedFor(account: ClientId): Long = synchronized(costByAccount.getOrElse(account, 0L))
  def byNode: Map[NodeId, Long] = synchronized(costByNode.toMap)

  /** What the adds and modifies `node` sent for `account` were debited. */
  def debitedBy(node: NodeId, account: ClientId): Long =
    synchronized(costByNodeAccount.getOrElse((node, account), 0L))
}
