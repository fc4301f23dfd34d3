package mvt.cluster.fork

import mvt.cluster.Consistency

/**
 * The kill and rejoin figures of one forked run (`mvt bench cluster`): the takeover, the balance updates lost by
 * the exchange's reconciliation with the trade feed, the orders and fills, and the restarted node's times until it
 * is up, until its replica holds every balance and until it owns subscriptions again. `None` where the event was not
 * seen before the day ended.
 */
final case class FaultFigures(
    mode: Consistency,
    killAfterSeconds: Int,
    takeoverMillis: Option[Long],
    balanceUpdatesLostCents: Long,
    accountsWithLostUpdates: Int,
    accounts: Int,
    dayCommands: Long,
    orders: Long,
    fills: Long,
    rejoinStartToUpMillis: Option[Long],
    rejoinUpToCaughtUpMillis: Option[Long],
    rejoinUpToOwningMillis: Option[Long],
    exchangeOk: Boolean
)

object FaultFigures {

  def of(o: ForkedCluster.Outcome): FaultFigures = {
    val ex = o.exchange.lines
    val missing = ex.filter(_.startsWith("account ")).map { l =>
      l.split(' ').find(_.startsWith("missing=")).flatMap(_.stripPrefix("missing=").toLongOption).getOrElse(
        0L
      )
    }
    val again = o.restarted.fold(Vector.empty[String])(_.lines)
    val up = NodeLines.millisOf(again, "node ")
    val owning =
      again.filter(_.startsWith("owns ")).filterNot(_.startsWith("owns 0 ")).flatMap(NodeLines.ownsAt)
        .headOption
    FaultFigures(
      o.plan.mode,
      o.plan.killAfterSeconds.getOrElse(0),
      o.takeoverMillis,
      missing.map(math.abs).sum,
      missing.count(_ != 0L),
      missing.size,
      ex.find(_.startsWith("day played")).flatMap(_.split(' ').lift(2)).map(_.replace(",", ""))
        .flatMap(_.toLongOption).getOrElse(0L),
      NodeLines.summaryField(ex, "orders"),
      NodeLines.summaryField(ex, "fills"),
      up.filter(_ => o.restartedAt > 0L).map(_ - o.restartedAt),
      for { u <- up; c <- NodeLines.millisOf(again, "caught-up") } yield c - u,
      for { u <- up; w <- owning } yield w - u,
      o.exchangeStatus == 0
    )
  }
}
