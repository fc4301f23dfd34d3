package mvt.fix

import java.nio.file.Path

/**
 * The FIX orders of a venue directory's day that its journal holds, as (CompID, ClOrdID) with every ClOrdID an order
 * had through its replaces: what a client that was acknowledged an order can check it against after a crash.
 */
object JournaledOrders {

  /** The orders of `day` in `dir` (its order log replayed against its journal), or why the log cannot be read. */
  def of(dir: Path, day: String): Either[String, Set[(String, String)]] =
    OrderLog.open(OrderLog.pathFor(dir, day), force = false).map { (log, recovered) =>
      log.close()
      FixRecovery.replay(dir.resolve(s"$day.mvtc"), recovered.orders, recovered.replaces)
      recovered.orders.filter(_.journaled).flatMap(o => (o.clOrdId :: o.formerClOrdIds).map(o.compId -> _)).toSet
    }
}
