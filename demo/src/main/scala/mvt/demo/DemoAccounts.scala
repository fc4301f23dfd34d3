package mvt.demo

import mvt.reporting.{AccountDay, Money}

/** The demo's closing table: the accounts that did best and worst over the day, from the report store. */
object DemoAccounts {

  def report(days: Vector[AccountDay], at: String, count: Int = 3): String = {
    def line(d: AccountDay) =
      f"  account ${d.account}%6d  ${(if (d.change.signum > 0) "+" else "") + Money.render(d.change)}%16s" +
        f"  ${Money.render(d.pnl)}%16s"
    val best = days.take(count)
    val worst = days.reverse.take(count).filterNot(best.contains)
    val header = f"  ${"client"}%-14s  ${"PnL of the day"}%16s  ${"PnL to date"}%16s"
    (Vector(
      s"Best and worst clients of the day, to $at (exact, FIFO lots marked at the mid; ${days.size} clients):"
    ) ++
      Vector(header) ++ best.map(line) ++ Vector("  ...") ++ worst.reverse.map(line)).mkString("\n")
  }
}
