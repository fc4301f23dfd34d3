package mvt.fix

import mvt.core.*
import mvt.venue.{Outcome, Refusal, Reply}
import quickfix.{Message, Session, SessionID}

import java.util.concurrent.LinkedBlockingQueue
import scala.collection.mutable
import scala.jdk.CollectionConverters.*

/**
 * The gateway's one thread: it owns every FIX order's state, turns clients' messages into venue commands (after
 * their side-file records are forced), and turns the venue's outcomes into ExecutionReports for each order's
 * owner, maker or taker. QuickFIX/J's threads and the venue's commit thread only enqueue to it, so its state
 * needs no lock.
 */
private[fix] final class OrderDesk(
    symbols: Vector[Symbol],
    submit: (Command, Reply) => Option[Refusal],
    settings: FixSettings,
    log: OrderLog,
    recovered: OrderLog.Recovered,
    marketData: MarketData
) extends Runnable {
  val queue = new LinkedBlockingQueue[Inbound]()
  // the orders by id less FixOrder.IdBase: ids are handed out one after another, so an array holds them densely
  // (null for an id the gateway never gave, as after a restart's unused numbers)
  private val byId = new java.util.ArrayList[FixOrder]()
  // per CompID, every ClOrdID the session used today: to the order it names, or to null for one that names no order
  // (a cancel's, or a replace's the venue has not taken); one entry a ClOrdID, no key object beside the text
  private val clOrdIds = mutable.HashMap.empty[String, java.util.HashMap[String, FixOrder]]
  private val traded = symbols.map(_.name).toSet
  private val accounts = settings.clients.map(c => c.compId -> c.account).toMap
  private var nextId = FixOrder.IdBase
  private val pendingCommands = mutable.ArrayBuffer.empty[Command]
  private val pendingWork = mutable.ArrayBuffer.empty[Work]
  private var rejects = 0L
  private var statusReports = 0L
  private val runTag = java.lang.Long.toString(System.currentTimeMillis(), 36)
  private val stages = settings.stages.orNull // a benchmark's, or null
  private var inFlight = 0L // commands handed to the order-log thread whose outcome has not been reported yet
  // from Inbound.Close on: new orders, cancels and replaces are refused, not submitted
  private var closing = false
  private val drainedLatch = new java.util.concurrent.CountDownLatch(1)

  /**
   * After `Inbound.Close` was queued: waits (up to `millis`) until every command submitted before it has its
   * outcome reported; false if some still have none (a venue that failed never answers). Any thread.
   */
  def awaitDrained(millis: Long): Boolean =
    drainedLatch.await(millis, java.util.concurrent.TimeUnit.MILLISECONDS)

  /** Commands submitted whose outcome has not been reported yet, as of the last batch (for the close's log line). */
  @volatile var unanswered = 0L

  /**
   * The thread that writes the order log (and forces it, under durability) and then submits each batch's commands:
   * the gateway thread never waits on a file or the venue's queue. Started by the gateway; this thread stops it
   * when it stops.
   */
  val forcer: LogForcer = new LogForcer(log, submitBatch, cannotRecordBatch)

  recovered.used.foreach((c, ids) => ids.foreach(id => sessionIds(c).put(id, null)))
  recovered.orders.foreach { o =>
    index(o)
    (o.clOrdId :: o.formerClOrdIds).foreach(c => sessionIds(o.compId).put(c, o))
    nextId = math.max(nextId, o.id + 1)
  }

  private def index(o: FixOrder): Unit = {
    val i = (o.id - FixOrder.IdBase).toInt
    while (byId.size <= i) { val _ = byId.add(null) }
    val _ = byId.set(i, o)
  }

  private def order(id: Long): FixOrder =
    if (!FixOrder.isFix(id) || id - FixOrder.IdBase >= byId.size) null
    else byId.get((id - FixOrder.IdBase).toInt)

  private def sessionIds(compId: String) =
    clOrdIds.getOrElseUpdate(compId, new java.util.HashMap[String, FixOrder])

  // the session's open or closed order named `clOrdId`, or null
  private def named(compId: String, clOrdId: String): FixOrder =
    clOrdIds.get(compId).fold(null)(_.get(clOrdId))

  private def isUsed(compId: String, clOrdId: String): Boolean =
    clOrdIds.get(compId).exists(_.containsKey(clOrdId))

  def run(): Unit = {
    val batch = new java.util.ArrayList[Inbound]()
    var running = true
    try
      while (running) {
        batch.add(queue.take())
        queue.drainTo(batch)
        val it = batch.iterator()
        while (it.hasNext) {
          it.next() match {
            case Inbound.Stop => running = false
            case i => handle(i)
          }
        }
        batch.clear()
        flush()
        unanswered = inFlight
        if (closing && inFlight == 0) drainedLatch.countDown()
      }
    finally {
      // after this thread's last batch, also when it ends on an error: the gateway's close joins the forcer
      forcer.stop()
    }
  }

  // the outcome of `w` is here: it is no longer in flight, nor, for a cancel or replace, pending on its order
  private def answered(w: Work): Unit = {
    inFlight -= 1
    w match {
      case Work.Cancel(o, _) => o.requestsInFlight -= 1
      case Work.Replace(o, _) => o.requestsInFlight -= 1
      case _ => ()
    }
  }

  // a cancel or replace of `o` is taken: until its outcome, a status report says so (6 pending cancel, E replace)
  private def requested(o: FixOrder, status: Char): Unit = {
    o.requestsInFlight += 1
    o.lastRequest = status
  }

  private def handle(i: Inbound): Unit =
    try
      i match {
        case Inbound.FromClient(c, m) => fromClient(c, m)
        case Inbound.Done(w, o) => answered(w); done(w, o)
        case Inbound.Refused(w, r) => answered(w); refused(w, r)
        case Inbound.MakerFill(id, px, q, execId) => fill(id, px, q, () => execId)
        case Inbound.Unrecorded(w) => answered(w); cannotRecord(w)
        case Inbound.Restate(reported) => restate(reported)
        case Inbound.Close => closing = true
        case Inbound.Stop => ()
      }
    catch {
      // a bug reading one message must not stop every session: report it and go on
      case e: Exception => settings.log(s"fix: error handling a message: $e")
    }

  // hands this batch's side-file records and commands to the order-log thread
  private def flush(): Unit =
    if (pendingCommands.nonEmpty) {
      inFlight += pendingCommands.size
      forcer.offer(new LogForcer.Batch(log.take(), pendingCommands.toArray, pendingWork.toArray))
      pendingCommands.clear()
      pendingWork.clear()
    }

  // submits a batch whose records are written (and forced, under durability), in order; any thread
  private def submitBatch(b: LogForcer.Batch): Unit = {
    var i = 0
    while (i < b.commands.length) {
      val work = b.works(i)
      if (stages != null) passed(OrderStages.Submitted, work)
      val reply = new Reply {
        def done(o: Outcome): Unit = {
          if (stages != null) passed(OrderStages.Durable, work)
          queue.put(Inbound.Done(work, o))
        }
        override def refused(why: Refusal): Unit = queue.put(Inbound.Refused(work, why))
      }
      submit(b.commands(i), reply).foreach(r => queue.put(Inbound.Refused(work, r)))
      i += 1
    }
  }

  private def passed(stage: Int, work: Work): Unit = work match {
    case Work.Add(o) => stages.passed(stage, o.clOrdId, System.nanoTime())
    case _ => ()
  }

  // without its side-file line an order could not be matched to its session after a crash: its command is never
  // submitted, and this thread refuses it; any thread
  private def cannotRecordBatch(b: LogForcer.Batch, e: java.io.IOException): Unit = {
    settings.log(s"fix: cannot write the order log: $e")
    b.works.foreach(w => queue.put(Inbound.Unrecorded(w)))
  }

  private def fromClient(compId: String, m: Message): Unit =
    m.getHeader.getString(35) match {
      // a resend of what the venue took is answered with its status, even while closing: nothing is submitted
      case "D" | "F" | "G" if closing && !resendsTaken(compId, m) =>
        refuseClosing(compId, m)
      case "D" => newOrder(compId, m)
      case "F" => cancel(compId, m)
      case "G" => replace(compId, m)
      case "V" => marketData.request(compId, m)
      case t => settings.log(s"fix: $compId sent message type $t, which the gateway does not route")
    }

  // the gateway is closing: it would not be there to report an outcome, so nothing more is submitted
  private def refuseClosing(compId: String, m: Message): Unit = {
    val text = "the gateway is closing: nothing was taken"
    val clOrdId = field(m, 11)
    if (m.getHeader.getString(35) == "D") rejectNew(compId, m, text)
    else {
      val orig = field(m, 41)
      val o = named(compId, orig)
      val (orderId, status) =
        if (o == null) ("NONE", Reports.Rejected) else (o.id.toString, Reports.status(o))
      send(
        compId,
        Reports.cancelReject(orderId, clOrdId, orig, m.getHeader.getString(35) == "G", status, 99, text)
      )
    }
  }

  private def field(m: Message, tag: Int): String = if (m.isSetField(tag)) m.getString(tag) else ""

  // a New refused before the venue saw it: an ExecutionReport (rejected) echoing the order's own fields
  private def rejectNew(compId: String, m: Message, text: String): Unit = {
    rejects += 1
    send(
      compId,
      Reports.orderReject(
        s"R-$runTag-$rejects",
        field(m, 11),
        field(m, 55),
        field(m, 54).headOption.getOrElse('?'),
        field(m, 38),
        text
      )
    )
  }

  // a possible duplicate (43=Y) of a request this session sent before, as a client resends after a crash cut the
  // venue off between taking a message and counting its sequence number: the order it names
  private def resentOf(compId: String, m: Message): FixOrder =
    if (isPossDup(m)) named(compId, field(m, 11)) else null

  private def isPossDup(m: Message): Boolean = m.getHeader.isSetField(43) && m.getHeader.getBoolean(43)

  // a possible duplicate whose ClOrdID the venue already took: answered with a status, never submitted again
  private def resendsTaken(compId: String, m: Message): Boolean = isPossDup(m) && isUsed(compId, field(m, 11))

  // the state of `o`, for a request that turned out to be a possible duplicate of one already taken: ExecType I
  private def sendStatus(o: FixOrder, resentClOrdId: String): Unit = {
    statusReports += 1
    val dup = s"possible duplicate (43=Y) of ClOrdID \"$resentClOrdId\""
    // recovery found an order in the side file only: it was reported not taken, and is not
    val text =
      if (o.journaled) s"$dup, taken before: the order's status" else s"$dup: ${OrderDesk.NotTakenText}"
    val m = Reports.execution(
      o,
      s"S-$runTag-$statusReports",
      Reports.OrderStatus,
      o.clOrdId,
      None,
      None,
      Some(text)
    )
    // what the order's reports so far do not say yet: the report of its taking, or of a cancel or replace, to come
    if (!o.journaled) m.setChar(39, Reports.Rejected)
    else if (!o.acknowledged) m.setChar(39, Reports.PendingNew)
    else if (o.open && o.requestsInFlight > 0) m.setChar(39, o.lastRequest)
    send(o.compId, m)
  }

  private def newOrder(compId: String, m: Message): Unit = {
    val clOrdId = field(m, 11)
    if (stages != null) stages.passed(OrderStages.Taken, clOrdId, System.nanoTime())
    val sym = field(m, 55)
    val sideText = field(m, 54)
    val resent = resentOf(compId, m)
    // the same order again (its first ClOrdID, symbol and side): its status; anything else reusing the ClOrdID is refused
    if (
      (resent ne null) && clOrdId == resent.formerClOrdIds.lastOption.getOrElse(resent.clOrdId) &&
      sym == resent.symbol.name && sideText == Reports.side(resent.side).toString
    ) sendStatus(resent, clOrdId)
    else newOrderChecked(compId, m, clOrdId, sym, sideText)
  }

  private def newOrderChecked(
      compId: String,
      m: Message,
      clOrdId: String,
      sym: String,
      sideText: String
  ): Unit = {
    val qtyText = field(m, 38)
    def reject(text: String): Unit = rejectNew(compId, m, text)
    val tif = Option(field(m, 59)).filter(_.nonEmpty).map(_.head)
    val execInst = Option(field(m, 18)).filter(_.nonEmpty)
    val checked = for {
      _ <- FixFields.clOrdId(clOrdId)
      kind <- OrderKind.of(field(m, 40).headOption.getOrElse('?'), tif, execInst)
      side <- FixFields.side(sideText)
      symbol <-
        Symbol.parse(sym).filter(s => traded(s.name)).toRight(s"Symbol (55) \"$sym\" is not traded here")
      price <- FixFields.price(field(m, 44))
      qty <- FixFields.quantity(qtyText)
      _ <- Either.cond(
        !isUsed(compId, clOrdId),
        (),
        s"ClOrdID (11) \"$clOrdId\" was already used by this session today"
      )
    } yield (kind, side, symbol, price, qty)
    checked match {
      case Left(text) => reject(text)
      case Right((kind, side, symbol, price, qty)) =>
        val o = new FixOrder(nextId, compId, clOrdId, symbol, side, price, qty)
        o.acknowledged = false
        nextId += 1
        index(o)
        val _ = sessionIds(compId).put(clOrdId, o)
        log.newOrder(o)
        pendingCommands += Command.Add(
          symbol,
          OrderId(o.id),
          side,
          price,
          Quantity(qty),
          accounts.getOrElse(compId, Account.House),
          kind.tif
        )
        pendingWork += Work.Add(o)
    }
  }

  private def cancel(compId: String, m: Message): Unit = {
    val clOrdId = field(m, 11)
    val orig = field(m, 41)
    def reject(orderId: String, status: Char, reason: Int, text: String): Unit =
      send(compId, Reports.cancelReject(orderId, clOrdId, orig, false, status, reason, text))
    // only this session's own orders are found: the key holds its CompID
    Option(named(compId, orig)) match {
      case None => reject(
          "NONE",
          Reports.Rejected,
          1,
          s"unknown order: this session has no order with ClOrdID \"$orig\""
        )
      case Some(o) =>
        FixFields.clOrdId(clOrdId) match {
          case Left(text) => reject(o.id.toString, Reports.status(o), 99, text)
          // a resent cancel this session's first run took: what became of the order
          case Right(_) if resendsTaken(compId, m) => sendStatus(o, clOrdId)
          case Right(_) if isUsed(compId, clOrdId) =>
            reject(
              o.id.toString,
              Reports.status(o),
              99,
              s"ClOrdID (11) \"$clOrdId\" was already used by this session today"
            )
          case Right(_) if !o.open =>
            reject(
              o.id.toString,
              Reports.status(o),
              0,
              s"too late to cancel: the order is ${if (o.canceled) "canceled" else "filled"}"
            )
          case Right(_) =>
            val _ = sessionIds(compId).put(clOrdId, null)
            log.clOrdIdUsed(compId, clOrdId)
            pendingCommands += Command.Cancel(o.symbol, OrderId(o.id))
            requested(o, Reports.PendingCancel)
            pendingWork += Work.Cancel(o, clOrdId)
        }
    }
  }

  // a replace becomes the venue's modify of the order's remaining quantity (OrderQty less what has filled); the
  // venue decides whether it keeps its place in the queue (order-types.md)
  private def replace(compId: String, m: Message): Unit = {
    val clOrdId = field(m, 11)
    val orig = field(m, 41)
    Option(named(compId, orig)) match {
      case None => send(
          compId,
          Reports.cancelReject(
            "NONE",
            clOrdId,
            orig,
            true,
            Reports.Rejected,
            1,
            s"unknown order: this session has no order with ClOrdID \"$orig\""
          )
        )
      case Some(o) =>
        def refuse(reason: Int, text: String): Unit =
          send(
            compId,
            Reports.cancelReject(o.id.toString, clOrdId, orig, true, Reports.status(o), reason, text)
          )
        // a resent replace taken before: what became of the order, whether it is still open or not
        if (resendsTaken(compId, m)) sendStatus(o, clOrdId)
        else if (!o.open) refuse(0, s"too late to replace: the order is ${closedState(o)}")
        else
          replaceFields(compId, o, m) match {
            case Left(text) => refuse(99, text)
            case Right((price, qty)) =>
              val _ = sessionIds(compId).put(clOrdId, null)
              val r = OrderLog.Replace(o.id, price, qty - o.cumQty, qty, clOrdId)
              log.replace(r)
              pendingCommands += Command.Modify(o.symbol, OrderId(o.id), price, Quantity(r.remaining))
              requested(o, Reports.PendingReplace)
              pendingWork += Work.Replace(o, r)
          }
    }
  }

  // the new price and OrderQty of a replace of open order `o`, or the Text of its reject
  private def replaceFields(compId: String, o: FixOrder, m: Message): Either[String, (Price, Long)] = {
    val clOrdId = field(m, 11)
    for {
      _ <- FixFields.clOrdId(clOrdId)
      _ <- Either.cond(
        !isUsed(compId, clOrdId),
        (),
        s"ClOrdID (11) \"$clOrdId\" was already used by this session today"
      )
      _ <- Either.cond(
        field(m, 40) == "2",
        (),
        s"OrdType (40) ${field(m, 40)} is not supported: a replace keeps a limit order (40=2)"
      )
      _ <- Either.cond(
        field(m, 54) == Reports.side(o.side).toString,
        (),
        s"Side (54) ${field(m, 54)} is not the order's: a replace cannot change the side"
      )
      _ <- Either.cond(
        field(m, 55) == o.symbol.name,
        (),
        s"Symbol (55) \"${field(m, 55)}\" is not the order's: a replace cannot change the symbol"
      )
      price <- FixFields.price(field(m, 44))
      qty <- FixFields.quantity(field(m, 38))
      _ <- Either.cond(
        qty > o.cumQty,
        (),
        s"OrderQty (38) $qty is not above the ${o.cumQty} already filled: to stop the order, cancel it"
      )
    } yield (price, qty)
  }

  private def closedState(o: FixOrder): String =
    if (o.canceled) "canceled" else if (o.expired) "expired" else if (o.rejected) "rejected" else "filled"

  private def done(work: Work, outcome: Outcome): Unit = {
    var n = 0
    def execId(): String = { n += 1; s"${outcome.seq}.$n" }
    // the order's first report went (each outcome's first report is the order's own)
    def reported(o: FixOrder): Unit =
      if (stages != null && n == 1) stages.passed(OrderStages.Reported, o.clOrdId, System.nanoTime())
    work match {
      case Work.Add(o) =>
        o.acknowledged = true
        if (stages != null) stages.passed(OrderStages.Handled, o.clOrdId, System.nanoTime())
        outcome.events.foreach {
          case Event.Rejected(_, _, reason) =>
            o.open = false
            o.rejected = true
            send(
              o.compId,
              Reports.execution(
                o,
                execId(),
                Reports.Rejected,
                o.clOrdId,
                None,
                None,
                Some(s"rejected by the venue: ${reason.text}")
              )
            )
            reported(o)
          case Event.Executed(_, buy, sell, px, q, _) =>
            if (n == 0) {
              send(o.compId, Reports.execution(o, execId(), Reports.New, o.clOrdId, None, None, None))
              reported(o)
            }
            fill(buy.value, px, q.units, execId)
            fill(sell.value, px, q.units, execId)
          case Event.Expired(_, _, q) =>
            // an IOC's or FOK's remainder does not rest: Expired (150=C), nothing left
            o.open = false
            o.expired = true
            val why =
              if (o.cumQty == 0) s"expired: nothing could fill at once; ${q.units} not filled"
              else s"expired: ${q.units} of ${o.qty} could not fill at once"
            send(o.compId, Reports.execution(o, execId(), Reports.Expired, o.clOrdId, None, None, Some(why)))
            reported(o)
          case _ => ()
        }
        if (n == 0) {
          send(o.compId, Reports.execution(o, execId(), Reports.New, o.clOrdId, None, None, None))
          reported(o)
        }
      case Work.Cancel(o, clOrdId) =>
        outcome.events.foreach {
          case Event.Canceled(_, _, _) =>
            o.open = false
            o.canceled = true
            send(
              o.compId,
              Reports.execution(o, execId(), Reports.Canceled, clOrdId, Some(o.clOrdId), None, None)
            )
          case Event.CancelRejected(_, _) =>
            send(
              o.compId,
              Reports.cancelReject(
                o.id.toString,
                clOrdId,
                o.clOrdId,
                false,
                Reports.status(o),
                0,
                "too late to cancel: the order no longer rests"
              )
            )
          case _ => ()
        }
      case Work.Replace(o, r) => replaced(o, r, outcome.events, execId)
    }
  }

  // the Replaced report (150=5) first, then the fills the move caused, if any; or the reject of the modify
  private def replaced(
      o: FixOrder,
      r: OrderLog.Replace,
      events: Vector[Event],
      execId: () => String
  ): Unit = {
    val refusal = events.collectFirst { case Event.ModifyRejected(_, _, reason) => reason }
    refusal match {
      case Some(reason) =>
        val (code, text) = reason match {
          case RejectReason.UnknownOrder => (0, "too late to replace: the order no longer rests")
          case RejectReason.WouldCross =>
            (99, "rejected by the venue: would-cross: a post-only order cannot move to a price that crosses")
          case other => (99, s"rejected by the venue: ${other.text}")
        }
        send(
          o.compId,
          Reports.cancelReject(o.id.toString, r.clOrdId, o.clOrdId, true, Reports.status(o), code, text)
        )
      case None =>
        // OrderQty becomes what has filled plus what rests once the move is done: r.qty, unless fills reached the
        // order while its replace was in flight (the modify moved the remaining quantity the client saw)
        val resting = events.collectFirst { case Event.Modified(_, _, _, _, q) => q.units }.getOrElse(0L)
        val moveFills = events.iterator.collect {
          case Event.Executed(_, b, s, _, q, _) if b.value == o.id || s.value == o.id => q.units
        }.sum
        o.replaced(r.clOrdId, r.price, o.cumQty + moveFills + resting)
        val _ = sessionIds(o.compId).put(r.clOrdId, o)
        send(
          o.compId,
          Reports.execution(o, execId(), Reports.Replaced, o.clOrdId, o.formerClOrdIds.headOption, None, None)
        )
        events.foreach {
          case Event.Executed(_, buy, sell, px, q, _) =>
            fill(buy.value, px, q.units, execId)
            fill(sell.value, px, q.units, execId)
          case _ => ()
        }
    }
  }

  /**
   * After a restart: any order whose last report in its session's message store (`stored`, read at the start) is
   * not what the journal made of it (a crash fell between the command's commit and its report) gets one report of
   * how it stands now; an order of the order log the journal never took is reported rejected. So a client's view
   * ends equal to the journal's.
   */
  private def restate(stored: Map[String, Map[Long, Restatement.Reported]]): Unit =
    byId.asScala.toVector.filter(_ != null).groupBy(_.compId).foreach { (compId, orders) =>
      stored.get(compId).foreach { reported =>
        val restated = mutable.ArrayBuffer.empty[String] // ClOrdIDs, for the log line
        val notTaken = mutable.ArrayBuffer.empty[String]
        orders.foreach { o =>
          val now = Restatement.Reported(Reports.status(o), o.cumQty, o.qty, o.price.render)
          reported.get(o.id) match {
            case None if !o.journaled =>
              notTaken += o.clOrdId
              send(
                compId,
                Reports.execution(
                  o,
                  s"r-$runTag-${o.id}",
                  Reports.Rejected,
                  o.clOrdId,
                  None,
                  None,
                  Some(OrderDesk.NotTakenText)
                )
              )
            case Some(last) if last == now => ()
            case _ if !o.journaled => ()
            case _ =>
              val m = Reports.execution(
                o,
                s"r-$runTag-${o.id}",
                Reports.Restated,
                o.clOrdId,
                None,
                None,
                Some("restated after a venue restart: reports of this order were lost in the crash")
              )
              m.setInt(378, 99)
              restated += o.clOrdId
              send(compId, m)
          }
        }
        def some(ids: mutable.ArrayBuffer[String]) =
          if (ids.isEmpty) "" else ids.take(10).mkString(" (", ", ", if (ids.size > 10) ", ...)" else ")")
        if (restated.nonEmpty || notTaken.nonEmpty)
          settings.log(
            s"fix: after the restart, $compId: ${restated.size} orders restated${some(restated)}, " +
              s"${notTaken.size} reported not taken${some(notTaken)}"
          )
      }
    }

  private def sessionOf(compId: String) = new SessionID("FIX.4.4", settings.compId, compId)

  /**
   * A trade feed line (`trade,time,symbol,price,qty,buy-id,buy-account,sell-id,sell-account,aggressor`) whose
   * maker is a FIX order and whose taker is not: the gateway saw no outcome for it, so it reports from the feed.
   */
  def tradeLine(at: Long, line: String): Unit = {
    val f = line.split(",", -1)
    if (f.length == 10 && f(0) == "trade") {
      val (maker, taker) = if (f(9) == "BUY") (f(7), f(5)) else (f(5), f(7))
      (maker.toLongOption, taker.toLongOption, Price.parse(f(3)), f(4).toLongOption) match {
        case (Some(m), Some(t), Some(px), Some(q)) if FixOrder.isFix(m) && !FixOrder.isFix(t) =>
          queue.put(Inbound.MakerFill(m, px, q, s"t$at"))
        case _ => ()
      }
    }
  }

  private def fill(id: Long, px: Price, q: Long, execId: () => String): Unit = {
    val o = order(id)
    if (o != null) {
      o.fill(px, q)
      send(o.compId, Reports.execution(o, execId(), Reports.Trade, o.clOrdId, None, Some((px, q)), None))
    }
  }

  private def cannotRecord(work: Work): Unit = {
    val text = "the venue cannot record orders now (its order log failed); nothing was taken"
    work match {
      case Work.Add(o) =>
        o.open = false
        o.rejected = true
        send(
          o.compId,
          Reports.execution(o, s"R-$runTag-${o.id}", Reports.Rejected, o.clOrdId, None, None, Some(text))
        )
      case Work.Cancel(o, clOrdId) =>
        send(
          o.compId,
          Reports.cancelReject(o.id.toString, clOrdId, o.clOrdId, false, Reports.status(o), 99, text)
        )
      case Work.Replace(o, r) =>
        send(
          o.compId,
          Reports.cancelReject(o.id.toString, r.clOrdId, o.clOrdId, true, Reports.status(o), 99, text)
        )
    }
  }

  private def refused(work: Work, why: Refusal): Unit = work match {
    case Work.Add(o) =>
      o.open = false
      o.rejected = true
      send(
        o.compId,
        Reports.execution(o, s"R-$runTag-${o.id}", Reports.Rejected, o.clOrdId, None, None, Some(why.reason))
      )
    case Work.Cancel(o, clOrdId) =>
      send(
        o.compId,
        Reports.cancelReject(o.id.toString, clOrdId, o.clOrdId, false, Reports.status(o), 99, why.reason)
      )
    case Work.Replace(o, r) =>
      send(
        o.compId,
        Reports.cancelReject(o.id.toString, r.clOrdId, o.clOrdId, true, Reports.status(o), 99, why.reason)
      )
  }

  private def send(compId: String, m: Message): Unit =
    try { val _ = Session.sendToTarget(m, sessionOf(compId)) }
    catch {
      case e: quickfix.SessionNotFound => settings.log(s"fix: no session for $compId: ${e.getMessage}")
    }
}

private[fix] object OrderDesk {

  /** Why an order of the side file that the journal never took gets no other report: what the client is told. */
  val NotTakenText = "not taken: the venue stopped before this order was journaled; it never traded"
}
