package mvt.cluster.nemesis

import mvt.cluster.Consistency
import mvt.cluster.history.{HistoryChecker, OpKind, Operation}

/**
 * The checker's verdict on a nemesis run of many schedules in one mode ([[Windows]]), with each violation put in
 * the window, and so the schedule, where the operation that shows it happened (a final balance or a gap in a
 * node's history belongs to the whole day). A violation is an order applied or reserved twice, a final balance
 * the history does not imply, a gap, money reserved and never accounted for, and an overspend in `bounded` and
 * `majority`. Money reserved by a trader in the last seconds before it was killed, whose order never reached the
 * exchange, is counted apart (`lostWithKill`; a final balance may be short by it): the trader's unacknowledged
 * messages die with its JVM. Immutable.
 */
final case class RunVerdict(
    mode: Consistency,
    windows: Windows,
    operations: Int,
    injected: Vector[Injected],
    verdict: HistoryChecker.Verdict,
    lostWithKill: Vector[RunVerdict.Lost],
    findings: Vector[RunVerdict.Finding]
) {

  /** No violation. */
  def ok: Boolean = findings.isEmpty

  /** Money reserved and never accounted for, apart from a killed trader's unsent orders (cents). */
  def lostCents: Long = verdict.lostCents - lostWithKill.map(_.cents).sum

  /** Accounts whose money committed ever ran ahead of money provided. */
  def overspentAccounts: Int = verdict.accounts.count(_.maxOverspendCents > 0)

  /** How many faults of `kind` (`kill`, `pause`, `restart`, `cut`, or a longer prefix of how one reads) were injected. */
  def injectedOf(kind: String): Int = injected.count(_.fault.render.startsWith(kind))

  /** How many cuts of a trader from the exchange alone were injected. */
  def exchangeCuts: Int = injected.count(_.fault.isInstanceOf[Fault.ExchangeCut])

  /** The verdict as lines: what ran, each violation with its schedule, and the command that replays the run. */
  def lines(replay: String): Vector[String] = {
    val head =
      s"nemesis ${mode.label}: ${windows.count} schedules (seeds ${windows.baseSeed} to ${windows.baseSeed + windows.count - 1}), " +
        s"${injected.size} faults injected (${injectedOf("kill")} kills, ${injectedOf("kill -9 exchange")} of them " +
        s"of the exchange, ${injectedOf("pause")} pauses, ${injectedOf("restart")} restarts, ${injectedOf("cut")} cuts, " +
        s"$exchangeCuts of them from the exchange), $operations operations checked"
    val found = findings.map { f =>
      val where = f.window.fold("the day") { i =>
        val faults = injected.filter(j => windows.at(j.atMillis).contains(i)).map(_.render)
        s"${windows.render(i)}; injected: ${if (faults.isEmpty) "nothing" else faults.mkString(", ")}"
      }
      s"  $where: ${f.what}"
    }
    val killed = Option.when(lostWithKill.nonEmpty)(
      s"  ${lostWithKill.size} orders (${lostWithKill.map(_.cents).sum} cents) reserved by traders in the seconds " +
        s"before they were killed and never sent: ${lostWithKill.map(_.order).mkString(", ")}"
    )
    val overspend = Option.when(mode == Consistency.Local && overspentAccounts > 0)(
      s"  overspent up to ${verdict.maxOverspendCents} cents on $overspentAccounts accounts (allowed in local)"
    )
    val last =
      if (ok)
        s"ok: no order applied or reserved twice, no money lost, every final balance as the history implies" +
          (if (mode == Consistency.Local) "" else ", no overspend")
      else s"FAILED: ${findings.size} violations; replay with: $replay"
    (head +: found) ++ killed ++ overspend :+ last
  }
}

object RunVerdict {

  /** A violation: what it is, and in which window (`None`: the day as a whole). */
  final case class Finding(window: Option[Int], what: String)

  /** An order whose reservation was never accounted for (cents). */
  final case class Lost(order: String, cents: Long)

  /** How long before its trader's kill a reservation may be and still have died with it unsent. */
  val KillWindowMillis = 5000L

