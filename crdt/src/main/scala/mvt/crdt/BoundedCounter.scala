package mvt.crdt

import cats.kernel.{BoundedSemilattice, Eq}

/**
 * A bounded counter (escrow counter), after Balegas et al., *Putting consistency back into eventual
 * consistency* (EuroSys 2015): a counter whose value never goes below zero although every replica
 * decrements it without asking anyone.
 *
 * The value is split into spending rights, one share per replica. A replica creates rights by
 * incrementing (a credit), gives some of its own rights to a peer by a transfer, and spends only
 * rights it holds. Every entry of the state only grows, each written by one replica:
 *  - `increments(r)`: rights `r` created;
 *  - `decrements(r)`: rights `r` spent;
 *  - `transfers(from -> to)`: rights `from` has given to `to` in total.
 * `merge` takes the entry-wise maximum of the three, so it is a join like a G-Counter's. A replica's
 * rights are what it created and received minus what it gave and spent. Since only `r` lowers its own
 * rights (by spending or giving) and it checks them first against a view that holds all its own
 * writes, a replica's rights never go negative in any merge, and so the value, the sum of every
 * replica's rights, never does either.
 *
 * This class is immutable. Reading the value or a replica's rights is a field or map read and does not
 * allocate; updates and merges allocate new maps.
 */
final case class BoundedCounter private (
    increments: GCounter,
    decrements: GCounter,
    transfers: Map[BoundedCounter.Edge, Long]
)(known: Map[ReplicaId, Long]) {

  // Every replica's rights as this state knows them, summed once per state so a check is a map read; a spend passes
  // them on with one entry changed (`known`, null when they must be summed), since a spend is the hot path's update.
  private val rights: Map[ReplicaId, Long] =
    if (known ne null) known else BoundedCounter.rightsOf(increments, decrements, transfers)

  /**
   * Rights created minus rights spent: what the whole cluster may still spend once it has merged.
   * Equals the sum of every replica's [[rightsOf]]. Allocation-free.
   */
  def value: Long = increments.value - decrements.value

  /** The rights `replica` holds in this state: what it may spend or give away now. Allocation-free. */
  def rightsOf(replica: ReplicaId): Long = rights.getOrElse(replica, 0L)

  /** Every replica that holds rights, with its share; the shares sum to [[value]]. */
  def shares: Map[ReplicaId, Long] = rights.filter(_._2 != 0L)

  /** Whether `replica` may spend `amount` now: `0 < amount <= rightsOf(replica)`. Allocation-free. */
  def canSpend(replica: ReplicaId, amount: Long): Boolean = amount > 0L && amount <= rightsOf(replica)

  /**
   * Creates `amount` rights held by `replica` (a credit to the account).
   * @throws IllegalArgumentException if `amount` is negative
   */
  def increment(replica: ReplicaId, amount: Long): Updated[BoundedCounter] = {
    val up = increments.increment(replica, amount)
    Updated(
      BoundedCounter.of(up.state, decrements, transfers),
      Delta.of(BoundedCounter.of(up.delta.state, GCounter.empty, Map.empty))
    )
  }

  /**
   * Spends `amount` of `replica`'s own rights. Callers check [[canSpend]] first; spending rights the
   * replica does not hold is refused here rather than recorded, since that is the overspend this type
   * exists to rule out.
   * @throws IllegalArgumentException if `amount` is negative
   * @throws IllegalStateException if `replica` holds fewer than `amount` rights
   */
  def decrement(replica: ReplicaId, amount: Long): Updated[BoundedCounter] = {
    Amount.requireNonNegative(amount, "decrement")
    requireRights(replica, amount, "spend")
    val down = decrements.increment(replica, amount)
    Updated(
      new BoundedCounter(increments, down.state, transfers)(rights.updated(
        replica,
        rightsOf(replica) - amount
      )),
      Delta.of(BoundedCounter.of(GCounter.empty, down.delta.state, Map.empty))
    )
  }

  /**
   * Gives `amount` of `from`'s rights to `to`; only `from` may call this. The delta is the one
   * transfer entry, so it is small enough to ship on every transfer.
   * @throws IllegalArgumentException if `amount` is negative or `from == to`
   * @throws IllegalStateException if `from` holds fewer than `amount` rights
   */
  def transfer(from: ReplicaId, to: ReplicaId, amount: Long): Updated[BoundedCounter] = {
    Amount.requireNonNegative(amount, "transfer")
    if (from == to)
      throw new IllegalArgumentException(s"a transfer needs two replicas, got ${from.value} twice")
    requireRights(from, amount, "transfer")
    if (amount == 0L) Updated(this, Delta.of(BoundedCounter.empty))
    else {
      val edge = BoundedCounter.Edge(from, to)
      val next = Amount.add(transfers.getOrElse(edge, 0L), amount, s"transfers ${edge.describe}")
      Updated(
        BoundedCounter.of(increments, decrements, transfers.updated(edge, next)),
        Delta.of(BoundedCounter.of(GCounter.empty, GCounter.empty, Map(edge -> next)))
      )
    }
  }

  /** The least upper bound: each of the three parts merged entry-wise by maximum. */
  def merge(that: BoundedCounter): BoundedCounter =
    if (this eq that) this
    else {
      val p = increments.merge(that.increments)
      val n = decrements.merge(that.decrements)
      val t = BoundedCounter.mergeTransfers(transfers, that.transfers)
      if ((p eq increments) && (n eq decrements) && (t eq transfers)) this
      else if ((p eq that.increments) && (n eq that.decrements) && (t eq that.transfers)) that
      else BoundedCounter.of(p, n, t)
    }

  /** Joins a delta. */
  def mergeDelta(delta: Delta[BoundedCounter]): BoundedCounter = merge(delta.state)

  private def requireRights(replica: ReplicaId, amount: Long, what: String): Unit =
    if (amount > rightsOf(replica))
      throw new IllegalStateException(
        s"replica ${replica.value} cannot $what $amount: it holds ${rightsOf(replica)} rights"
      )
}

