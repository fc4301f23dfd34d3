package mvt.workload

import mvt.core.Symbol

/** Symbol names for generated flows: familiar tickers first, then `SYM<n>`. */
object Tickers {
  private val Known = Vector(
    "ACME",
    "AAPL",
    "MSFT",
    "NVDA",
    "AMZN",
    "GOOG",
    "META",
    "TSLA",
    "BRK.B",
    "JPM",
    "V",
    "XOM",
    "UNH",
    "JNJ",
    "WMT",
    "PG",
    "MA",
    "HD",
    "CVX",
    "KO"
  )

  def take(n: Int): Vector[Symbol] =
    Vector.tabulate(n)(i => Symbol.unsafe(if (i < Known.size) Known(i) else s"SYM$i"))
}
