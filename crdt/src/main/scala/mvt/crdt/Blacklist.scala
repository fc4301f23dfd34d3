package mvt.crdt

import cats.kernel.{BoundedSemilattice, Eq}

/**
 * The clients barred from trading, one grow-only set per trading day: the day is part of the key,
 * so a client blacklisted today is free tomorrow without any removal, and merges never have to
 * decide between an add and a remove.
 *
 * `merge` takes the union of each day's set (a pointwise map of G-Sets, itself a lattice). Past days
 * stay in the state; a deployment that keeps one replicated key per day drops them wholesale.
 * This class is immutable; the check does not allocate.
 */
final case class Blacklist private (days: Map[TradingDay, GSet[ClientId]]) {

  /** Whether `client` is barred on `day`. Allocation-free. */
  def isBlacklisted(day: TradingDay, client: ClientId): Boolean = {
    val set = days.getOrElse(day, null)
    (set ne null) && set.contains(client)
  }

  /** The clients barred on `day`. */
  def clientsOn(day: TradingDay): Set[ClientId] = days.get(day).fold(Set.empty[ClientId])(_.elements)

  /** Bars `client` for the whole of `day`. The delta names that day and client only. */
  def add(day: TradingDay, client: ClientId): Updated[Blacklist] = {
    val up = days.getOrElse(day, GSet.empty[ClientId]).add(client)
    val next = if (days.get(day).contains(up.state)) this else Blacklist(days.updated(day, up.state))
    Updated(next, Delta.of(Blacklist(Map(day -> up.delta.state))))
  }

  /** The least upper bound: each day's sets united. */
  def merge(that: Blacklist): Blacklist =
    if (this eq that) this
    else {
      val (big, small) = if (days.size >= that.days.size) (this, that) else (that, this)
      val merged = small.days.foldLeft(big.days) { case (acc, (day, set)) =>
        acc.updated(day, acc.getOrElse(day, GSet.empty[ClientId]).merge(set))
      }
      Blacklist(merged)
    }

  /** Joins a delta. */
  def mergeDelta(delta: Delta[Blacklist]): Blacklist = merge(delta.state)
}

object Blacklist {

  /** Nobody barred on any day. */
  val empty: Blacklist = Blacklist(Map.empty)

  /** Rebuilds a state from decoded days; the caller guarantees no day's set is empty. */
  private[crdt] def fromDays(days: Map[TradingDay, GSet[ClientId]]): Blacklist = Blacklist(days)

  given BoundedSemilattice[Blacklist] with {
    def empty: Blacklist = Blacklist.empty
    def combine(x: Blacklist, y: Blacklist): Blacklist = x.merge(y)
  }

  given Eq[Blacklist] = Eq.fromUniversalEquals
}