  /**
   * Checks a run: `byNode` the operations of each JVM's history (by the JVM's name, as the nemesis names it),
   * `injected` what the nemesis did, `startedAt` when the day started (epoch milliseconds).
   */
  def check(
      mode: Consistency,
      windows: Windows,
      byNode: Map[String, Vector[Operation]],
      injected: Vector[Injected],
      startedAt: Long
  ): RunVerdict = {
    val ops = byNode.values.flatten.toVector
    val v = HistoryChecker.check(ops)
    def windowOf(nanos: Long) = windows.at(nanos / 1_000_000L - startedAt)
    // each killed JVM's orders are named by its incarnation; a JVM that wrote nothing names none
    val killedAt: Map[String, Long] = injected.collect {
      case Injected(ms, Fault.Kill(_), name) if byNode.contains(name) => name -> (startedAt + ms) * 1_000_000L
    }.toMap
    val prefixKilled: Map[String, Long] = killedAt.flatMap((name, at) =>
      byNode(name).map(o => s"${o.node}#${o.incarnation}/").distinct.map(_ -> at)
    )
    val byOrder = ops.filter(_.order.nonEmpty).groupBy(_.order)
    def times(order: String, kinds: Set[OpKind]) =
      byOrder.getOrElse(order, Vector.empty).filter(o => kinds(o.kind)).map(_.atNanos).sorted
    val reserving = Set(OpKind.Debit, OpKind.TopUp)
    val lost = v.accounts.flatMap(a =>
      a.lostOrders.map { order =>
        val os = byOrder.getOrElse(order, Vector.empty)
        def sum(k: Set[OpKind]) = os.filter(o => k(o.kind)).map(_.cents).sum
        (
          a.account,
          Lost(order, sum(reserving) - sum(Set(OpKind.Fill, OpKind.Refund))),
          times(order, reserving).headOption
        )
      }
    )
    val (withKill, otherLost) = lost.partition { (_, l, debitAt) =>
      prefixKilled.exists((p, at) =>
        l.order.startsWith(p) && debitAt.exists(d => d <= at && d >= at - KillWindowMillis * 1_000_000L)
      )
    }
    val twice = v.accounts.flatMap(a =>
      a.appliedTwice.map(o =>
        Finding(
          times(o, Set(OpKind.Apply)).drop(1).headOption.flatMap(windowOf),
          s"account ${a.account}: order $o applied twice"
        )
      ) ++ a.debitedTwice.map(o =>
        Finding(
          times(o, Set(OpKind.Debit)).drop(1).headOption.flatMap(windowOf),
          s"account ${a.account}: order $o reserved twice"
        )
      )
    )
    val lostFindings = otherLost.map((account, l, debitAt) =>
      Finding(
        debitAt.flatMap(windowOf),
        s"account $account: ${l.cents} cents reserved for order ${l.order} never accounted for"
      )
    )
    // a killed trader's unsent reservation may have reached the replicas before it died, or not: the final balance
    // may be short by up to what it reserved
    val killedCents = withKill.groupMapReduce(_._1)(_._2.cents)(_ + _)
    val balances = v.accounts.flatMap { a =>
      ops.filter(o => o.kind == OpKind.Balance && o.account == a.account).flatMap { o =>
        val short = a.expectedBalanceCents - o.cents
        Option.when(short != 0L && (short < 0L || short > killedCents.getOrElse(a.account, 0L)))(
          Finding(
            None,
            s"account ${a.account}: node ${o.node} (incarnation ${o.incarnation}) ends with ${o.cents} cents, " +
              s"the history implies ${a.expectedBalanceCents}"
          )
        )
      }
    }
    val dayFindings = v.gaps.map(g => Finding(None, g)) ++ balances
    val overspends =
      if (mode == Consistency.Local) Vector.empty else overspendFindings(windows, ops, v, startedAt)
    RunVerdict(
      mode,
      windows,
      ops.size,
      injected,
      v,
      withKill.map(_._2),
      (twice ++ lostFindings ++ overspends ++ dayFindings).sortBy(_.window.getOrElse(Int.MaxValue))
    )
  }

  // each overspent account in the window where its overspend first shows: the first prefix of the history, cut at a
  // window's end, whose check finds it
  private def overspendFindings(
      windows: Windows,
      ops: Vector[Operation],
      v: HistoryChecker.Verdict,
      startedAt: Long
  ): Vector[Finding] = {
    val over = v.accounts.filter(_.maxOverspendCents > 0)
    if (over.isEmpty) Vector.empty
    else {
      val prefixes = (0 to windows.count).map { i =>
        val cut = (startedAt + windows.from(i)) * 1_000_000L
        HistoryChecker.check(ops.filter(_.atNanos < cut)).accounts.map(a => a.account -> a.maxOverspendCents).toMap
      }
      over.map { a =>
        val first = prefixes.indexWhere(_.getOrElse(a.account, 0L) > 0L)
        Finding(
          Option.when(first >= 1)(first - 1),
          s"account ${a.account}: overspent by up to ${a.maxOverspendCents} cents"
        )
      }
    }
  }
}
