package mvt.cluster

import mvt.crdt.{BoundedCounter, PNCounter, ReplicaId, Updated}

import scala.collection.mutable

/** What a balance lattice lets one replica do: read, check, spend and credit. Instances are stateless. */
trait Spending[S] {

  /** The balance this state shows. */
  def value(s: S): Long

  /** Everything credited to the account by every replica (0: no credit of it has reached this state). Allocation-free. */
  def provided(s: S): Long

  /**
   * Adds to `into`, per replica, the sum of its own grow-only entries in this state (what it credited, spent and gave
   * away), which only grow: two replicas hold the same writes of a replica when these sums agree. Off the hot path.
   */
  def written(s: S, into: mutable.Map[ReplicaId, Long]): Unit

  /** Whether `self` may spend `amount` on this state alone. Allocation-free. */
  def canSpend(s: S, self: ReplicaId, amount: Long): Boolean

  /** Spends `amount` as `self`; callers check [[canSpend]] on the same state first. */
  def spend(s: S, self: ReplicaId, amount: Long): Updated[S]

  /** Credits `amount` as `self`. */
  def credit(s: S, self: ReplicaId, amount: Long): Updated[S]

  /** Everything `self` has credited in this state (its own grow-only entry). Allocation-free. */
  def creditedBy(s: S, self: ReplicaId): Long

  /** How much of `self`'s rights it gives a peer that asks for `asked`; 0 where rights do not exist. */
  def donation(s: S, self: ReplicaId, asked: Long): Long

  /** Gives `amount` of `self`'s rights to `to`; only called with a positive [[donation]]. */
  def transfer(s: S, self: ReplicaId, to: ReplicaId, amount: Long): Updated[S]

  /**
   * Takes over the entries of `dead`, a replica that left the cluster for good: its spends are raised to
   * `spentAtLeast` (what the exchange's order feed shows it debited, which its last deltas may not have carried),
   * and its remaining rights go to `self`. The new state and the delta to ship, or `None` when there is nothing to
   * adopt (a lattice without rights).
   */
  def adopt(s: S, self: ReplicaId, dead: ReplicaId, spentAtLeast: Long): Option[(S, S)]
}

object Spending {

  /** The firm's check: the whole balance as this replica knows it, which a concurrent spend elsewhere may share. */
  val pnCounter: Spending[PNCounter] = new Spending[PNCounter] {
    def value(s: PNCounter): Long = s.value
    def provided(s: PNCounter): Long = s.increments.value
    def written(s: PNCounter, into: mutable.Map[ReplicaId, Long]): Unit = {
      s.increments.counts.foreach((r, n) => into.update(r, into.getOrElse(r, 0L) + n))
      s.decrements.counts.foreach((r, n) => into.update(r, into.getOrElse(r, 0L) + n))
    }
    def canSpend(s: PNCounter, self: ReplicaId, amount: Long): Boolean = amount > 0L && amount <= s.value
    def spend(s: PNCounter, self: ReplicaId, amount: Long): Updated[PNCounter] = s.decrement(self, amount)
    def credit(s: PNCounter, self: ReplicaId, amount: Long): Updated[PNCounter] = s.increment(self, amount)
    def creditedBy(s: PNCounter, self: ReplicaId): Long = s.increments.countOf(self)
    def donation(s: PNCounter, self: ReplicaId, asked: Long): Long = 0L
    def adopt(s: PNCounter, self: ReplicaId, dead: ReplicaId, spentAtLeast: Long)
        : Option[(PNCounter, PNCounter)] =
      None
    def transfer(s: PNCounter, self: ReplicaId, to: ReplicaId, amount: Long): Updated[PNCounter] =
      throw new UnsupportedOperationException("a PN counter has no rights to transfer")
  }

  /** The escrow check: only the rights this replica holds, which nobody else can spend. */
  val boundedCounter: Spending[BoundedCounter] = new Spending[BoundedCounter] {
    def value(s: BoundedCounter): Long = s.value
    def provided(s: BoundedCounter): Long = s.increments.value
    def written(s: BoundedCounter, into: mutable.Map[ReplicaId, Long]): Unit = {
      s.increments.counts.foreach((r, n) => into.update(r, into.getOrElse(r, 0L) + n))
      s.decrements.counts.foreach((r, n) => into.update(r, into.getOrElse(r, 0L) + n))
      s.transfers.foreach((e, n) => into.update(e.from, into.getOrElse(e.from, 0L) + n))
    }
    def canSpend(s: BoundedCounter, self: ReplicaId, amount: Long): Boolean = s.canSpend(self, amount)
    def spend(s: BoundedCounter, self: ReplicaId, amount: Long): Updated[BoundedCounter] =
      s.decrement(self, amount)
    def credit(s: BoundedCounter, self: ReplicaId, amount: Long): Updated[BoundedCounter] =
      s.increment(self, amount)
    def creditedBy(s: BoundedCounter, self: ReplicaId): Long = s.increments.countOf(self)
    // Half of what it holds, rounded up, at most what was asked: the giver keeps enough to go on trading.
    def donation(s: BoundedCounter, self: ReplicaId, asked: Long): Long =
      math.min(asked, (s.rightsOf(self) + 1L) / 2L)
    def transfer(s: BoundedCounter, self: ReplicaId, to: ReplicaId, amount: Long): Updated[BoundedCounter] =
      s.transfer(self, to, amount)
    // Writing as another replica is safe only because that replica is gone: Pekko never lets a downed incarnation
    // back, and its id carries its incarnation, so nobody else writes its entries.
    def adopt(
        s: BoundedCounter,
        self: ReplicaId,
        dead: ReplicaId,
        spentAtLeast: Long
    ): Option[(BoundedCounter, BoundedCounter)] = {
      val missing = math.min(math.max(0L, spentAtLeast - s.decrements.countOf(dead)), s.rightsOf(dead))
      val spent = if (missing > 0L) Some(s.decrement(dead, missing)) else None
      val s1 = spent.fold(s)(_.state)
      val left = s1.rightsOf(dead)
      val moved = if (left > 0L && dead != self) Some(s1.transfer(dead, self, left)) else None
      val s2 = moved.fold(s1)(_.state)
      val delta =
        (spent.map(_.delta.state) ++ moved.map(_.delta.state)).foldLeft(BoundedCounter.empty)(_.merge(_))
      if (spent.isEmpty && moved.isEmpty) None else Some((s2, delta))
    }
  }
}
