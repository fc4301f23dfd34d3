package mvt.cluster

/**
 * A subscription's realized result from its fills, per book, at average cost: a fill that adds to a position
 * raises its cost; one that reduces it realizes the difference between the fill's price and the average cost of
 * the units it closes. What the trust score weighs as the day's realized loss. Not thread-safe: one actor owns it.
 */
final class RealizedLoss {

  private var position = new Array[Long](16)
  // the cost of the open position in 1e-8 dollars, always for its absolute size
  private var cost = new Array[Long](16)
  private var realizedCents = 0L

  /** What closed round trips made (negative: lost), in cents, rounded toward zero per closing fill. */
  def realized: Long = realizedCents

  /** The realized loss in cents: 0 while the result is not negative. */
  def loss: Long = math.max(0L, -realizedCents)

  def fill(book: Int, buy: Boolean, priceRaw: Long, qty: Long): Unit = {
    if (book >= position.length) {
      val n = math.max(book + 1, position.length * 2)
      position = java.util.Arrays.copyOf(position, n)
      cost = java.util.Arrays.copyOf(cost, n)
    }
    val p = position(book)
    val signed = if (buy) qty else -qty
    if (p == 0L || (p > 0L) == buy) {
      cost(book) += priceRaw * qty
      position(book) = p + signed
    } else {
      val closing = math.min(qty, math.abs(p))
      val avg = cost(book) / math.abs(p)
      // a long position gains when sold above its cost, a short one when bought below it
      val perUnit = if (p > 0L) priceRaw - avg else avg - priceRaw
      realizedCents += perUnit * closing / TradeFeed.PerCent
      cost(book) -= avg * closing
      position(book) = p + (if (buy) closing else -closing)
      val opening = qty - closing
      if (opening > 0L) {
        cost(book) = priceRaw * opening
        position(book) += (if (buy) opening else -opening)
      }
      if (position(book) == 0L) cost(book) = 0L
    }
  }
}
