package mvt.demo

import mvt.core.{CommandReader, Price, Side, TimeInForce}
import mvt.workload.CommandBatch
import quickfix.*

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicLong
import java.util.concurrent.locks.LockSupport

/**
 * The live day's FIX clients: one QuickFIX/J initiator with a session per client, each logging on with its CompID
 * and password, then sending its share of a generated order flow (adds as NewOrderSingle, cancels as
 * OrderCancelRequest) at a steady pace. While a session is down (the venue restarting) its orders wait, as a
 * client's order system would; the session reconnects by itself and FIX's resend fills in what it missed. What
 * the venue answered is kept by ClOrdID.
 */
final class LiveFixClients(port: Int, logins: Vector[LiveFixClients.Login], venueCompId: String)
    extends Application {
  private val ids = logins.map(l => new SessionID(FixVersions.BEGINSTRING_FIX44, l.compId, venueCompId))
  private val passwords = logins.map(l => l.compId -> l.password).toMap
  // (CompID, ClOrdID) of every order (not cancel) the venue took (any report but a reject), and how many: the
  // count is what the live day polls, without copying the set
  private val taken = ConcurrentHashMap.newKeySet[(String, String)]()
  private val takenCount = new AtomicLong
  private val refusedCount = new AtomicLong
  private val fillCount = new AtomicLong
  private val sentCount = new AtomicLong
  @volatile private var stopping = false
  private val firstLogon = new AtomicLong

  private val settings = {
    val s = mvt.fix.InitiatorSettings(port, ids, dictionary = false)
    // the venue checks a logon's password with a deliberately slow hash
    s.setString("LogonTimeout", "30")
    s
  }
  // the sessions' sequence numbers live as long as this process: after the venue's restart each session resumes
  // its numbers and the venue resends what the client missed
  private val initiator =
    new SocketInitiator(this, new MemoryStoreFactory(), settings, null, new quickfix.fix44.MessageFactory())

  def start(): Unit = initiator.start()

  /** Sessions logged on now. */
  def loggedOn: Int = ids.count(id => Option(Session.lookupSession(id)).exists(_.isLoggedOn))

  /** Milliseconds since the first session logged on; 0 before. */
  def loggedOnFor: Long = { val t = firstLogon.get; if (t == 0L) 0L else System.currentTimeMillis - t }

  /** Logs every session out and stops; [[send]] returns soon after. */
  def stop(): Unit = synchronized {
    if (!stopping) {
      stopping = true
      initiator.stop(true)
    }
  }

  /** Orders and cancels sent, reports refused, fills reported. */
  def sent: Long = sentCount.get
  def refused: Long = refusedCount.get
  def fills: Long = fillCount.get

  /** The orders (not cancels) the venue took: (CompID, ClOrdID). A copy: for the end of the day. */
  def takenOrders: Set[(String, String)] = scala.jdk.CollectionConverters.SetHasAsScala(taken).asScala.toSet

  /** How many orders (not cancels) the venue took so far; cheap enough to poll. */
  def ordersTaken: Long = takenCount.get

  /**
   * Sends the adds and cancels of `batch` in `symbols`, `perSecond` a second, on the calling thread, until the flow
   * ends, [[stop]] is called or `more` turns false. Command `i`'s account picks its session; a cancel goes to
   * the session of the order it names, and only once that order was sent.
   */
  def send(batch: CommandBatch, symbols: Set[String], perSecond: Int, more: () => Boolean): Unit = {
    val gap = 1_000_000_000L / perSecond
    // an add's id -> (session, ClOrdID), for the cancels that name it
    val owners = new java.util.HashMap[java.lang.Long, (Int, String)]()
    var due = System.nanoTime()
    var i = 0
    while (i < batch.size && !stopping && more()) {
      val kind = batch.kind(i)
      val symbol = batch.symbols(batch.symbolIndex(i)).name
      if ((kind == CommandReader.Add || kind == CommandReader.Cancel) && symbols.contains(symbol)) {
        val message: Option[(Int, Message)] =
          if (kind == CommandReader.Add) {
            val s = batch.account(i) % ids.size
            val clOrdId = s"o$i"
            owners.put(batch.id(i), (s, clOrdId))
            Some((s, order(batch, i, clOrdId, symbol)))
          } else
            Option(owners.remove(batch.id(i))).map((s, orig) => (s, cancel(batch, i, orig, symbol)))
        message.foreach { (s, m) =>
          val wait = due - System.nanoTime()
          if (wait > 0) LockSupport.parkNanos(wait)
          // a session that is down holds its client's orders back until it is up again
          while (!stopping && more() && !Option(Session.lookupSession(ids(s))).exists(_.isLoggedOn))
            Thread.sleep(20)
          if (!stopping && more() && Session.sendToTarget(m, ids(s))) {
            val _ = sentCount.incrementAndGet()
          }
          due = math.max(due + gap, System.nanoTime() - 100 * gap)
        }
      }
      i += 1
    }
  }

  private def order(batch: CommandBatch, i: Int, clOrdId: String, symbol: String): Message = {
    val m = new quickfix.fix44.NewOrderSingle()
    m.setString(11, clOrdId)
    m.setChar(54, if (batch.side(i) == Side.Buy) '1' else '2')
    m.setString(55, symbol)
    m.setString(38, batch.qty(i).toString)
    m.setChar(40, '2')
    m.setString(44, Price.fromRaw(batch.price(i)).render)
    val tif = batch.tif(i)
    m.setChar(59, if (tif == TimeInForce.Ioc) '3' else if (tif == TimeInForce.Fok) '4' else '1')
    if (tif == TimeInForce.Post) m.setString(18, "6")
    m.setUtcTimeStamp(60, java.time.LocalDateTime.now(java.time.ZoneOffset.UTC), true)
    m
  }

  private def cancel(batch: CommandBatch, i: Int, orig: String, symbol: String): Message = {
    val m = new quickfix.fix44.OrderCancelRequest()
    m.setString(11, s"c$i")
    m.setString(41, orig)
    m.setChar(54, if (batch.side(i) == Side.Buy) '1' else '2')
    m.setString(55, symbol)
    m.setUtcTimeStamp(60, java.time.LocalDateTime.now(java.time.ZoneOffset.UTC), true)
    m
  }

  def onCreate(id: SessionID): Unit = ()
  def onLogon(id: SessionID): Unit = { val _ = firstLogon.compareAndSet(0L, System.currentTimeMillis) }
  def onLogout(id: SessionID): Unit = ()
  def toAdmin(m: Message, id: SessionID): Unit =
    if (m.getHeader.getString(35) == "A") {
      m.setString(553, id.getSenderCompID)
      m.setString(554, passwords(id.getSenderCompID))
    }
  def fromAdmin(m: Message, id: SessionID): Unit = ()
  def toApp(m: Message, id: SessionID): Unit = ()

  def fromApp(m: Message, id: SessionID): Unit =
    if (m.getHeader.getString(35) == "8") {
      val execType = m.getChar(150)
      if (execType == '8') { val _ = refusedCount.incrementAndGet() }
      else {
        val clOrdId = m.getString(11)
        if (clOrdId.startsWith("o") && taken.add((id.getSenderCompID, clOrdId))) {
          val _ = takenCount.incrementAndGet()
        }
        if (execType == 'F') { val _ = fillCount.incrementAndGet() }
      }
    }
}

object LiveFixClients {

  /** A client's CompID and its password (held in memory only; the venue's clients file has its salted hash). */
  final case class Login(compId: String, password: String)
}
