package mvt.backtest

import mvt.trader.strategy.TradingStrategy

/** A strategy and every one of its parameters' values (defaults filled in). Immutable. */
final case class StrategySpec(kind: StrategyKind, params: Map[String, Long]) {

  /** A fresh strategy: each day builds its own, so no state crosses days or fibers. */
  def build(): TradingStrategy = kind.build(params)

  /** `name=value` pairs in the strategy's own order, for tables and reports. */
  def render: String = kind.params.map((n, _) => s"$n=${params(n)}").mkString(" ")
}

object StrategySpec {

  /**
   * The spec for `kind` with `overrides` replacing defaults, or why not: a parameter the strategy does not take,
   * one given twice, or a value the strategy refuses.
   */
  def of(kind: StrategyKind, overrides: Seq[(String, Long)]): Either[String, StrategySpec] = {
    val known = kind.params.map(_._1)
    overrides.map(_._1).find(n => !known.contains(n)) match {
      case Some(n) =>
        Left(s"strategy ${kind.label} takes ${known.mkString(", ")}; not $n")
      case None =>
        overrides.groupBy(_._1).collectFirst { case (n, vs) if vs.size > 1 => n } match {
          case Some(n) => Left(s"parameter $n is given twice")
          case None =>
            val spec = StrategySpec(kind, kind.params.toMap ++ overrides)
            try { val _ = spec.build(); Right(spec) }
            catch {
              case e: IllegalArgumentException =>
                Left(s"strategy ${kind.label}: ${e.getMessage.stripPrefix("requirement failed: ")}")
            }
        }
    }
  }
}
