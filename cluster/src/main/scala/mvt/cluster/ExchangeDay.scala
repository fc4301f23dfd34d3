package mvt.cluster

import mvt.core.*
import mvt.crdt.ClientId
import mvt.core.files.LineTail
import mvt.trader.orders.StrategyIds
import mvt.trader.pipeline.PreTradeCheck
import mvt.venue.{Outcome, Refusal, Reply, Venue}
import org.apache.pekko.actor.typed.ActorRef

import java.util.concurrent.{ConcurrentLinkedQueue, LinkedBlockingQueue, TimeUnit}
import java.util.concurrent.locks.LockSupport
import scala.collection.mutable

/**
 * The cluster's desk at the venue: the traders' orders become venue commands like everyone's, under ids of the
 * strategies' range (`StrategyIds`) that the exchange assigns, so no trader's id meets the book's or another
 * trader's. Each message is recorded in the side file ([[ExchangeLog]]) before its command is submitted, and
 * acknowledged to its sender ([[OrderAck]]) once its command is durable; a message received again (same node
 * incarnation and sequence) is acknowledged and not applied. Fills come from the venue: a trader's order that
 * takes liquidity gets them in its command's [[Outcome]], one resting on the book from the trade feed, which
 * holds only durable lines. Each fill goes to [[fills]] (the reconciliation's reference) and back to the sending
 * trader node as an [[OrderReport]], which [[reports]] sends again until the node acknowledges it ([[ReportAck]]);
 * a day reopened after a crash restates every fill and close its side file's orders had. When an order closes
 * (filled, cancelled, refused, or at the close), the account is credited back what its debit did not pay for: a
 * buy's reserved cost minus its filled value, a sell's proceeds. An add goes with its time in force. A modify goes to the venue when the order is open, its node
 * still owns the subscription and, for a buy, it carries the modified order's whole cost, debited by its trader:
 * that joins the order's reservation (the old remainder may fill until the venue applies the modify). Once
 * applied, whatever the reservation holds beyond the order's fills, what rests and the modifies still on their
 * way is given back; refused, its debit is. Either way the sender hears a [[ModifyReport]]. Every top-of-book
 * change of the quote feed goes to `tops` for the traders. Not thread-safe: the exchange's thread drives it
 * through [[drain]] and [[close]].
 */
