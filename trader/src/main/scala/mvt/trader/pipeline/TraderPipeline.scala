package mvt.trader
package pipeline

import Pipeline.*

/**
 * The automated trader's pipeline: start, enrich, journal, pre-trade check, decide. A late event is dropped at
 * start, enrichment and the check; a late journal write is skipped so that a slow journal never costs a trade.
 * An event the check refuses ends as `refused:<check name>`, never as `no-decision`: the strategy was not asked.
 */
object TraderPipeline {

  /** Each step's deadline in nanoseconds from the event's sent time. */
  final case class Deadlines(start: Long, enrich: Long, journal: Long, check: Long)

  object Deadlines {

    /** No step ever expires: the old pipeline, which worked on whatever it was given however stale. */
    val none: Deadlines = Deadlines(
      PipelineStep.NoDeadline,
      PipelineStep.NoDeadline,
      PipelineStep.NoDeadline,
      PipelineStep.NoDeadline
    )

    /** Deadlines within a budget: start by 70%, enrich by 80%, journal by 90%, check by 100% of it. */
    def fromBudget(budgetNanos: Long): Deadlines = {
      require(
        budgetNanos > 0 && budgetNanos <= MaxBudgetNanos,
        s"a budget is 1 ns to a day, got $budgetNanos ns"
      )
      Deadlines(budgetNanos * 7 / 10, budgetNanos * 8 / 10, budgetNanos * 9 / 10, budgetNanos)
    }

    /** The longest budget `fromBudget` takes: a day, far below where its arithmetic would overflow. */
    val MaxBudgetNanos: Long = 86400L * 1000000000L
  }

  def apply(deadlines: Deadlines, journal: EventJournal, check: PreTradeCheck): Pipeline[Option[Decision]] =
    for {
      ev <- start.withinNanos(deadlines.start)
      q <- step("enrich")(Quote.of(ev.update)).withinNanos(deadlines.enrich) orElse drop
      _ <- step("journal")(journal.append(ev)).withinNanos(deadlines.journal) orElse skip(())
      ok <- step("check")(check.allows(q)).withinNanos(deadlines.check) orElse drop
      d <- if (ok) decide(ev.update) else refuse(check.name)
    } yield d
}
