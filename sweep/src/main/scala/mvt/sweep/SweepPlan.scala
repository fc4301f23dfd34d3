package mvt.sweep

import mvt.backtest.{DayFile, DaySetup, StrategySpec}

/**
 * A sweep as the cluster runs it: every combination over every day, with the day rules they share (the strategy of
 * `base` is replaced by each combination). Job `s * days.size + d` is combination `s` on day `d`, the order that
 * `Sweep.assemble` takes the outcomes in. Immutable.
 */
final case class SweepPlan(specs: Vector[StrategySpec], days: Vector[DayFile], base: DaySetup) {
  require(specs.nonEmpty && days.nonEmpty, "a sweep has at least one combination and one day")

  /** How many (combination, day) jobs. */
  def jobs: Int = specs.size * days.size

  def day(job: Int): DayFile = days(job % days.size)

  /** The setup of job `job`: the shared rules with its combination. */
  def setup(job: Int): DaySetup = base.copy(strategy = specs(job / days.size))
}