final class ExchangeDay(
    val venue: Venue,
    accounts: Vector[ClientId],
    ledger: Ledger[?],
    tops: LatestTops,
    inbox: ConcurrentLinkedQueue[ExchangeDay.Inbound],
    log: ExchangeLog,
    refs: ExchangeDay.Refs,
    recovered: ExchangeDay.Recovered,
    provisioned: Long,
    reportPolicy: ReportOutbox.Policy
) {
  import ExchangeDay.*

  /** Every order message received once, by (node, sequence number). */
  val feed = new OrderFeed

  /** The fills of the traders' orders. */
  val fills = new TradeFeed

  /** The reports to the trader nodes not acknowledged yet, resent until they are. */
  val reports = new ReportOutbox(ReportOutbox.firstRef(System.currentTimeMillis), reportPolicy)

  private val accountIndex: Map[ClientId, Account] =
    accounts.zipWithIndex.map((a, i) => a -> Account(i + 1)).toMap
  private val traded: Set[String] = venue.symbols.map(_.name).toSet

  // per subscription (account, strategy): its fills whoever sent them, and the node incarnation that owns it now
  private val subscriptionBooks = mutable.HashMap.empty[(ClientId, StrategyId), SubscriptionBook]
  private val owners = mutable.HashMap.empty[(ClientId, StrategyId), NodeId]
  // per subscription, how many times it was handed over today: each hand-over's desk gets its own id range
  private val epochs = mutable.HashMap.empty[(ClientId, StrategyId), Long]
  private var handedOver = 0L
  private var notOwner = 0L

  private val open = mutable.LongMap.empty[Open]
  private val byKey = mutable.HashMap.empty[Key, Long]
  // the adds of the batch being recorded (engine id, buy), for a modify behind its add in the same batch
  private val batchAdds = mutable.HashMap.empty[Key, (Long, Boolean)]
  // parts of open orders' reservations to give back once the side file holds their lines (engine id, key, cents)
  private val releases = mutable.ArrayBuffer.empty[(Long, Key, Long)]
  private var nextId = StrategyIds.First
  private var closed = false
  private var refusedCount = 0L
  private var creditedCents = 0L
  private var adoptedCents = 0L
  private var adoptions = 0
  private var acks = 0L
  // replicas removed while this replica had not read back its rights yet (a restart): adopted once it has
  private val gone = mutable.ArrayBuffer.empty[mvt.crdt.ReplicaId]
  private var settledBefore = 0
  private var restoredCents = 0L

  // the venue's answers to the commands submitted and not yet answered
  private val results = new LinkedBlockingQueue[Result]()
  private var inFlight = 0
  private val trades = new LineTail(venue.config.trades, recovered.tradesFrom)
  private val quotes = new LineTail(venue.config.quotes, recovered.quotesFrom)

  recover()
  restate()

  /** The traders' orders open now (resting, or partly filled and resting). */
  def openOrders: Int = open.size

  /** Orders the venue refused or rejected, or that came after the close. */
  def refused: Long = refusedCount

  /** Messages acknowledged to their senders (duplicates included). */
  def acknowledged: Long = acks

  /** Debits of downed replicas that had not reached this replica, taken over from the order feed (`bounded`). */
  def adopted: Long = adoptedCents

  /** Downed replicas whose entries this exchange took over (`bounded` only). */
  def replicasAdopted: Int = adoptions

  /** Position requests answered: subscriptions handed to a node, each starting from its fills so far. */
  def positionsHanded: Long = handedOver

  /** Adds refused because their node no longer owned the subscription (another node asked for its position). */
  def refusedNotOwner: Long = notOwner

  /** Whether the day is closed (every order settled; later ones are refused). */
  def isClosed: Boolean = closed

  /** Every subscription that filled, with its net position per symbol by the fills, in label order. */
  def positions: Vector[(Subscription, Vector[PositionReport.Holding])] =
    subscriptionBooks.toVector.map { case ((a, st), b) => (Subscription(a, st), b.holdings) }.sortBy(
      _._1.label
    )

  /** What the exchange credited back in all: refunds of unfilled buys and proceeds of sells. */
  def credited: Long = creditedCents

  /** Orders an earlier run of the day settled before the restart (closed in the journal or refused). */
  def settledBeforeRestart: Int = settledBefore

  /**
   * Cents the restart raised this replica's own credits by: credits of orders its earlier run settled that no
   * surviving replica held, or that it had not made yet when it was killed.
   */
  def restored: Long = restoredCents

  /**
   * Takes everything waiting in the inbox, in arrival order: records the new messages in the side file (forced),
   * submits their commands, waits for the venue's answers (durable), applies them, and acknowledges each message
   * to its sender. The feeds' new lines are read first. How many messages there were.
   */
  def drain(): Int = {
    pollFeeds()
    adoptGone()
    val _ = reports.tick(System.nanoTime)
    val batch = mutable.ArrayBuffer.empty[Inbound]
    var m = inbox.poll()
    while (m ne null) { batch += m; m = inbox.poll() }
    if (batch.nonEmpty) {
      // the side file first: a message applied is a message recorded
      val taken = batch.map {
        case o: OrderMessage => if (feed.record(o)) Taken(o, record(o)) else Duplicate(o)
        case other => other
      }
      batchAdds.clear()
      log.commit()
      taken.foreach {
        case Taken(o, id) => order(o, id)
        case Duplicate(_) => ()
        case NodeGone(trader) => withdraw(_.replyTo == trader)
        case r: PositionRequest => handOver(r)
        case ReplicaGone(replica) =>
          if (ledger.mode == Consistency.Bounded) { gone += replica; adoptGone() }
          reports.forget(NodeId(replica.value)): Unit
        case ReportAck(ref) => reports.acknowledged(ref): Unit
        case TraderBack(trader) => reports.wake(trader, System.nanoTime): Unit
        case _ => ()
      }
      awaitResults()
      taken.foreach {
        case Taken(o, _) => ack(o)
        case Duplicate(o) => ack(o)
        case _ => ()
      }
    }
    batch.size
  }

  /**
   * The close: takes what is waiting, closes the venue's session if it is still open and waits for it to end,
   * reads the feeds to their end, then settles every order still open (crediting it back); from now on every
   * order that arrives is refused (its debit credited back at once). Call [[drain]] after it for late arrivals.
   */
  def close(): Unit = {
    val _ = drain()
    if (!closed) {
      venue.closeSession()
      try { val _ = venue.terminated.get() }
      catch { case _: java.util.concurrent.ExecutionException => () }
      awaitResults()
      pollFeeds()
      closed = true
      open.keys.toVector.foreach(close)
    }
  }

  // the side-file line of a new message; an add the venue will see gets its engine id now, a modify that will go
  // to the venue its order's (-1: refused here)
  private def record(o: OrderMessage): Long = o.command match {
    case c: OrderCommand.Add if admissible(o, c) =>
      val id = nextId
      nextId += 1
      log.add(id, o, c, refs.render(o.replyTo))
      batchAdds.update(Key(o.node, o.account, o.strategy, c.orderId), (id, c.buy))
      id
    case c: OrderCommand.Add =>
      log.refused(o, c)
      -1L
    case c: OrderCommand.Modify =>
      val key = Key(o.node, o.account, o.strategy, c.orderId)
      val target = byKey.get(key).flatMap(id => open.get(id).map(e => (id, e.buy))).orElse(batchAdds.get(key))
      target.filter((_, buy) => modifiable(o, buy, c)) match {
        case Some((id, _)) =>
          if (c.costCents > 0L) log.topUp(id, o, c.costCents) else log.taken(o)
          id
        case None =>
          // refused here: the debit it carries goes back once this line is durable
          if (c.costCents > 0L) log.refusedModify(o, c) else log.taken(o)
          -1L
      }
    case _ =>
      log.taken(o)
      -1L
  }

  private def admissible(o: OrderMessage, c: OrderCommand.Add): Boolean =
    !closed && !stale(o) && accountIndex.contains(o.account) && traded.contains(c.symbol) && c.qty > 0L &&
      c.qty <= Quantity.Max

  private def stale(o: OrderMessage): Boolean = owners.get((o.account, o.strategy)).exists(_ != o.node)

  private def ack(o: OrderMessage): Unit = {
    acks += 1
    o.replyTo ! OrderAck(o.node, o.seq)
  }

  // the requester owns the subscription from now: the other nodes' orders for it go (so no fill of theirs moves the
  // position after the answer), and their adds are refused from now on
  private def handOver(r: PositionRequest): Unit = {
    val sub = (r.account, r.strategy)
    owners.update(sub, r.node)
    val before = open.size
    withdraw(e => e.key.account == r.account && e.key.strategy == r.strategy && e.key.node != r.node)
    awaitResults()
    val book = subscriptionBooks.get(sub)
    handedOver += 1
    val epoch = epochs.getOrElse(sub, 0L) + 1L
    epochs.update(sub, epoch)
    r.replyTo ! PositionReport(
      r.account,
      r.strategy,
      book.fold(Vector.empty)(_.holdings),
      book.fold(0L)(_.realized),
      before - open.size,
      epoch
    )
  }

  private def order(o: OrderMessage, id: Long): Unit = o.command match {
    case c: OrderCommand.Add =>
      val key = Key(o.node, o.account, o.strategy, c.orderId)
      val entry = new Open(key, c.symbol, c.buy, c.qty, c.costCents, o.replyTo, c.priceRaw)
      if (id < 0L) {
        // refused here: an id of its own only to settle it (credit its debit back) and report it closed
        val local = nextId
        nextId += 1
        open.update(local, entry)
        if (stale(o)) notOwner += 1
        refusedCount += 1
        close(local)
      } else {
        open.update(id, entry)
        byKey.update(key, id)
        val side = if (c.buy) Side.Buy else Side.Sell
        submit(
          Command.Add(
            Symbol.unsafe(c.symbol),
            OrderId(id),
            side,
            Price.fromRaw(c.priceRaw),
            Quantity(c.qty),
            accountIndex(o.account),
            c.tif
          ),
          Work(Work.Add, id, 0L)
        )
      }
    case c: OrderCommand.Cancel =>
      byKey.get(Key(o.node, o.account, o.strategy, c.orderId)).foreach(cancelOpen)
    case c: OrderCommand.Modify =>
      val key = Key(o.node, o.account, o.strategy, c.orderId)
      open.get(id) match {
        case Some(e) if id >= 0L =>
          // the old remainder may still fill until the venue applies it: the reservation holds both
          e.reserved += c.costCents
          e.topUpsInFlight += c.costCents
          e.modifying += 1
          submit(
            Command.Modify(Symbol.unsafe(e.symbol), OrderId(id), Price.fromRaw(c.priceRaw), Quantity(c.qty)),
            Work(Work.Modify, id, c.qty, c.priceRaw, c.costCents, e, o.seq)
          )
        case _ =>
          refusedCount += 1
          // recorded as joining the reservation of an order a hand-over in this batch closed: given back by line
          if (id >= 0L && c.costCents > 0L) release(id, key, c.costCents)
          else if (c.costCents > 0L) creditBack(key, c.costCents)
          report(o.node, o.replyTo)(ref =>
            ModifyReport(
              o.account,
              o.strategy,
              c.orderId,
              c.priceRaw,
              c.qty,
              ModifyReport.Outcome.Refused,
              0L,
              o.seq,
              ref
            )
          )
      }
    case OrderCommand.Withdraw =>
      withdraw(e => e.key.node == o.node && e.key.account == o.account && e.key.strategy == o.strategy)
  }

  // still its node's, a valid quantity, and a buy's debit covering the modified order's whole cost (a sell's: none)
  private def modifiable(o: OrderMessage, buy: Boolean, c: OrderCommand.Modify): Boolean = {
    val covered =
      if (buy) {
        val cost = PreTradeCheck.Balance.costCents(c.priceRaw, c.qty)
        cost >= 0L && c.costCents >= cost
      } else c.costCents == 0L
    !closed && !stale(o) && c.qty > 0L && c.qty <= Quantity.Max && covered
  }

  private def withdraw(which: Open => Boolean): Unit = {
    val ids = open.iterator.collect { case (id, e) if which(e) => id }.toVector
    ids.foreach(cancelOpen)
  }

  private def cancelOpen(id: Long): Unit =
    open.get(id).foreach { e =>
      if (closed) close(id)
      else submit(Command.Cancel(Symbol.unsafe(e.symbol), OrderId(id)), Work(Work.Cancel, id, 0L))
    }

  // offers a command to the venue, retrying while its queue is full (the exchange is a submitter: it waits)
  private def submit(c: Command, w: Work): Unit = {
    val reply = new Reply {
      def done(o: Outcome): Unit = results.add(Result(w, o, null))
      override def refused(why: Refusal): Unit = results.add(Result(w, null, why))
    }
    var answer = venue.submit(c, reply)
    while (answer.exists(_.isInstanceOf[Refusal.QueueFull])) {
      LockSupport.parkNanos(100_000L)
      answer = venue.submit(c, reply)
    }
    answer match {
      case None => inFlight += 1
      case Some(_) => refusedBy(w)
    }
  }

  // waits for the venue's answer to every command submitted (each is durable when it comes), applying them in order;
  // then gives back what they released of reservations
  private def awaitResults(): Unit = {
    while (inFlight > 0) {
      val r = results.poll(100, TimeUnit.MILLISECONDS)
      if (r != null) {
        inFlight -= 1
        if (r.outcome != null) applied(r.work, r.outcome) else refusedBy(r.work)
      } else if (venue.terminated.isDone && results.isEmpty) inFlight = 0 // a stopped venue answers no more
    }
    creditReleases()
  }

  private def refusedBy(w: Work): Unit = w.kind match {
    case Work.Add =>
      // the refusal is durable before its credit, so a restart recomputes the credit
      log.venueRefused(w.id)
      log.commit()
      refusedCount += 1
      close(w.id)
    case Work.Modify => modifyRefused(w, gone = false)
    case _ => () // a cancel the closed venue refused: the close settles the order
  }

  // a command's events, after every fill the trade feed holds up to it (the venue writes it before it answers)
  private def applied(w: Work, o: Outcome): Unit = {
    pollFeeds()
    // applied once it is durable: an add recorded, then lost with a crash before its commit, is applied on its resend
    if (w.kind == Work.Add) open.get(w.id).foreach(e =>
      ledger.history.applied(e.key.node, e.key.account, e.key.strategy, e.key.orderId)
    )
    // what rested before a modify, as far as the feed has told (it may hold fills that came after it)
    val before = if (w.kind == Work.Modify) open.get(w.id).fold(0L)(_.remaining) else 0L
    o.events.foreach {
      case Event.Executed(_, b, s, p, q, _) =>
        filled(b.value, p.raw, q.units)
        filled(s.value, p.raw, q.units)
      case Event.Canceled(_, id, _) => close(id.value)
      case Event.Rejected(_, id, _) if open.contains(id.value) => refusedCount += 1; close(id.value)
      case Event.Expired(_, id, _) => close(id.value)
      case Event.Modified(_, id, _, p, resting) if w.kind == Work.Modify && id.value == w.id =>
        modified(w, before, p.raw, resting.units)
      case Event.ModifyRejected(_, id, reason) if w.kind == Work.Modify && id.value == w.id =>
        modifyRefused(w, gone = reason == RejectReason.UnknownOrder)
      case _ => ()
    }
  }

  // the venue applied a trader's modify: the order rests `resting` at `priceRaw` (a feed's fill after the modify
  // that came before its answer counts again in it, which only keeps more reserved), and its reservation keeps its
  // fills' value, the cost of what rests and the modifies still on their way
  private def modified(w: Work, before: Long, priceRaw: Long, resting: Long): Unit =
    Option(w.order).filter(_ => open.contains(w.id)).foreach { e =>
      e.modifying -= 1
      e.topUpsInFlight -= w.cost
      val kept = e.priceRaw == priceRaw && w.qty <= before
      e.priceRaw = priceRaw
      e.remaining = resting
      if (e.buy) {
        val needed =
          fills.valueOf(w.id) + PreTradeCheck.Balance.costCents(priceRaw, resting) + e.topUpsInFlight
        val excess = e.reserved - needed
        if (excess > 0L) {
          e.reserved -= excess
          release(w.id, e.key, excess)
        }
      }
      reportModify(
        w,
        if (kept) ModifyReport.Outcome.KeptPriority else ModifyReport.Outcome.LostPriority,
        resting
      )
      if (resting == 0L || (e.remaining <= 0L && e.modifying == 0)) close(w.id)
    }

  // tells the sender of the order's modify `w` how it ended, with `resting` units resting after it
  private def reportModify(w: Work, outcome: ModifyReport.Outcome, resting: Long): Unit = {
    val e = w.order
    report(e.key.node, e.replyTo)(ref =>
      ModifyReport(
        e.key.account,
        e.key.strategy,
        e.key.orderId,
        w.priceRaw,
        w.qty,
        outcome,
        resting,
        w.seq,
        ref
      )
    )
  }

  // the venue refused a trader's modify (or never took it): its debit goes back and the order is as it was; an
  // order the venue no longer knows is gone (filled while the modify travelled), and settles
  private def modifyRefused(w: Work, gone: Boolean): Unit = {
    refusedCount += 1
    val e = w.order
    e.modifying -= 1
    e.topUpsInFlight -= w.cost
    reportModify(w, ModifyReport.Outcome.Refused, 0L)
    // an order that closed meanwhile (its own cancel went first) settled with the debit in its reservation
    if (open.contains(w.id)) {
      if (gone || (e.remaining <= 0L && e.modifying == 0)) close(w.id)
      else if (w.cost > 0L) {
        e.reserved -= w.cost
        release(w.id, e.key, w.cost)
      }
    }
  }

  // `cents` of the order `id`'s reservation go back once the side file holds the line (see creditReleases)
  private def release(id: Long, key: Key, cents: Long): Unit = {
    log.release(id, cents)
    releases += ((id, key, cents))
  }

  // the side file forced first: a restarted exchange never gives back again what it gave back before its crash
  private def creditReleases(): Unit =
    if (releases.nonEmpty) {
      log.commit()
      releases.foreach((_, key, cents) => creditBack(key, cents))
      releases.clear()
    }

  // a reservation of an open order (or of a refused modify) given back to the account
  private def creditBack(key: Key, cents: Long): Unit = {
    creditedCents += cents
    ledger.credit(key.account, cents)
    ledger.history.released(key.node, key.account, key.strategy, key.orderId, cents)
  }

  // the feeds' new durable lines: fills of resting traders' orders by anyone else's command, and the tops
  private def pollFeeds(): Unit = {
    trades.poll(tradeLine)
    quotes.poll(quoteLine)
  }

  // trade,time,symbol,price,qty,buyId,buyAccount,sellId,sellAccount,aggressor
  private def tradeLine(at: Long, line: String): Unit = {
    val f = line.split(",", -1)
    if (f.length == 10 && f(0) == "trade") {
      val (maker, taker) = if (f(9) == "BUY") (f(7), f(5)) else (f(5), f(7))
      (maker.toLongOption, taker.toLongOption, Price.parse(f(3)), f(4).toLongOption) match {
        // a trader's order that took liquidity had its fills in its own command's outcome
        case (Some(m), Some(t), Some(px), Some(q))
            if StrategyIds.isStrategy(m) && !StrategyIds.isStrategy(t) =>
          filled(m, px.raw, q)
        case _ => ()
      }
    }
  }

  // time,symbol,bid,bid_size,ask,ask_size; an empty side is two empty fields. After the close nothing is published
  private def quoteLine(at: Long, line: String): Unit = {
    val f = line.split(",", -1)
    if (!closed && f.length == 6 && f(0) != "time") {
      def px(s: String) = if (s.isEmpty) 0L else Price.parse(s).fold(0L)(_.raw)
      def q(s: String) = s.toLongOption.getOrElse(0L)
      tops.put(MarketUpdates.Top(f(1), px(f(2)), q(f(3)), px(f(4)), q(f(5))))
    }
  }

  private def filled(id: Long, priceRaw: Long, qty: Long): Unit =
    open.get(id).foreach { e =>
      book(id, e, priceRaw, qty)
      e.remaining -= qty
      // with a modify on its way the venue's answer says what rests (the feed may hold fills from after it)
      val done = e.remaining <= 0L && e.modifying == 0
      e.fills += 1
      val n = e.fills
      report(e.key.node, e.replyTo)(ref =>
        OrderReport(e.key.account, e.key.strategy, e.key.orderId, e.buy, qty, priceRaw, done, n, ref)
      )
      if (done) settle(id, e)
    }

  // a report on one of `node`'s orders, kept until it is acknowledged
  private def report(node: NodeId, to: ActorRef[TraderNode.Command])(make: Long => ExchangeReport): Unit =
    reports.send(node, to, System.nanoTime, make)

  private def book(id: Long, e: Open, priceRaw: Long, qty: Long): Unit = {
    fills.record(id, e.key.account, e.buy, priceRaw, qty)
    subscriptionBooks.getOrElseUpdate((e.key.account, e.key.strategy), new SubscriptionBook)
      .fill(e.symbol, e.buy, priceRaw, qty)
  }

  private def close(id: Long): Unit =
    open.get(id).foreach { e =>
      report(e.key.node, e.replyTo)(ref =>
        OrderReport(e.key.account, e.key.strategy, e.key.orderId, e.buy, 0L, 0L, closed = true, e.fills, ref)
      )
      settle(id, e)
    }

  // a buy reserved its cost at the limit price; it paid its fills' value; the rest goes back. A sell brings its fills in
  private def settle(id: Long, e: Open): Unit = {
    open.remove(id)
    byKey.remove(e.key)
    val settled =
      ExchangeCredits.Settled(
        e.key.node,
        e.key.account,
        e.key.strategy,
        e.key.orderId,
        e.buy,
        e.reserved,
        fills.valueOf(id)
      )
    ledger.history.settled(settled)
    val back = settled.back
    if (back > 0L) {
      creditedCents += back
      ledger.credit(e.key.account, back)
    }
  }

  // the orders of an earlier run of this day: the journal's fills and closes, the side file's identities. An add
  // the journal does not name never reached the book: it is forgotten, so its sender's resend is applied (unless
  // the venue refused it: then it was settled). The orders that closed are settled again in the history, and what
  // was given back of reservations released again (the checker counts a restatement once); this replica's credits
  // are raised to what they all sum to
  private def recover(): Unit = {
    recovered.others.foreach((node, seq) => feed.recordOther(node, seq))
    recovered.refused.foreach(r =>
      if (r.modify) feed.recordModify(r.node, r.seq, r.account, r.costCents): Unit
      else feed.recordTaken(r.node, r.seq, r.account, r.costCents): Unit
    )
    // a modify's debit joined its order's reservation, and what was given back of it left; a modify of an add the
    // journal does not name is forgotten with it, so its resend is applied behind the add's
    val topUps = recovered.topUps.groupBy(_.engineId)
    val released = recovered.releases.groupMapReduce(_._1)(_._2)(_ + _)
    recovered.adds.foreach { a =>
      nextId = math.max(nextId, a.engineId + 1)
      val ups = topUps.getOrElse(a.engineId, Vector.empty)
      // journaled, or refused by the venue (settled, its modifies' debits given back): taken, with its modifies
      if (recovered.journaled.contains(a.engineId) || recovered.venueRefused.contains(a.engineId)) {
        val _ = feed.recordTaken(a.node, a.seq, a.account, a.costCents)
        ups.foreach(u => feed.recordModify(u.node, u.seq, a.account, u.costCents): Unit)
      }
      recovered.journaled.get(a.engineId).foreach { j =>
        val key = Key(a.node, a.account, a.strategy, a.orderId)
        val reserved = a.costCents + ups.map(_.costCents).sum - released.getOrElse(a.engineId, 0L)
        // the price it rests at is the journal's; unknown here, so a modify's report says it lost its place
        val e = new Open(key, a.symbol, a.buy, a.qty, reserved, refs.resolve(a.replyTo), -1L)
        j.fills.foreach((px, q) => book(a.engineId, e, px, q))
        if (!j.closed) {
          e.remaining = j.remaining
          open.update(a.engineId, e)
          byKey.update(key, a.engineId)
        }
      }
    }
    val settled = ExchangeCredits.settled(
      recovered.adds,
      recovered.refused,
      recovered.venueRefused,
      recovered.journaled,
      recovered.topUps,
      recovered.releases
    )
    settled.foreach(ledger.history.settled)
    // what was given back of reservations before the crash is stated again too (the checker counts it once)
    val givenBack = ExchangeCredits.givenBack(recovered.adds, recovered.releases)
    givenBack.foreach(g => ledger.history.released(g.node, g.account, g.strategy, g.orderId, g.cents))
    settledBefore = settled.size - recovered.refused.count(_.modify)
    // on a new day this raises nothing (the provision is made); after a restart, what the killed run credited
    ExchangeCredits.totals(accounts, provisioned, settled, givenBack).foreach((a, total) =>
      restoredCents += ledger.restoreCredits(a, total)
    )
  }

  // what a desk may have missed of an earlier run's reports (lost in flight, or waiting for a resend when it was
  // killed): every fill and close of the orders the side file names, under the numbers they had, for the desks to
  // apply what they lack. An add refused by this exchange is reported closed to its node's actor, when an add of
  // that node names it
  private def restate(): Unit = {
    val now = System.nanoTime
    val actors = recovered.adds.map(a => a.node -> a.replyTo).toMap
    recovered.adds.foreach { a =>
      val to = refs.resolve(a.replyTo)
      def closed(fills: Int): Unit =
        reports.send(
          a.node,
          to,
          now,
          ref =>
            OrderReport(a.account, a.strategy, a.orderId, a.buy, 0L, 0L, closed = true, fills, ref)
        )
      recovered.journaled.get(a.engineId) match {
        case Some(j) =>
          open.get(a.engineId).foreach(_.fills = j.fills.size)
          j.fills.iterator.zipWithIndex.foreach { case ((px, q), i) =>
            reports.send(
              a.node,
              to,
              now,
              ref =>
                OrderReport(a.account, a.strategy, a.orderId, a.buy, q, px, closed = false, i + 1, ref)
            )
          }
          if (j.closed) closed(j.fills.size)
        case None => if (recovered.venueRefused.contains(a.engineId)) closed(0)
      }
    }
    recovered.refused.filterNot(_.modify).foreach { r =>
      actors.get(r.node).foreach(name =>
        reports.send(
          r.node,
          refs.resolve(name),
          now,
          ref =>
            OrderReport(r.account, r.strategy, r.orderId, r.buy, 0L, 0L, closed = true, 0, ref)
        )
      )
    }
  }

  // a removed trader's entries taken over (`bounded`), once this replica has read back every account's rights: the
  // order feed knows every debit the node made for an order that reached the exchange
  private def adoptGone(): Unit =
    if (gone.nonEmpty && accounts.forall(ledger.rightsReady)) {
      gone.foreach { replica =>
        accounts.foreach(a =>
          adoptedCents += ledger.adopt(a, replica, feed.debitedBy(NodeId(replica.value), a))
        )
        adoptions += 1
      }
      gone.clear()
    }

  /** Closes the side file; the day takes no more messages. */
  def release(): Unit = { log.close(); trades.close(); quotes.close() }

  /** Each account's reconciliation against the trade feed, with this replica's balance. */
  def reconciliation(provisioned: Long): Vector[Reconciled] =
    accounts.map(a => Reconciled(a, provisioned, fills.spentBy(a), fills.receivedBy(a), ledger.balance(a)))
}