object BoundedCounter {

  /** A directed pair of replicas: rights flow from `from` to `to`. Immutable. */
  final case class Edge(from: ReplicaId, to: ReplicaId) {
    def describe: String = s"${from.value}->${to.value}"
  }

  /** No rights anywhere, value 0: the bottom of the lattice. */
  val empty: BoundedCounter = BoundedCounter.of(GCounter.empty, GCounter.empty, Map.empty)

  /** Rebuilds a state from decoded parts; the caller guarantees transfer totals are positive. */
  private[crdt] def fromParts(
      increments: GCounter,
      decrements: GCounter,
      transfers: Map[Edge, Long]
  ): BoundedCounter = BoundedCounter.of(increments, decrements, transfers)

  // a state whose rights are summed from its entries
  private def of(increments: GCounter, decrements: GCounter, transfers: Map[Edge, Long]): BoundedCounter =
    new BoundedCounter(increments, decrements, transfers)(null)

  private def mergeTransfers(a: Map[Edge, Long], b: Map[Edge, Long]): Map[Edge, Long] = {
    val (big, small) = if (a.size >= b.size) (a, b) else (b, a)
    var merged = big
    val it = small.iterator
    while (it.hasNext) {
      val (edge, total) = it.next()
      if (total > merged.getOrElse(edge, 0L)) merged = merged.updated(edge, total)
    }
    merged
  }

  private def rightsOf(inc: GCounter, dec: GCounter, transfers: Map[Edge, Long]): Map[ReplicaId, Long] = {
    var r = Map.empty[ReplicaId, Long]
    def add(replica: ReplicaId, n: Long): Unit = r = r.updated(replica, r.getOrElse(replica, 0L) + n)
    inc.counts.foreach((replica, n) => add(replica, n))
    dec.counts.foreach((replica, n) => add(replica, -n))
    transfers.foreach { (edge, n) =>
      add(edge.from, -n)
      add(edge.to, n)
    }
    r
  }

  given BoundedSemilattice[BoundedCounter] with {
    def empty: BoundedCounter = BoundedCounter.empty
    def combine(x: BoundedCounter, y: BoundedCounter): BoundedCounter = x.merge(y)
  }

  given Eq[BoundedCounter] = Eq.fromUniversalEquals
}
