package mvt.demo

import mvt.core.*

/**
 * Reads the trade feed and keeps, per client account, its fills and the units it bought and sold (a self-trade
 * counts on both sides). The house (account 0) is left out, as the client reports leave it out. Allocates only
 * when it meets a new account. Engine thread only.
 */
final class ClientVolumes extends FillSides(null) {
  // account -> (fills, bought, sold)
  private val perAccount = new java.util.HashMap[Integer, Array[Long]]()

  protected def side(s: Symbol, id: OrderId, a: Account, p: Price, q: Quantity, buy: Boolean): Unit =
    record(a, q.units, if (buy) 1 else 2)

  private def record(a: Account, units: Long, column: Int): Unit =
    if (!a.isHouse) {
      var t = perAccount.get(a.value)
      if (t == null) { t = new Array[Long](3); perAccount.put(a.value, t) }
      t(0) += 1
      t(column) += units
    }

  /** Client accounts that traded. */
  def clients: Int = perAccount.size

  /** The `n` accounts with the most units traded (bought plus sold), busiest first; ties by account. */
  def top(n: Int): Vector[ClientVolumes.Row] = {
    val rows = Vector.newBuilder[ClientVolumes.Row]
    perAccount.forEach((a, t) => rows += ClientVolumes.Row(Account(a.intValue), t(0), t(1), t(2)))
    rows.result().sortBy(r => (-r.volume, r.account.value)).take(n)
  }
}

object ClientVolumes {

  /** One client's day: fills, units bought and units sold. */
  final case class Row(account: Account, fills: Long, bought: Long, sold: Long) {
    def volume: Long = bought + sold
  }
}
