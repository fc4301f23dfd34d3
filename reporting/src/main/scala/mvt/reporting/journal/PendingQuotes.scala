package mvt.reporting.journal

/** Quote lines read but not folded yet: bid, ask and whether both sides are there, beside the common columns. */
final class PendingQuotes extends PendingRows {
  var bid = new Array[Long](cap)
  var ask = new Array[Long](cap)
  var twoSided = new Array[Boolean](cap)

  def add(t: Long, s: String, b: Long, a: Long, two: Boolean, ln: Long, e: Long): Unit = {
    val i = append(t, s, ln, e)
    bid(i) = b; ask(i) = a; twoSided(i) = two
  }

  protected def slideOwn(from: Int, n: Int, newCap: Int): Unit = {
    bid = slide(bid, from, n, newCap, new Array[Long](newCap))
    ask = slide(ask, from, n, newCap, new Array[Long](newCap))
    twoSided = slide(twoSided, from, n, newCap, new Array[Boolean](newCap))
  }
}
