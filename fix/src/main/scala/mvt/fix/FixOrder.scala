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
  var notional: BigDecimal = BigDecimal(0) // sum of fill price x quantity, in whole price units
  var open = true // false once filled, canceled, expired or rejected
  var canceled = false
  var expired = false // an IOC or FOK whose remainder did not rest
  var rejected = false
  var journaled = true // false for an order of the order log that recovery found no trace of in the journal

  def leaves: Long = if (open) qty - cumQty else 0L

  /** AvgPx (6): the quantity-weighted mean fill price, 0 before the first fill. */
  def avgPx: BigDecimal =
    if (cumQty == 0) BigDecimal(0) else (notional / cumQty).setScale(8, BigDecimal.RoundingMode.HALF_EVEN)

  /** A replace the venue took: the new ClOrdID, price and OrderQty; the old ClOrdID still names the order. */
  def replaced(newClOrdId: String, newPrice: Price, newQty: Long): Unit = {
    formerClOrdIds = clOrdId :: formerClOrdIds
    clOrdId = newClOrdId
    price = newPrice
    qty = newQty
  }

  def fill(px: Price, q: Long): Unit = {
    cumQty += q
    notional += BigDecimal(px.raw) / Price.Scale * q
    if (cumQty >= qty) open = false
  }
}

object FixOrder {

  /**
   * The venue's order ids are shared with every other submitter (recorded days, the cluster's traders), which
   * number from 1 upwards. FIX orders take ids from 2^62 up, a range no other submitter reaches, so a FIX order
   * never collides with theirs, and a FIX order's id says it is one.
   */
  val IdBase: Long = 1L << 62

  def isFix(id: Long): Boolean = id >= IdBase
}
