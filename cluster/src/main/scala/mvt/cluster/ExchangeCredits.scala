package mvt.cluster

import mvt.crdt.ClientId

/**
 * What an exchange restarted on its day had credited before the crash, recomputed from what is durable: the side
 * file ([[ExchangeLog]]) and the journal's view of the traders' orders ([[ExchangeRecovery]]). Every credit the
 * exchange makes follows one of their lines (an order closed in the journal, an add refused by the venue or by the
 * exchange itself), so the orders settled here are a superset of those its earlier run settled, with the same
 * amounts. Pure.
 */
object ExchangeCredits {

  /**
   * One order closed before the restart: a buy reserved `reservedCents` and its fills cost `filledCents` (rounded
   * up), a sale brought in `filledCents` (rounded down). Immutable.
   */
  final case class Settled(
      node: NodeId,
      account: ClientId,
      strategy: StrategyId,
      orderId: Long,
      buy: Boolean,
      reservedCents: Long,
      filledCents: Long
  ) {

    /** What the account was credited when it closed: a buy's unpaid reservation, a sale's proceeds. */
    def back: Long = math.max(0L, if (buy) reservedCents - filledCents else filledCents)
  }

  /**
   * Every order that closed before the restart, in the side file's order: the adds the journal closed (filled,
   * cancelled, rejected, expired), the adds the venue refused, and the adds the exchange refused itself.
   */
  def settled(
      adds: Vector[ExchangeLog.Added],
      refused: Vector[ExchangeLog.Refused],
      venueRefused: Set[Long],
      journaled: Map[Long, ExchangeRecovery.Order]
  ): Vector[Settled] = {
    val closed = adds.flatMap { a =>
      val refusedByVenue = venueRefused.contains(a.engineId) && !journaled.contains(a.engineId)
      journaled.get(a.engineId).filter(_.closed).map(j => valueOf(a.buy, j)).orElse(
        Option.when(refusedByVenue)(0L)
      ).map(filled => Settled(a.node, a.account, a.strategy, a.orderId, a.buy, a.costCents, filled))
    }
    closed ++ refused.map(r => Settled(r.node, r.account, r.strategy, r.orderId, r.buy, r.costCents, 0L))
  }

  /** Per account, `provisioned` plus every credit of `settled`: the exchange replica's own entry for its day. */
  def totals(accounts: Vector[ClientId], provisioned: Long, settled: Vector[Settled]): Map[ClientId, Long] = {
    val back = settled.groupMapReduce(_.account)(_.back)(_ + _)
    accounts.map(a => a -> (provisioned + back.getOrElse(a, 0L))).toMap
  }

  // the order's fills valued as the trade feed values them (exact, rounded once per order)
  private def valueOf(buy: Boolean, j: ExchangeRecovery.Order): Long = {
    val feed = new TradeFeed
    j.fills.foreach((px, q) => feed.record(0L, ClientId("-"), buy, px, q))
    feed.valueOf(0L)
  }
}
