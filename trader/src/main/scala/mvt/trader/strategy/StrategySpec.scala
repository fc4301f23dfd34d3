package mvt.trader
package strategy

/** A strategy and every one of its parameters' values (defaults filled in), each within its declared range. */
final case class StrategySpec(kind: StrategyKind, params: Map[String, Long]) {

  /** A fresh strategy: each day (or trader) builds its own, so no state crosses days, fibers or desks. */
  def build(): TradingStrategy = kind.build(params)

  /** A fresh strategy quoting on a grid of `tickRaw`. */
  def build(tickRaw: Long): TradingStrategy = kind.build(params, tickRaw)

  /** `name=value` pairs in the strategy's own order, for tables and reports. */
  def render: String = kind.params.map((n, _) => s"$n=${params(n)}").mkString(" ")
}

object StrategySpec {

  /** `kind` with every default. */
  def defaults(kind: StrategyKind): StrategySpec = StrategySpec(kind, kind.params.toMap)

  /**
   * The spec for `kind` with `overrides` replacing defaults, or why not: a parameter the strategy does not take,
   * one given twice, or a value outside the parameter's declared range.
   */
  def of(kind: StrategyKind, overrides: Seq[(String, Long)]): Either[String, StrategySpec] = {
    val known = kind.declared.map(_.name)
    overrides.map(_._1).find(n => !known.contains(n)) match {
      case Some(n) => Left(s"strategy ${kind.label} takes ${known.mkString(", ")}; not $n")
      case None =>
        overrides.groupBy(_._1).collectFirst { case (n, vs) if vs.size > 1 => n } match {
          case Some(n) => Left(s"parameter $n is given twice")
          case None =>
            overrides
              .collectFirst(Function.unlift((n, v) => kind.param(n).flatMap(_.check(v).left.toOption)))
              .map(why => s"strategy ${kind.label}: $why")
              .toLeft(StrategySpec(kind, kind.params.toMap ++ overrides))
        }
    }
  }
}
