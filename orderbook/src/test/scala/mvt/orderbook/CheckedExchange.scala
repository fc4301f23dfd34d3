package mvt.orderbook

import mvt.core.*

/**
 * An exchange whose every command is checked against the spec's rules, stated from the outside: from the
 * events, the snapshot and `OrderBook.restingOrders` alone. Throws `AssertionError` on the first violation.
 *
 *   - Each add is answered as rules 3 to 5 say, given the book before it: its fills take the opposite side's
 *     resting orders in priority order while they cross, at their own prices, then any remainder rests.
 *   - An id is live exactly when it rests: an add of a resting id (any book) is a duplicate, and only then.
 *   - A cancel removes exactly the quantity resting under that id in that book, or is rejected.
 *   - A rejected command changes nothing.
 *   - Quantity is conserved: with A the quantity of accepted adds, E of executions, C of cancels and R resting
 *     now, A = 2E + C + R (each execution consumes E from the taker and E from the maker).
 *   - The resting orders equal those the events imply (added, less fills, less cancels), and within a price
 *     they are in the order their `added` events came (FIFO); levels are best first and never crossed.
 *   - The snapshot sums the resting orders per level, and `checkInvariants()` holds.
 *   - `refreshTop` gives each book's best levels, and says the top moved exactly when it did.
 *   - The forms of `spec/order-types.md`: IOC matches and expires its remainder; FOK fills completely exactly when
 *     the crossed levels hold enough, else expires whole; POST rests unless it crosses the best (`would-cross`);
 *     a modify is checked in the spec's order, reduces in place (same price, no more quantity) keeping the
 *     order's arrival, or takes the order out and lets it arrive again with its side and post-only flag.
 */
final class CheckedExchange(engine: Engine) {
  private val sink = new EventBuffer
  val exchange = new Exchange(engine, sink)

  // event-derived model: id -> (symbol, arrival number, remaining quantity)
  private var model = Map.empty[Long, (Symbol, Long, Long)]
  private var arrivals = 0L
  private var accepted = BigInt(0)
  private var executed = BigInt(0)
  private var canceled = BigInt(0)
  private var step = 0
  // resting orders placed post-only; an id leaves the set when its order leaves the book
  private var postOnly = Set.empty[Long]
  // the top each book's `refreshTop` last wrote, as the quote feed keeps it
  private var tops = Map.empty[Symbol, Array[Long]]
  // the modify being checked reduces in place: its `modified` event keeps the order's arrival
  private var inPlace = false

  private def fail(msg: String): Nothing = throw new AssertionError(s"${engine.label}, command $step: $msg")

  private def resting(s: Symbol, side: Side): Vector[RestingOrder] =
    exchange.book(s).fold(Vector.empty[RestingOrder])(_.restingOrders(side))

  private def allResting: Map[(Symbol, Side), Vector[RestingOrder]] =
    (for (s <- exchange.symbolsWithBooks; side <- Side.values) yield (s, side) -> resting(s, side)).toMap

