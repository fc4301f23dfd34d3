package mvt.cluster.history

/** The checker's verdict as a person reads it: a line per account with a finding, then the totals. */
object CheckReport {

  /**
   * Renders `v` for a run in `mode` (`local`, `majority` or `bounded`); an overspend is a failure except in
   * `local`, where it is reported as found.
   */
  def render(v: HistoryChecker.Verdict, operations: Int, overspendAllowed: Boolean): Vector[String] = {
    val findings = v.accounts.flatMap { a =>
      Vector(
        Option.when(a.lostCents != 0)(
          s"account ${a.account}: ${a.lostCents} cents reserved and not accounted for (orders ${a.lostOrders.mkString(", ")})"
        ),
        Option.when(a.appliedTwice.nonEmpty)(
          s"account ${a.account}: orders applied twice: ${a.appliedTwice.mkString(", ")}"
        ),
        Option.when(a.debitedTwice.nonEmpty)(
          s"account ${a.account}: orders reserved twice: ${a.debitedTwice.mkString(", ")}"
        ),
        Option.when(a.maxOverspendCents > 0)(
          s"account ${a.account}: overspent by up to ${a.maxOverspendCents} cents" +
            (if (overspendAllowed) " (allowed in this mode)" else "")
        )
      ).flatten ++ a.balanceMismatches.map(m => s"account ${a.account}: $m")
    }
    val verdict = if (v.ok(overspendAllowed)) "ok" else "FAILED"
    v.gaps ++ findings :+
      s"$verdict: ${operations} operations, ${v.accounts.size} accounts; lost ${v.lostCents} cents; " +
      s"applied twice ${v.appliedTwice}; largest overspend ${v.maxOverspendCents} cents"
  }
}
