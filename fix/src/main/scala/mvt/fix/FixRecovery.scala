package mvt.fix

import mvt.core.*
import mvt.orderbook.{Engine, TradingDay}
import mvt.workload.{CommandLogReader, CommandSource}

import java.io.{BufferedInputStream, FileInputStream}
import java.nio.file.{Files, Path}

/**
 * Brings the FIX orders of the order log to what the venue's journal made of them (fills, cancels, rejects,
 * replaces) by replaying the journal through a private engine, so the reports after a restart continue each
 * order's ClOrdID chain, OrderQty, price, CumQty, LeavesQty and AvgPx. Reads a journal the venue may be appending
 * to: it stops at the first incomplete block.
 */
private[fix] object FixRecovery {

  def replay(
      journal: Path,
      orders: Vector[FixOrder],
      replaces: Vector[OrderLog.Replace] = Vector.empty
  ): Unit =
    if (orders.nonEmpty && !Files.exists(journal)) orders.foreach { o =>
      o.open = false; o.journaled = false
    }
    else if (orders.nonEmpty) {
      val byId = new java.util.HashMap[Long, FixOrder]()
      orders.foreach(o => byId.put(o.id, o))
      val seen = new java.util.HashSet[Long]() // FIX order ids some event of the journal names
      // each order's replaces not yet matched to a journaled modify, in the order they were sent
      val waiting = new java.util.HashMap[Long, java.util.ArrayDeque[OrderLog.Replace]]()
      replaces.foreach(r => waiting.computeIfAbsent(r.id, _ => new java.util.ArrayDeque()).add(r))
      var current: OrderLog.Replace = null // the replace of the modify being replayed; null otherwise
      val sink = new EventSink {
        def added(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit = {
          val _ = seen.add(id.value)
        }
        def executed(s: Symbol, b: OrderId, o: OrderId, p: Price, q: Quantity, a: Side): Unit = {
          Option(byId.get(b.value)).foreach { x =>
            seen.add(x.id); x.fill(p, q.units)
          }
          Option(byId.get(o.value)).foreach { x =>
            seen.add(x.id); x.fill(p, q.units)
          }
        }
        def canceled(symbol: Symbol, id: OrderId, canceledQty: Quantity): Unit =
          Option(byId.get(id.value)).foreach { o =>
            o.open = false; o.canceled = true
          }
        def cancelRejected(symbol: Symbol, id: OrderId): Unit = ()
        def rejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit =
          Option(byId.get(id.value)).foreach { x =>
            seen.add(x.id); x.open = false
          }
        def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit =
          Option(byId.get(id.value)).foreach { x =>
            seen.add(x.id); x.open = false; x.expired = true
          }
        def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
          Option(byId.get(id.value)).foreach { x =>
            seen.add(x.id)
            // as the gateway did live: OrderQty is what filled (the move's fills are in) plus what rests
            if (current != null && current.id == x.id)
              x.replaced(current.clOrdId, current.price, x.cumQty + restingQty.units)
            if (restingQty.units == 0L) x.open = false
          }
        def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit = ()
      }
      val day = new TradingDay(Engine.Fast, sink, None, None)
      val in = new BufferedInputStream(new FileInputStream(journal.toFile), 1 << 16)
      try
        CommandLogReader.open(in).foreach { r =>
          val source = CommandSource.ofLog(r)
          var n = source.nextBlock()
          while (n > 0) {
            val c = source.columns
            var from = 0
            var i = 0
            while (i < n) {
              // a modify of a FIX order replays alone, with the replace it carried out as `current`
              if (c.kinds(i) == CommandReader.Modify && waiting.containsKey(c.ids(i))) {
                source.replayBlock(day, from, i)
                current = sentAs(waiting.get(c.ids(i)), c.prices(i), c.qtys(i))
                source.replayBlock(day, i, i + 1)
                current = null
                from = i + 1
              }
              i += 1
            }
            source.replayBlock(day, from, n)
            n = source.nextBlock()
          }
        }
      finally in.close()
      // an order no event names was logged but not journaled before the crash: it never reached the book
      orders.foreach(o => if (!seen.contains(o.id)) { o.open = false; o.journaled = false })
    }

  // the first waiting replace sent as this modify; those before it never reached the journal (the venue refused
  // them), so they are dropped with it
  private def sentAs(q: java.util.ArrayDeque[OrderLog.Replace], price: Long, qty: Long): OrderLog.Replace = {
    val it = q.iterator()
    var found: OrderLog.Replace = null
    while (found == null && it.hasNext) {
      val r = it.next()
      if (r.price.raw == price && r.remaining == qty) found = r
    }
    if (found != null) {
      while (q.peekFirst() ne found) { val _ = q.pollFirst() }
      val _ = q.pollFirst()
    }
    found
  }
}
