package mvt.reporting.journal

/** Trade lines read but not folded yet: price, quantity and the two accounts beside the common columns. */
final class PendingTrades extends PendingRows {
  var price = new Array[Long](cap)
  var qty = new Array[Long](cap)
  var buy = new Array[Int](cap)
  var sell = new Array[Int](cap)

  def add(t: Long, s: String, p: Long, q: Long, b: Int, se: Int, ln: Long, e: Long): Unit = {
    val i = append(t, s, ln, e)
    price(i) = p; qty(i) = q; buy(i) = b; sell(i) = se
  }

  protected def slideOwn(from: Int, n: Int, newCap: Int): Unit = {
    price = slide(price, from, n, newCap, new Array[Long](newCap))
    qty = slide(qty, from, n, newCap, new Array[Long](newCap))
    buy = slide(buy, from, n, newCap, new Array[Int](newCap))
    sell = slide(sell, from, n, newCap, new Array[Int](newCap))
  }
}