  def apply(c: Command): Vector[Event] = {
    step += 1
    val before = allResting
    val liveIds = before.values.flatten.map(_.id.value).toSet
    exchange.apply(c)
    val events = sink.drain()
    val what = s"${c.render} -> ${events.map(_.render).mkString(" | ")}"
    val expected = c match {
      case Command.Add(s, id, side, p, q, _, tif) =>
        val opposite = before.getOrElse((s, side.opposite), Vector.empty)
        if (!p.isValid) Vector(Event.Rejected(s, id, RejectReason.InvalidPrice))
        else if (!q.isValid) Vector(Event.Rejected(s, id, RejectReason.InvalidQuantity))
        else if (liveIds(id.value)) Vector(Event.Rejected(s, id, RejectReason.DuplicateOrderId))
        else if (tif == TimeInForce.Gtc) expectedMatch(s, id, side, p, q, opposite)
        else if (tif == TimeInForce.Ioc)
          expectedMatch(s, id, side, p, q, opposite).map {
            case Event.Added(_, _, _, _, left) => Event.Expired(s, id, left)
            case e => e
          }
        else if (tif == TimeInForce.Fok) {
          val crossed =
            opposite.filter(o => crosses(side, p, o.price)).map(o => BigInt(o.remainingQty.units)).sum
          if (crossed >= q.units) expectedMatch(s, id, side, p, q, opposite)
          else Vector(Event.Expired(s, id, q))
        } else if (opposite.headOption.exists(o => crosses(side, p, o.price)))
          Vector(Event.Rejected(s, id, RejectReason.WouldCross))
        else Vector(Event.Added(s, id, side, p, q))
      case Command.Modify(s, id, p, q) =>
        inPlace = false
        val mine =
          (before.getOrElse((s, Side.Buy), Vector.empty) ++ before.getOrElse((s, Side.Sell), Vector.empty))
            .find(_.id == id)
        if (!p.isValid) Vector(Event.ModifyRejected(s, id, RejectReason.InvalidPrice))
        else if (!q.isValid) Vector(Event.ModifyRejected(s, id, RejectReason.InvalidQuantity))
        else
          mine match {
            case None => Vector(Event.ModifyRejected(s, id, RejectReason.UnknownOrder))
            case Some(o) =>
              val opposite = before.getOrElse((s, o.side.opposite), Vector.empty)
              if (postOnly(id.value) && opposite.headOption.exists(b => crosses(o.side, p, b.price)))
                Vector(Event.ModifyRejected(s, id, RejectReason.WouldCross))
              else if (p.raw == o.price.raw && q.units <= o.remainingQty.units) {
                inPlace = true
                Vector(Event.Modified(s, id, o.side, p, q))
              } else {
                val arrival = expectedMatch(s, id, o.side, p, q, opposite)
                val rests = arrival.collect { case e: Event.Added => e.restingQty }.headOption
                arrival.filter(_.isInstanceOf[Event.Executed]) :+
                  Event.Modified(s, id, o.side, p, rests.getOrElse(Quantity.Zero))
              }
          }
      case Command.Time(_) => Vector.empty
      case Command.Cancel(s, id) =>
        (before.getOrElse((s, Side.Buy), Vector.empty) ++ before.getOrElse((s, Side.Sell), Vector.empty))
          .find(_.id == id) match {
          case Some(o) => Vector(Event.Canceled(s, id, o.remainingQty))
          case None => Vector(Event.CancelRejected(s, id))
        }
    }
    if (events != expected) fail(s"$what; expected ${expected.map(_.render).mkString(" | ")}")
    val after = allResting
    events match {
      case Vector(Event.Rejected(_, _, _)) | Vector(Event.CancelRejected(_, _)) |
          Vector(Event.ModifyRejected(_, _, _)) | Vector(Event.Expired(_, _, _)) =>
        if (after.filter(_._2.nonEmpty) != before.filter(_._2.nonEmpty)) fail(s"$what changed the book")
      case _ => ()
    }
    c match {
      case Command.Add(_, id, _, _, q, _, tif) if !events.exists(_.isInstanceOf[Event.Rejected]) =>
        val filled = events.collect { case e: Event.Executed => e.tradeQty.units }.sum
        val rested = events.collect { case e: Event.Added => e.restingQty.units }.sum
        val expired = events.collect { case e: Event.Expired => e.qty.units }.sum
        if (filled + rested + expired != q.units)
          fail(s"$what: $filled filled + $rested rested + $expired expired != ${q.units}")
        accepted += q.units
        canceled += expired // quantity that left without a fill, as a cancel's does
        if (tif == TimeInForce.Post && rested > 0) postOnly += id.value
      case Command.Modify(_, id, _, q) if events.exists(_.isInstanceOf[Event.Modified]) =>
        // the order's old remainder leaves as if canceled, and the new quantity arrives as if added
        val (_, _, old) = model(id.value)
        canceled += old
        accepted += q.units
      case _ => ()
    }
    events.foreach(learn)
    checkState(after, what)
    events
  }

  /** The fills and rest the spec demands of a valid, non-duplicate add against `opposite` (best first). */
  private def expectedMatch(
      s: Symbol,
      id: OrderId,
      side: Side,
      p: Price,
      q: Quantity,
      opposite: Vector[RestingOrder]
  ): Vector[Event] = {
    var remaining = q.units
    val fills = opposite.iterator
      .takeWhile(o => remaining > 0 && (if (side.isBuy) o.price.raw <= p.raw else o.price.raw >= p.raw))
      .map { o =>
        val trade = math.min(remaining, o.remainingQty.units)
        remaining -= trade
        val (buy, sell) = if (side.isBuy) (id, o.id) else (o.id, id)
        Event.Executed(s, buy, sell, o.price, Quantity(trade), side)
      }
      .toVector
    if (remaining > 0) fills :+ Event.Added(s, id, side, p, Quantity(remaining)) else fills
  }

  private def crosses(side: Side, limit: Price, resting: Price): Boolean =
    if (side.isBuy) resting.raw <= limit.raw else resting.raw >= limit.raw

