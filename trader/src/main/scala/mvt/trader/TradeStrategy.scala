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
   * An option of `mvt trade` that sets the declared parameter `param` of `kind` (whose declaration gives its help
   * and range); `who` names whose option it is in the help.
   */
  final case class Flag(flag: String, param: String, kind: StrategyKind, who: String) {
    private val declared = kind.param(param).get

    /** The default the help shows: `mvt trade`'s own, else the declaration's. */
    def shown: Long =
      ownDefaults(kind).collectFirst { case (n, v) if n == param => v }.getOrElse(declared.default)

    def help: String = s"$who${declared.help} (default $shown)."

    /** The parameter and `v`, or why `v` is out of the declared range. */
    def check(v: Long): Either[String, (String, Long)] = {
      val range =
        if (declared.max >= Int.MaxValue) s"at least ${declared.min}"
        else s"between ${declared.min} and ${declared.max}"
      declared.check(v).left.map(_ => s"--$flag must be $range").map(param -> _)
    }
  }

  /** `mvt trade`'s options of declared parameters, in the order its help lists them; `--qty` last. */
  val flags: Vector[Flag] = Vector(
    Flag("min-spread", "spread", StrategyKind.SpreadCapture, "Spread-capture: "),
    Flag("lookback", "lookback", StrategyKind.Momentum, "Momentum: "),
    Flag("threshold-bps", "threshold", StrategyKind.Momentum, "Momentum: "),
    Flag("qty", "size", StrategyKind.SpreadCapture, "")
  )

  /** [[of]] with the values of [[flags]], one each in order, and the synthetic strategy's cost (`--cost-us`). */
  def chosen(
      kind: StrategyKind,
      tick: Option[Price],
      values: Vector[Option[(String, Long)]],
      costNanos: Option[Long]
  ): ValidatedNel[String, TradeStrategy] =
    of(
      kind,
      tick,
      flags.init.map(_.flag).zip(values.init) :+ ("cost-us" -> costNanos.map("cost-ns" -> _)),
      values.last
    )

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