object ExchangeDay {

  /**
   * The cluster's desk on an open `venue` (a replay held back until this returns): its side file opened and, when
   * the venue recovered an earlier run of the day, the traders' orders rebuilt from the side file and the journal,
   * and the ledger's own credits of every account raised to `provisioned` plus what the orders that closed before
   * were credited ([[ExchangeCredits]]; 0 for a caller that provides the accounts itself). The side file's error (a
   * damaged line) otherwise.
   */
  def open(
      venue: Venue,
      accounts: Vector[ClientId],
      ledger: Ledger[?],
      tops: LatestTops,
      inbox: ConcurrentLinkedQueue[Inbound],
      refs: Refs,
      provisioned: Long,
      reportPolicy: ReportOutbox.Policy = ReportOutbox.Policy.default
  ): Either[String, ExchangeDay] =
    ExchangeLog.open(ExchangeLog.pathFor(venue.config.dir, venue.config.day)).map { (log, held) =>
      val resumed =
        venue.recovery.records > 0L || held.adds.nonEmpty || held.others.nonEmpty || held.refused.nonEmpty ||
          held.venueRefused.nonEmpty || held.topUps.nonEmpty || held.releases.nonEmpty
      def size(p: java.nio.file.Path) = if (java.nio.file.Files.exists(p)) java.nio.file.Files.size(p) else 0L
      val recovered =
        if (!resumed) Recovered.None
        else
          Recovered(
            held.adds,
            held.others,
            ExchangeRecovery.replay(venue.config.journal, held.adds.map(a => a.engineId -> a.qty).toMap),
            size(venue.config.trades),
            size(venue.config.quotes),
            held.refused,
            held.venueRefused,
            held.topUps,
            held.releases
          )
      new ExchangeDay(venue, accounts, ledger, tops, inbox, log, refs, recovered, provisioned, reportPolicy)
    }

