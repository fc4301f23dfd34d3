package mvt.crdt

import cats.kernel.{BoundedSemilattice, Eq}

/**
 * Every client's balance, in integer minor units (cents, never `Double`), replicated on every
 * trading node as a [[PNCounterMap]]: a credit increments the client's counter, a debit decrements
 * it, and states or deltas merge without coordination.
 *
 * [[authorize]] answers from the local replica only, so it stays off the network on the trading
 * path. The price is that two nodes may each approve against the same funds before they hear of the
 * other's debit: the check bounds what one node knows, not what the cluster spends. This class is
 * immutable; queries do not allocate.
 */
final case class ClientBalances private (counters: PNCounterMap[ClientId]) {

  /** The client's balance in minor units; 0 for a client never credited or debited. Allocation-free. */
  def balance(client: ClientId): Long = counters.value(client)

  /**
   * Whether this replica lets `client` commit `amount` minor units: `0 < amount <= balance`.
   * A non-positive amount is never authorized, since no real order costs nothing. Allocation-free
   * and without boxing; safe to call from any thread.
   * @throws ArithmeticException only if the client's credits (or debits) sum past `Long.MaxValue`
   */
  def authorize(client: ClientId, amount: Long): Boolean =
    amount > 0L && amount <= counters.value(client)

  /**
   * Adds `amount` minor units to the client's balance on behalf of `replica`.
   * @throws IllegalArgumentException if `amount` is negative
   * @throws ArithmeticException if `replica`'s total credits to this client would exceed `Long.MaxValue`
   */
  def credit(replica: ReplicaId, client: ClientId, amount: Long): Updated[ClientBalances] =
    ClientBalances.wrap(counters.increment(replica, client, amount))

  /**
   * Takes `amount` minor units from the client's balance on behalf of `replica`. The balance may go
   * negative: a debit records what happened (a fill) and is never refused; [[authorize]] is the gate.
   * @throws IllegalArgumentException if `amount` is negative
   */
  def debit(replica: ReplicaId, client: ClientId, amount: Long): Updated[ClientBalances] =
    ClientBalances.wrap(counters.decrement(replica, client, amount))

  /** Every client with a balance entry. */
  def clients: Set[ClientId] = counters.keySet

  def merge(that: ClientBalances): ClientBalances = {
    val m = counters.merge(that.counters)
    if (m eq counters) this else if (m eq that.counters) that else ClientBalances(m)
  }

  /** Joins a delta. */
  def mergeDelta(delta: Delta[ClientBalances]): ClientBalances = merge(delta.state)
}

object ClientBalances {

  /** No client has a balance yet. */
  val empty: ClientBalances = ClientBalances(PNCounterMap.empty)

  /** The balances held by a decoded counter map. */
  private[crdt] def fromCounters(counters: PNCounterMap[ClientId]): ClientBalances = ClientBalances(counters)

  private def wrap(up: Updated[PNCounterMap[ClientId]]): Updated[ClientBalances] =
    Updated(ClientBalances(up.state), Delta.of(ClientBalances(up.delta.state)))

  given BoundedSemilattice[ClientBalances] with {
    def empty: ClientBalances = ClientBalances.empty
    def combine(x: ClientBalances, y: ClientBalances): ClientBalances = x.merge(y)
  }

  given Eq[ClientBalances] = Eq.fromUniversalEquals
}
