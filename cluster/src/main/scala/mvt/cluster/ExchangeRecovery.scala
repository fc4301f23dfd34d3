package mvt.cluster

import mvt.core.*
import mvt.orderbook.{Engine, TradingDay}
import mvt.trader.orders.StrategyIds
import mvt.workload.CommandSource

import java.io.{BufferedInputStream, FileInputStream}
import java.nio.file.{Files, Path}
import scala.collection.mutable

/**
 * What the venue's journal made of the traders' orders, for an exchange node restarted on it: the journal is
 * replayed through a private engine and every event naming a trader's order (an id of the strategies' range) is
 * kept: its fills in order, what rests of it, whether it closed. An order the side file holds but no event names
 * never reached the journal (the crash came between the side file and the commit).
 */
object ExchangeRecovery {

  /** One trader's order as the journal left it. */
  final class Order(var remaining: Long) {
    val fills = mutable.ArrayBuffer.empty[(Long, Long)] // (price raw, qty)
    var closed = false
  }

  /** The journal's view of `adds` (engine id to its quantity), for those it names. */
  def replay(journal: Path, adds: Map[Long, Long]): Map[Long, Order] =
    if (adds.isEmpty || !Files.exists(journal)) Map.empty
    else {
      val seen = mutable.LongMap.empty[Order]
      def of(id: OrderId): Option[Order] =
        if (!StrategyIds.isStrategy(id.value)) None
        else adds.get(id.value).map(q => seen.getOrElseUpdate(id.value, new Order(q)))
      val sink = new EventSink {
        def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
          of(id).foreach(_ => ())
        def executed(s: Symbol, b: OrderId, o: OrderId, p: Price, q: Quantity, a: Side): Unit = {
          of(b).foreach(fill(_, p, q))
          of(o).foreach(fill(_, p, q))
        }
        def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit =
          of(id).foreach(_.closed = true)
        def cancelRejected(symbol: Symbol, id: OrderId): Unit = ()
        def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
          of(id).foreach(_.closed = true)
        def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit = of(id).foreach(_.closed = true)
        def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
          of(id).foreach { o =>
            o.remaining = restingQty.units; if (restingQty.units == 0L) o.closed = true
          }
        def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit = ()
      }
      val day = new TradingDay(Engine.Fast, sink, None, None)
      val in = new BufferedInputStream(new FileInputStream(journal.toFile), 1 << 16)
      try
        // the one replay loop; a journal the venue has just recovered reads to its end
        CommandSource.open(in).foreach(_.replayAll(day))
      finally in.close()
      seen.toMap
    }

  private def fill(o: Order, p: Price, q: Quantity): Unit = {
    o.fills += ((p.raw, q.units))
    o.remaining -= q.units
    if (o.remaining <= 0L) o.closed = true
  }
}