  /** What the exchange actor hands the exchange's thread. */
  trait Inbound

  /**
   * The trader node whose ledger replica is `replica` was removed from the cluster: in the `bounded` mode the
   * exchange takes over its entries, so no debit of an order it sent is lost and its rights are not stranded.
   */
  final case class ReplicaGone(replica: mvt.crdt.ReplicaId) extends Inbound

  /** Every order still open from the trader node `trader` (it left the cluster) is cancelled. */
  final case class NodeGone(trader: ActorRef[TraderNode.Command]) extends Inbound

  /** The trader node `trader` is in the exchange's view again: the reports it has not acknowledged go at once. */
  final case class TraderBack(trader: ActorRef[TraderNode.Command]) extends Inbound

  /** How a trader node's actor is named in the side file, and found again from its name after a restart. */
  trait Refs {
    def render(ref: ActorRef[TraderNode.Command]): String
    def resolve(name: String): ActorRef[TraderNode.Command]
  }

  /**
   * What an earlier run of the day left: the side file's messages, the journal's view of its adds (by engine
   * id), where the feeds end (their lines before that are in the journal's view already), the adds refused by the
   * exchange and by the venue.
   */
  final case class Recovered(
      adds: Vector[ExchangeLog.Added],
      others: Vector[(NodeId, Long)],
      journaled: Map[Long, ExchangeRecovery.Order],
      tradesFrom: Long,
      quotesFrom: Long,
      refused: Vector[ExchangeLog.Refused],
      venueRefused: Set[Long],
      topUps: Vector[ExchangeLog.ToppedUp] = Vector.empty,
      releases: Vector[(Long, Long)] = Vector.empty
  )

