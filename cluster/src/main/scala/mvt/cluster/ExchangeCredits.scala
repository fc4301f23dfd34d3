package mvt.cluster

import mvt.crdt.ClientId

/**
 * What an exchange restarted on its day had credited before the crash, recomputed from what is durable: the side
 * file ([[ExchangeLog]]) and the journal's view of the traders' orders ([[ExchangeRecovery]]). Every credit the
 * exchange makes follows one of their lines (an order closed in the journal, an add refused by the venue or by the
 * exchange itself, a buy's modify the exchange refused, part of a reservation given back), so the orders settled here
 * are a superset of those its earlier run settled, with the same amounts. A modified buy's reservation is its add's
 * debit plus its modifies' debits (`U` lines) less what was given back of it (`G` lines, each a credit of its own, a
 * refused modify's debit among them). Pure.
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

  /** Part of an open order's reservation given back before the restart (a `G` line): credited when it was. */
  final case class GivenBack(
      node: NodeId,
      account: ClientId,
      strategy: StrategyId,
      orderId: Long,
      cents: Long
  )

  /**
   * Every order that closed before the restart, in the side file's order: the adds the journal closed (filled,
   * cancelled, rejected, expired), the adds the venue refused, and the adds and buys' modifies the exchange refused
   * itself. A closed add's reservation counts its modifies' debits (`topUps`) less what was given back of it
   * (`releases`, by engine id): what it held when it settled.
   */
  def settled(
      adds: Vector[ExchangeLog.Added],
      refused: Vector[ExchangeLog.Refused],
      venueRefused: Set[Long],
      journaled: Map[Long, ExchangeRecovery.Order],
      topUps: Vector[ExchangeLog.ToppedUp] = Vector.empty,
      releases: Vector[(Long, Long)] = Vector.empty
  ): Vector[Settled] = {
    val toppedUp = topUps.groupMapReduce(_.engineId)(_.costCents)(_ + _)
    val released = releases.groupMapReduce(_._1)(_._2)(_ + _)
    val closed = adds.flatMap { a =>
      val refusedByVenue = venueRefused.contains(a.engineId) && !journaled.contains(a.engineId)
      val reserved = a.costCents + toppedUp.getOrElse(a.engineId, 0L) - released.getOrElse(a.engineId, 0L)
      journaled.get(a.engineId).filter(_.closed).map(j => valueOf(a.buy, j)).orElse(
        Option.when(refusedByVenue)(0L)
      ).map(filled => Settled(a.node, a.account, a.strategy, a.orderId, a.buy, reserved, filled))
    }
    closed ++ refused.map(r => Settled(r.node, r.account, r.strategy, r.orderId, r.buy, r.costCents, 0L))
  }

  /**
   * What was given back of reservations before the restart, one per `G` line in the side file's order, whether its
   * order closed or not; a line naming no add of the side file cannot be, and is skipped.
   */
  def givenBack(adds: Vector[ExchangeLog.Added], releases: Vector[(Long, Long)]): Vector[GivenBack] = {
    val byId = adds.map(a => a.engineId -> a).toMap
    releases.flatMap((id, cents) =>
      byId.get(id).map(a => GivenBack(a.node, a.account, a.strategy, a.orderId, cents))
    )
  }

  /**
   * Per account, `provisioned` plus every credit of `settled` and of `givenBack`: the exchange replica's own entry
   * for its day.
   */
  def totals(
      accounts: Vector[ClientId],
      provisioned: Long,
      settled: Vector[Settled],
      givenBack: Vector[GivenBack] = Vector.empty
  ): Map[ClientId, Long] = {
    val back = (settled.map(s => s.account -> s.back) ++ givenBack.map(g => g.account -> g.cents))
      .groupMapReduce(_._1)(_._2)(_ + _)
    accounts.map(a => a -> (provisioned + back.getOrElse(a, 0L))).toMap
  }

  // the order's fills valued as the trade feed values them (exact, rounded once per order)
  private def valueOf(buy: Boolean, j: ExchangeRecovery.Order): Long = {
    val feed = new TradeFeed
    j.fills.foreach((px, q) => feed.record(0L, ClientId("-"), buy, px, q))
    feed.valueOf(0L)
  }
}
