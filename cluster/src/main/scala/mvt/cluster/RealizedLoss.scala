package mvt.cluster

/**
 * A subscription's realized result from its fills, per book, at average cost: a fill that adds to a position
 * raises its cost; one that reduces it realizes the difference between the fill's price and the average cost of
 * the units it closes. What the trust score weighs as the day's realized loss. Not thread-safe: one actor owns it.
 */
final class RealizedLoss {

  private var positions = new Array[Long](16)
  // the cost of the open position in 1e-8 dollars, always for its absolute size
  private var costs = new Array[Long](16)
  private var realizedCents = 0L

  /** What closed round trips made (negative: lost), in cents, rounded toward zero per closing fill. */
  def realized: Long = realizedCents

  /** The realized loss in cents: 0 while the result is not negative. */
  def loss: Long = math.max(0L, -realizedCents)

  /** The net position in `book` (positive long, negative short). */
  def position(book: Int): Long = if (book < positions.length) positions(book) else 0L

  /** The cost of `book`'s open position in 1e-8 dollars, for its absolute size. */
  def cost(book: Int): Long = if (book < costs.length) costs(book) else 0L

  /**
   * Starts from where another desk left the subscription (a [[PositionReport]]): `book` holds `pos` units that cost
   * `costRaw`. Only before this desk's own fills in `book`.
   */
  def restore(book: Int, pos: Long, costRaw: Long): Unit = {
    ensure(book)
    positions(book) = pos
    costs(book) = if (pos == 0L) 0L else costRaw
  }

  /** Adds what earlier owners of the subscription realized. */
  def carry(realizedBefore: Long): Unit = realizedCents += realizedBefore

  private def ensure(book: Int): Unit =
    if (book >= positions.length) {
      val n = math.max(book + 1, positions.length * 2)
      positions = java.util.Arrays.copyOf(positions, n)
      costs = java.util.Arrays.copyOf(costs, n)
    }

  def fill(book: Int, buy: Boolean, priceRaw: Long, qty: Long): Unit = {
    ensure(book)
    val p = positions(book)
    val signed = if (buy) qty else -qty
    if (p == 0L || (p > 0L) == buy) {
      costs(book) += priceRaw * qty
      positions(book) = p + signed
    } else {
      val closing = math.min(qty, math.abs(p))
      val avg = costs(book) / math.abs(p)
      // a long position gains when sold above its cost, a short one when bought below it
      val perUnit = if (p > 0L) priceRaw - avg else avg - priceRaw
      realizedCents += perUnit * closing / TradeFeed.PerCent
      costs(book) -= avg * closing
      positions(book) = p + (if (buy) closing else -closing)
      val opening = qty - closing
      if (opening > 0L) {
        costs(book) = priceRaw * opening
        positions(book) += (if (buy) opening else -opening)
      }
      if (positions(book) == 0L) costs(book) = 0L
    }
  }
}
