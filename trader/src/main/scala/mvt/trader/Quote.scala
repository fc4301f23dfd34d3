package mvt.trader

/**
 * A BBO update enriched with what the later steps use: the spread, twice the mid (exact), and the price a clip
 * would trade at (the best ask when there is one, else the best bid; 0 for an empty book). Immutable.
 */
final case class Quote(update: BboUpdated, spreadRaw: Long, midTimesTwoRaw: Long, referencePriceRaw: Long)

object Quote {
  def of(u: BboUpdated): Quote =
    Quote(
      u,
      if (u.isTwoSided) u.spreadRaw else 0L,
      if (u.isTwoSided) u.midTimesTwoRaw else 0L,
      if (u.hasAsk) u.askPrice.raw else if (u.hasBid) u.bidPrice.raw else 0L
    )
}
