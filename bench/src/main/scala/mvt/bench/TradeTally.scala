package mvt.bench

import mvt.core.*

/**
 * Counts trades and traded volume per symbol, to check that two engines saw the same matches. Allocates only
 * when it meets a new symbol.
 */
final class TradeTally extends EventSink.Ignoring {
  private val perSymbol = new java.util.HashMap[String, Array[Long]]()

  override def executed(
      s: Symbol,
      buyId: OrderId,
      sellId: OrderId,
      p: Price,
      q: Quantity,
      aggressor: Side
  ): Unit = {
    var t = perSymbol.get(s.name)
    if (t == null) { t = new Array[Long](2); perSymbol.put(s.name, t) }
    t(0) += 1
    t(1) += q.units
  }

  /** (trades, volume) of a symbol. */
  def of(symbol: Symbol): (Long, Long) = Option(perSymbol.get(symbol.name)).fold((0L, 0L))(t => (t(0), t(1)))
}
