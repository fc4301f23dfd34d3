package mvt.trader

import cats.data.{Validated, ValidatedNel}
import cats.syntax.all.*
import mvt.core.Price
import mvt.trader.strategy.{StrategyKind, StrategySpec, TradingStrategy}

/** The strategy `mvt trade` runs, from the catalogue, and the price grid a market maker quotes on. Immutable. */
final case class TradeStrategy(spec: StrategySpec, tick: Price) {
  def build: TradingStrategy = spec.build(tick.raw)
}

object TradeStrategy {

  /** The strategies `mvt trade` runs (mean reversion is a backtest's). */
  val kinds: Vector[StrategyKind] =
    Vector(StrategyKind.SpreadCapture, StrategyKind.Momentum, StrategyKind.Synthetic)

  /** The tick a market maker quotes inside by when none is given. */
  val DefaultTick: Price = Price.parse("0.01").get

  /** `mvt trade`'s own defaults: a wider spread and a larger threshold than a backtest starts from. */
  def ownDefaults(kind: StrategyKind): Vector[(String, Long)] = kind match {
    case StrategyKind.SpreadCapture => Vector("spread" -> 3L)
    case StrategyKind.Momentum => Vector("threshold" -> 5L)
    case _ => Vector.empty
  }

  /**
   * `kind` with what its options set: `byFlag` pairs each option given with the declared parameter and value it
   * sets, `qty` sets any strategy's size. An option the strategy does not use (`--tick` is spread capture's) is
   * refused, naming the option and the strategy; every value is checked by its declaration.
   */
  def of(
      kind: StrategyKind,
      tick: Option[Price],
      byFlag: Vector[(String, Option[(String, Long)])],
      qty: Option[(String, Long)]
  ): ValidatedNel[String, TradeStrategy] = {
    val supplied = (("tick" -> tick.map(_ => "tick" -> 0L)) +: byFlag).collect { case (flag, Some(p)) =>
      flag -> p
    }
    supplied
      .filterNot((flag, p) =>
        if (flag == "tick") kind == StrategyKind.SpreadCapture else kind.param(p._1).isDefined
      )
      .traverse_((flag, _) =>
        Validated.invalidNel[String, Unit](s"--$flag is not an option of strategy ${kind.label}")
      )
      .andThen { _ =>
        val chosen = supplied.collect { case (flag, p) if flag != "tick" => p } ++ qty
        val values = ownDefaults(kind).filterNot((n, _) => chosen.exists(_._1 == n)) ++ chosen
        StrategySpec.of(kind, values).map(TradeStrategy(_, tick.getOrElse(DefaultTick))).toValidatedNel
      }
  }
}
