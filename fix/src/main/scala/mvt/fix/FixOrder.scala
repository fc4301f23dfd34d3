package mvt.fix

import mvt.core.{Price, Side, Symbol}

/**
 * A FIX order as the gateway tracks it for its ExecutionReports: the venue's order id, the owning client, its
 * ClOrdID, what it asks for now (a replace changes the ClOrdID, price and quantity) and how much has filled.
 * Mutable; the gateway thread only.
 */
final class FixOrder(
    val id: Long,
    val compId: String,
    var clOrdId: String,
    val symbol: Symbol,
    val side: Side,
    var price: Price,
    var qty: Long // OrderQty (38): the whole order, filled part included
) {
  var formerClOrdIds: List[String] = Nil // the ClOrdIDs of the order before its replaces, newest first

  var cumQty = 0L
  private var notional = 0L // sum of fill raw price x quantity, while it fits a Long
  private var bigNotional: java.math.BigInteger = null // the same sum once it does not fit; null until then
  var open = true // false once filled, canceled, expired or rejected
  var canceled = false
  var expired = false // an IOC or FOK whose remainder did not rest
  var rejected = false
  var acknowledged = true // false from a new order's arrival until its first report
  var requestsInFlight = 0 // cancels and replaces of it taken, their outcome not reported yet
  // OrdStatus of the last of them while any is in flight: 6 pending cancel, E pending replace
  var lastRequest = ' '
  var journaled = true // false for an order of the order log that recovery found no trace of in the journal

  def leaves: Long = if (open) qty - cumQty else 0L

  /**
   * AvgPx (6) as its text: the quantity-weighted mean fill price rounded half-even to the price's 8 decimals, "0"
   * before the first fill. Exact; allocates only the text while the fills' notional fits a Long.
   */
  def avgPxText: String =
    if (cumQty == 0) "0"
    else if (bigNotional == null) Price.fromRaw(FixOrder.divideHalfEven(notional, cumQty)).render
    else {
      val q = new java.math.BigDecimal(bigNotional)
        .divide(java.math.BigDecimal.valueOf(cumQty), 0, java.math.RoundingMode.HALF_EVEN)
      Price.fromRaw(q.longValueExact).render // a mean of valid prices is a valid price
    }

  /** A replace the venue took: the new ClOrdID, price and OrderQty; the old ClOrdID still names the order. */
  def replaced(newClOrdId: String, newPrice: Price, newQty: Long): Unit = {
    formerClOrdIds = clOrdId :: formerClOrdIds
    clOrdId = newClOrdId
    price = newPrice
    qty = newQty
  }

  def fill(px: Price, q: Long): Unit = {
    cumQty += q
    if (bigNotional == null) {
      val hi = Math.multiplyHigh(px.raw, q)
      val lo = px.raw * q
      val sum = notional + lo
      // both are non-negative: the product fits when its high word is zero and its sign bit clear, the sum when
      // its sign bit stays clear
      if (hi == 0L && lo >= 0L && sum >= 0L) notional = sum
      else
        bigNotional = java.math.BigInteger.valueOf(notional)
          .add(java.math.BigInteger.valueOf(px.raw).multiply(java.math.BigInteger.valueOf(q)))
    } else
      bigNotional =
        bigNotional.add(java.math.BigInteger.valueOf(px.raw).multiply(java.math.BigInteger.valueOf(q)))
    if (cumQty >= qty) open = false
  }
}

object FixOrder {

  /**
   * The venue's order ids are shared with every other submitter: recorded and generated days number from 1 up, the
   * strategies (the cluster's traders at the exchange, a backtest's strategy) from 2^62 up (`StrategyIds`). FIX
   * orders take ids from 2^61 up to [[IdEnd]], a range neither reaches, so a FIX order never meets another
   * submitter's id (a shared id would give one order's fills and close to the other) and its id says it is one.
   */
  val IdBase: Long = 1L << 61

  /** Where the FIX range ends and the strategies' begins (`mvt.trader.orders.StrategyIds.First`). */
  val IdEnd: Long = 1L << 62

  def isFix(id: Long): Boolean = id >= IdBase && id < IdEnd

  /** `n / d` rounded half to even, for `n >= 0` and `d > 0`. */
  def divideHalfEven(n: Long, d: Long): Long = {
    val q = n / d
    val r = n % d
    // r < d, so d - r does not overflow; compares 2r with d without computing 2r
    if (r > d - r || (r == d - r && (q & 1L) == 1L)) q + 1 else q
  }
}
