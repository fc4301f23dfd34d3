package mvt.bench.cluster

import mvt.cluster.Consistency
import mvt.cluster.fork.{ForkedCluster, NodeEvents}

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
    val ex = o.exchange.events
    val missing = ex.accounts.map(_.missing)
    val again = o.restarted.fold(NodeEvents(Vector.empty))(_.events)
    val up = again.upAt
    val owning = again.ownsAt.collectFirst { case (at, n) if n > 0 => at }
    FaultFigures(
      o.plan.mode,
      o.plan.killAfterSeconds.getOrElse(0),
      o.takeoverMillis,
      missing.map(math.abs).sum,
      missing.count(_ != 0L),
      missing.size,
      ex.dayCommands.getOrElse(0L),
      ex.summary.fold(0L)(_.orders),
      ex.summary.fold(0L)(_.fills),
      up.filter(_ => o.restartedAt > 0L).map(_ - o.restartedAt),
      for { u <- up; c <- again.caughtUpAt } yield c - u,
      for { u <- up; w <- owning } yield w - u,
      o.exchangeStatus == 0
    )
  }
}