  private def learn(e: Event): Unit = e match {
    case Event.Modified(s, id, _, _, q) =>
      // in place the order keeps its arrival; otherwise it arrived again, after every order resting now
      val arrival = if (inPlace) model(id.value)._2 else { arrivals += 1; arrivals - 1 }
      if (q.units == 0) { model -= id.value; postOnly -= id.value }
      else model += id.value -> (s, arrival, q.units)
    case Event.Added(s, id, _, _, q) =>
      model += id.value -> (s, arrivals, q.units)
      arrivals += 1
    case Event.Executed(_, buy, sell, _, q, aggressor) =>
      val maker = if (aggressor.isBuy) sell.value else buy.value
      val (s, n, left) = model.getOrElse(maker, fail(s"execution against $maker, which does not rest"))
      if (left == q.units) { model -= maker; postOnly -= maker }
      else model += maker -> (s, n, left - q.units)
      executed += q.units
    case Event.Canceled(_, id, q) =>
      model -= id.value
      postOnly -= id.value
      canceled += q.units
    case _ => ()
  }

  private def checkState(after: Map[(Symbol, Side), Vector[RestingOrder]], what: String): Unit = {
    try exchange.checkInvariants()
    catch { case e: IllegalStateException => fail(s"$what: ${e.getMessage}") }
    val orders = after.toVector.flatMap { case ((s, _), os) =>
      os.map(o => o.id.value -> (s, o.remainingQty.units))
    }
    val implied = model.view.mapValues((s, _, q) => (s, q)).toMap
    if (orders.toMap != implied || orders.size != implied.size)
      fail(s"$what: resting ${orders.sortBy(_._1)} but the events imply ${implied.toVector.sortBy(_._1)}")
    if (exchange.liveOrderCount != model.size) fail(s"$what: liveOrderCount ${exchange.liveOrderCount}")
    after.foreach { case ((s, side), os) =>
      os.foreach(o => if (o.side != side) fail(s"$what: ${o.id.value} listed on the wrong side"))
      // best first: prices never go the wrong way, and within one price arrivals increase (FIFO)
      os.sliding(2).foreach {
        case Vector(a, b) =>
          val worse = if (side.isBuy) b.price.raw < a.price.raw else b.price.raw > a.price.raw
          if (!worse && (b.price != a.price || model(b.id.value)._2 <= model(a.id.value)._2))
            fail(s"$what: ${s.name} $side out of priority order: $a before $b")
        case _ => ()
      }
    }
    val snapshot = exchange.snapshot
    val implLevels = after.toVector.sortBy((k, _) => (k._1.name, k._2.code)).flatMap { case ((s, side), os) =>
      os.groupBy(_.price).toVector
        .sortBy((p, _) => if (side.isBuy) -p.raw else p.raw)
        .map((p, at) => Level(s, side, p, Quantity(at.map(_.remainingQty.units).sum), at.size))
    }
    if (snapshot != implLevels) fail(s"$what: snapshot $snapshot != levels of the resting orders $implLevels")
    snapshot.groupBy(_.symbol).foreach { (s, levels) =>
      val bid = levels.filter(_.side.isBuy).map(_.price.raw).maxOption
      val ask = levels.filter(!_.side.isBuy).map(_.price.raw).minOption
      if (bid.exists(b => ask.exists(_ <= b))) fail(s"$what: ${s.name} crossed at rest: $bid >= $ask")
    }
    // the quote feed's one-call top agrees with the levels, and says it moved exactly when it did
    exchange.symbolsWithBooks.foreach { s =>
      val b = exchange.bookOf(s)
      def bestOf(side: Side) = snapshot.find(l => l.symbol == s && l.side == side)
      val bid = bestOf(Side.Buy)
      val ask = bestOf(Side.Sell)
      val expected = Array(
        bid.fold(0L)(_.price.raw),
        bid.fold(0L)(_.totalQty.units),
        ask.fold(0L)(_.price.raw),
        ask.fold(0L)(_.totalQty.units)
      )
      val stored = tops.getOrElse(s, Array(0L, 0L, 0L, 0L))
      val top = stored.clone()
      val moved = exchange.refreshTop(b, top, 0)
      if (!top.sameElements(expected) || moved != !stored.sameElements(expected))
        fail(
          s"$what: ${s.name} top ${top.mkString(",")} (moved: $moved) but the levels say ${expected.mkString(",")}"
        )
      tops = tops.updated(s, top)
    }
    val r = snapshot.map(l => BigInt(l.totalQty.units)).sum
    if (accepted != 2 * executed + canceled + r)
      fail(s"$what: quantity not conserved: accepted $accepted != 2 * $executed + $canceled + $r")
  }
}
