package mvt.cluster

import scala.util.hashing.MurmurHash3

/**
 * Which trader node owns each subscription, by rendezvous hashing (highest random weight): every node that sees
 * the same set of trader nodes picks the same owner for every subscription, without talking to anyone. When a
 * node leaves, only its own subscriptions move, each to the node that ranked second for it; when one joins, it
 * takes only the subscriptions it now ranks first for. Pure and thread-safe.
 */
object Shares {

  /** The owner of `sub` among `nodes` (node names, in any order); `None` when there are no nodes. */
  def owner(sub: Subscription, nodes: Iterable[String]): Option[String] =
    if (nodes.isEmpty) None
    else Some(nodes.maxBy(n => (weight(sub, n), n)))

  /** The subscriptions of `subs` that `node` owns when the trader nodes are `nodes`. */
  def ownedBy(node: String, subs: Seq[Subscription], nodes: Iterable[String]): Vector[Subscription] =
    subs.iterator.filter(s => owner(s, nodes).contains(node)).toVector

  // A 64-bit weight from two independent 32-bit hashes, so ties are practically impossible; the name breaks any.
  private def weight(sub: Subscription, node: String): Long = {
    val key = s"${sub.account}\u0000${sub.strategy}\u0000$node"
    (MurmurHash3.stringHash(key, 0x6d767431).toLong << 32) | (MurmurHash3.stringHash(
      key,
      0x2f3a1b7d
    ) & 0xffffffffL)
  }
}