  object Recovered {

    /** A new day: nothing before. */
    val None: Recovered =
      Recovered(Vector.empty, Vector.empty, Map.empty, 0L, 0L, Vector.empty, Set.empty)
  }

  /**
   * The exchange's ledger replica for the day `day`: the same for every run of the exchange on the day's journal, so
   * a restart writes the entries its earlier run wrote (restored from the journal) instead of starting new ones.
   */
  def replicaOf(day: String): mvt.crdt.ReplicaId =
    mvt.crdt.ReplicaId("exchange-" + day.map(c => if (c.isLetterOrDigit || c == '-' || c == '.') c else '_'))

  private final case class Taken(o: OrderMessage, engineId: Long) extends Inbound
  private final case class Duplicate(o: OrderMessage) extends Inbound

  // a submitted command: what it was for (its kind, the trader's order, a modify's new quantity, price and debit)
  private final case class Work(
      kind: Int,
      id: Long,
      qty: Long,
      priceRaw: Long = 0L,
      cost: Long = 0L,
      order: Open = null, // a modify's order, which hears the answer even if it closed meanwhile
      seq: Long = 0L // a modify's message sequence, which its report names
  )
  private object Work {
    inline val Add = 0
    inline val Cancel = 1
    inline val Modify = 2
  }
  private final case class Result(work: Work, outcome: Outcome, refusal: Refusal)

  private final case class Key(node: NodeId, account: ClientId, strategy: StrategyId, orderId: Long)

  // an order open on the venue: `reserved` is what its debits hold now (a buy's), `priceRaw` where it rests (-1:
  // not known), `modifying` its modifies on their way to the venue and `topUpsInFlight` their debits
  private final class Open(
      val key: Key,
      val symbol: String,
      val buy: Boolean,
      var remaining: Long,
      var reserved: Long,
      val replyTo: ActorRef[TraderNode.Command],
      var priceRaw: Long
  ) {
    var modifying = 0
    var topUpsInFlight = 0L
    var fills = 0 // reported so far: the number of its next fill's report is one more
  }

  /**
   * One account at the end of the day: provisioned minus what its fills cost plus what its sells brought in, as
   * the trade feed says, against a replica's balance.
   */
  final case class Reconciled(
      account: ClientId,
      provisioned: Long,
      spent: Long,
      received: Long,
      balance: Long
  ) {
    def expected: Long = provisioned - spent + received

    /** The balance minus what the trade feed says it should be: nonzero means a balance update was lost. */
    def missing: Long = balance - expected
    def matches: Boolean = missing == 0L
  }
}
