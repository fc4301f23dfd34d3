package mvt.trader
package strategy

import mvt.core.Quantity

/**
 * The catalogue of strategies: each one's command-line name, what it does, and the parameters it declares (see
 * [[StrategyParam]]). `mvt trade`, `mvt backtest`, its sweeps and the cluster's traders all build their strategy
 * from here; prices move in ticks of 0.01 unless a command gives its own tick.
 */
enum StrategyKind(val label: String, val description: String, val declared: Vector[StrategyParam]) {
  case SpreadCapture
      extends StrategyKind(
        "spread-capture",
        "quotes one tick inside a spread of at least `spread` ticks, `size` units",
        Vector(Declared.Spread, Declared.Size)
      )
  case Momentum
      extends StrategyKind(
        "momentum",
        "takes the side of a mid that moved `threshold` bps over `lookback` quotes",
        Vector(Declared.Lookback, Declared.Threshold, Declared.Size)
      )
  case MeanReversion
      extends StrategyKind(
        "mean-reversion",
        "trades against a mid `threshold` bps away from its mean over `window` quotes",
        Vector(Declared.Window, Declared.Threshold, Declared.Size)
      )
  case Synthetic
      extends StrategyKind(
        "synthetic",
        "spends `cost-ns` of CPU per update and decides nothing: a load for the pipeline",
        Vector(Declared.CostNanos, Declared.Size)
      )

  /** Each parameter's name and default, in the strategy's own order. */
  def params: Vector[(String, Long)] = declared.map(p => p.name -> p.default)

  /** The parameter named `name`, if this strategy declares one. */
  def param(name: String): Option[StrategyParam] = declared.find(_.name == name)

  /**
   * A fresh strategy from values the declaration accepted (see [[StrategySpec.of]]), quoting on a grid of
   * `tickRaw` (0.01 unless given).
   */
  def build(p: Map[String, Long], tickRaw: Long = StrategyKind.Tick): TradingStrategy = this match {
    case SpreadCapture => new SpreadCaptureStrategy(tickRaw, p("spread").toInt, size(p))
    case Momentum => new MomentumStrategy(p("lookback").toInt, p("threshold").toInt, size(p))
    case MeanReversion => new MeanReversionStrategy(p("window").toInt, p("threshold").toInt, size(p))
    case Synthetic => new SyntheticStrategy(p("cost-ns"))
  }

  private def size(p: Map[String, Long]): Quantity = Quantity(p("size"))
}

object StrategyKind {

  /** One tick of the generated flows, in raw price units (0.01). */
  val Tick: Long = 1000000L

  def parse(name: String): Option[StrategyKind] = values.find(_.label == name)

  def names: String = values.map(_.label).mkString("|")
}

// the parameters, declared once; apart from the enum so they exist before its cases (a companion's vals come after)
private object Declared {
  val Spread =
    StrategyParam("spread", "ticks", 2L, 2L, 1000000L, "least spread to quote inside, in ticks")
  val Size = StrategyParam("size", "units", 100L, 1L, Quantity.Max, "units of each decision")
  val Lookback = StrategyParam("lookback", "quotes", 20L, 1L, 1000000L, "updates to look back over")
  val Window = StrategyParam("window", "quotes", 200L, 2L, 1000000L, "updates the mean is taken over")
  val Threshold =
    StrategyParam("threshold", "bps", 1L, 1L, Int.MaxValue.toLong, "mid move that signals, in basis points")
  val CostNanos =
    StrategyParam("cost-ns", "ns", 50000L, 0L, 1000000000L, "CPU spent per decision, in nanoseconds")
}
