package mvt.fix

import mvt.core.*
import mvt.orderbook.{Engine, TradingDay}
import mvt.workload.CommandSource
import quickfix.Message

import java.nio.file.{Files, Path}
import scala.collection.mutable

/**
 * What the venue's journal says became of each FIX order, read the way `mvt match` reads it (a CommandSource
 * replayed into a TradingDay): its account, fills in order, and final OrdStatus, CumQty, LeavesQty and price,
 * worked out from the engine's events alone. Beside it, the same fields as a client's ExecutionReports tell them.
 */
object JournalOutcome {

  /** One order's fate: fills as (price text, quantity); `price` is None for an order that never rested. */
  final case class Order(
      account: Int,
      status: Char,
      cumQty: Long,
      leavesQty: Long,
      price: Option[String],
      fills: Vector[(String, Long)]
  )

  private final class State(val account: Int) {
    var status = '0'
    var cum = 0L
    var leaves = 0L
    var price: Option[String] = None
    val fills = Vector.newBuilder[(String, Long)]
    var closed = false // rejected, canceled or expired: the status is final
    def settle(): Order = {
      val st =
        if (closed) status else if (cum > 0 && leaves == 0) '2' else if (cum > 0) '1' else '0'
      Order(account, st, cum, leaves, price, fills.result())
    }
  }

  /** Every FIX order the journal holds (ids from `FixOrder.IdBase`), by id. */
  def of(journal: Path): Map[Long, Order] = {
    val accounts = mutable.HashMap.empty[Long, Int]
    val in0 = Files.newInputStream(journal)
    try {
      val src = CommandSource.open(in0).fold(e => throw new AssertionError(e.toString), identity)
      var n = src.nextBlock()
      while (n > 0) {
        val c = src.columns
        var i = 0
        while (i < n) {
          if (c.kinds(i) == CommandReader.Add && FixOrder.isFix(c.ids(i))) accounts(c.ids(i)) = c.accounts(i)
          i += 1
        }
        n = src.nextBlock()
      }
    } finally in0.close()
    val events = new Event.Collector
    val day = new TradingDay(Engine.Fast, events, None, None)
    val in = Files.newInputStream(journal)
    try { val _ = CommandSource.open(in).flatMap(_.replayAll(day)) }
    finally in.close()
    val states = mutable.LinkedHashMap.empty[Long, State]
    def st(id: OrderId): Option[State] =
      accounts.get(id.value).map(a => states.getOrElseUpdate(id.value, new State(a)))
    events.result().foreach {
      case Event.Added(_, id, _, px, q) => st(id).foreach { s =>
          s.leaves = q.units; s.price = Some(px.render)
        }
      case Event.Executed(_, buy, sell, px, q, aggressor) =>
        Seq((buy, aggressor.isBuy), (sell, !aggressor.isBuy)).foreach { (id, taker) =>
          st(id).foreach { s =>
            s.cum += q.units
            s.fills += ((px.render, q.units))
            // a taker's rest comes with its added, modified or expired event; none means it filled whole
            if (taker) s.leaves = 0 else s.leaves -= q.units
          }
        }
      case Event.Modified(_, id, _, px, q) => st(id).foreach { s =>
          s.leaves = q.units; s.price = Some(px.render)
        }
      case Event.Canceled(_, id, _) => st(id).foreach { s =>
          s.leaves = 0; s.status = '4'; s.closed = true
        }
      case Event.Expired(_, id, _) => st(id).foreach { s =>
          s.leaves = 0; s.status = 'C'; s.closed = true
        }
      case Event.Rejected(_, id, _) => st(id).foreach { s =>
          s.leaves = 0; s.status = '8'; s.closed = true
        }
      case _ => ()
    }
    accounts.keys.foreach(id => st(OrderId(id)))
    states.view.mapValues(_.settle()).toMap
  }

  /** The same fields from a client's ExecutionReports, by OrderID (37): the last report's, and every fill's. */
  def reported(reports: Iterable[Message]): Map[Long, Order] =
    reports.filter(m => m.getHeader.getString(35) == "8" && m.getString(37) != "NONE").groupBy(
      _.getString(37).toLong
    ).map { (id, ms) =>
      val last = ms.last
      val fills =
        ms.filter(_.getChar(150) == 'F').map(m => (m.getString(31), m.getString(32).toLong)).toVector
      id -> Order(
        -1,
        last.getChar(39),
        last.getString(14).toLong,
        last.getString(151).toLong,
        Some(last.getString(44)),
        fills
      )
    }
}
