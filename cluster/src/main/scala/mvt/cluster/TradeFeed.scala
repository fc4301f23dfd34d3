package mvt.cluster

import mvt.crdt.ClientId

import scala.collection.mutable

/**
 * The fills of the traders' orders, as the exchange's trade feed gave them: the reference the balances reconcile
 * against. What an account spent is, per buy order, its filled value rounded up to the cent (the balance check
 * debits a buy's cost rounded up); what it received is, per sell order, its filled value rounded down. Values
 * are kept exactly (whole cents plus the remainder in 1e-8-dollar units), so no rounding drifts over a day.
 * Thread-safe (one lock: the engine thread records, reports read from elsewhere).
 */
final class TradeFeed {

  private final class Value(val account: ClientId, val buy: Boolean) {
    var cents = 0L
    var fraction = 0L // in 1e-8 dollars, below a cent (1e6)
    def roundedUp: Long = cents + (if (fraction > 0L) 1L else 0L)
  }

  private val byOrder = mutable.LongMap.empty[Value]
  private var fillCount = 0L
  private var unitsFilled = 0L

  /** A fill of `qty` units at `priceRaw` of the exchange's order `engineId`, placed for `account`. */
  def record(engineId: Long, account: ClientId, buy: Boolean, priceRaw: Long, qty: Long): Unit =
    synchronized {
      val v = byOrder.getOrElseUpdate(engineId, new Value(account, buy))
      // price in 1e-8 dollars = whole cents * 1e6 + fraction; qty <= 1e9 and fraction < 1e6 keep products in a Long
      v.cents += (priceRaw / TradeFeed.PerCent) * qty
      v.fraction += (priceRaw % TradeFeed.PerCent) * qty
      v.cents += v.fraction / TradeFeed.PerCent
      v.fraction %= TradeFeed.PerCent
      fillCount += 1
      unitsFilled += qty
    }

  def fills: Long = synchronized(fillCount)
  def units: Long = synchronized(unitsFilled)

  /** What `account`'s filled buys cost, each order rounded up to the cent. */
  def spentBy(account: ClientId): Long = synchronized {
    byOrder.valuesIterator.filter(v => v.buy && v.account == account).map(_.roundedUp).sum
  }

  /** What `account`'s filled sells brought in, each order rounded down to the cent. */
  def receivedBy(account: ClientId): Long = synchronized {
    byOrder.valuesIterator.filter(v => !v.buy && v.account == account).map(_.cents).sum
  }

  /** The filled value of order `engineId` in cents: rounded up for a buy, down for a sell (0 when unfilled). */
  def valueOf(engineId: Long): Long = synchronized {
    byOrder.get(engineId).fold(0L)(v => if (v.buy) v.roundedUp else v.cents)
  }
}

object TradeFeed {

  /** Raw price units (1e-8 dollars) in a cent. */
  inline val PerCent = 1000000L
}
