package mvt.fix

import mvt.core.*
import mvt.orderbook.{Engine, TradingDay}
import mvt.workload.CommandLogReader

import java.io.{BufferedInputStream, FileInputStream}
import java.nio.file.{Files, Path}

/**
 * Brings the FIX orders of the order log to what the venue's journal made of them (fills, cancels, rejects) by
 * replaying the journal through a private engine, so the reports after a restart continue each order's CumQty,
 * LeavesQty and AvgPx. Reads a journal the venue may be appending to: it stops at the first incomplete block.
 */
private[fix] object FixRecovery {

  def replay(journal: Path, orders: Vector[FixOrder]): Unit =
    if (orders.nonEmpty && !Files.exists(journal)) orders.foreach { o =>
      o.open = false; o.journaled = false
    }
    else if (orders.nonEmpty) {
      val byId = new java.util.HashMap[Long, FixOrder]()
      orders.foreach(o => byId.put(o.id, o))
      val seen = new java.util.HashSet[Long]() // FIX order ids some event of the journal names
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
        // the gateway sends no modify yet: what the journal holds of one from other submitters names no FIX order
        def expired(symbol: Symbol, id: OrderId, qty: Quantity): Unit =
          Option(byId.get(id.value)).foreach { x =>
            seen.add(x.id); x.open = false; x.expired = true
          }
        def modified(symbol: Symbol, id: OrderId, side: Side, price: Price, restingQty: Quantity): Unit =
          Option(byId.get(id.value)).foreach { x =>
            seen.add(x.id); if (restingQty.units == 0L) x.open = false
          }
        def modifyRejected(symbol: Symbol, id: OrderId, reason: RejectReason): Unit = ()
      }
      val day = new TradingDay(Engine.Fast, sink, None, None)
      val in = new BufferedInputStream(new FileInputStream(journal.toFile), 1 << 16)
      try
        CommandLogReader.open(in).foreach { r =>
          var books = new Array[Int](16)
          var booked = 0
          var n = r.nextBlock()
          while (n > 0) {
            val syms = r.symbols
            if (books.length < syms.size) books = java.util.Arrays.copyOf(books, syms.size * 2)
            while (booked < syms.size) { books(booked) = day.bookOf(syms(booked)); booked += 1 }
            r.columns.replay(day, books, 0, n)
            n = r.nextBlock()
          }
        }
      finally in.close()
      // an order no event names was logged but not journaled before the crash: it never reached the book
      orders.foreach(o => if (!seen.contains(o.id)) { o.open = false; o.journaled = false })
    }
}
