package mvt.fix

import quickfix.*

import java.util.concurrent.{LinkedBlockingQueue, TimeUnit}
import java.util.concurrent.atomic.AtomicBoolean

/**
 * A real FIX client for the tests: a QuickFIX/J socket initiator that logs on with a Username and Password and
 * keeps every message it receives. Its message store is in memory unless `storeDir` is given.
 */
final class FixTestClient(
    val compId: String,
    password: String,
    port: Int,
    venueCompId: String = "MVT",
    storeDir: Option[java.nio.file.Path] = None,
    username: Option[String] = None
) extends Application {
  val sessionId = new SessionID(FixVersions.BEGINSTRING_FIX44, compId, venueCompId)
  val received = new LinkedBlockingQueue[Message]()
  val logoutTexts = new LinkedBlockingQueue[String]()
  private val loggedOnFlag = new AtomicBoolean(false)
  private val settings = InitiatorSettings(port, List(sessionId), dictionary = true, storeDir)
  private val initiator = new SocketInitiator(
    this,
    storeDir.fold[MessageStoreFactory](new MemoryStoreFactory())(_ => new FileStoreFactory(settings)),
    settings,
    null,
    new quickfix.fix44.MessageFactory()
  )

  def start(): this.type = { initiator.start(); this }
  def stop(): Unit = initiator.stop(true)
  def loggedOn: Boolean = loggedOnFlag.get

  def onCreate(id: SessionID): Unit = ()
  def onLogon(id: SessionID): Unit = loggedOnFlag.set(true)
  def onLogout(id: SessionID): Unit = loggedOnFlag.set(false)
  def toAdmin(m: Message, id: SessionID): Unit =
    if (m.getHeader.getString(35) == "A") {
      m.setString(553, username.getOrElse(compId))
      m.setString(554, password)
    }
  def fromAdmin(m: Message, id: SessionID): Unit =
    if (m.getHeader.getString(35) == "5") logoutTexts.put(if (m.isSetField(58)) m.getString(58) else "")
    else if (m.getHeader.getString(35) == "3") received.put(m)
  def toApp(m: Message, id: SessionID): Unit = ()
  def fromApp(m: Message, id: SessionID): Unit = received.put(m)

  def send(m: Message): Unit = { val _ = Session.sendToTarget(m, sessionId) }

  /** The next received message of `msgType`, skipping others; fails after a generous wait. */
  def next(msgType: String, seconds: Int = 30): Message = {
    val deadline = System.nanoTime() + seconds * 1000000000L
    var found: Message = null
    while (found == null) {
      val left = deadline - System.nanoTime()
      if (left <= 0) throw new AssertionError(s"$compId: no message of type $msgType within $seconds s")
      val m = received.poll(left, TimeUnit.NANOSECONDS)
      if (m != null && m.getHeader.getString(35) == msgType) found = m
    }
    found
  }

  def awaitLogon(seconds: Int = 30): Unit = {
    val deadline = System.nanoTime() + seconds * 1000000000L
    while (!loggedOn) {
      if (System.nanoTime() > deadline) throw new AssertionError(s"$compId: not logged on within $seconds s")
      Thread.sleep(10)
    }
  }

  /** The Text of the next Logout received; fails after a generous wait. */
  def nextLogoutText(seconds: Int = 30): String =
    Option(logoutTexts.poll(seconds.toLong, TimeUnit.SECONDS))
      .getOrElse(throw new AssertionError(s"$compId: no Logout within $seconds s"))
}

object FixTestClient {

  /** A NewOrderSingle with the fields given as tag -> value (ClOrdID, Side, Symbol, ... ); TransactTime added. */
  def order(fields: (Int, String)*): Message = {
    val m = new quickfix.fix44.NewOrderSingle()
    fields.foreach((t, v) => m.setString(t, v))
    m.setUtcTimeStamp(60, java.time.LocalDateTime.now(java.time.ZoneOffset.UTC), true)
    m
  }

  def limit(clOrdId: String, side: Char, symbol: String, qty: Long, price: String): Message =
    order(
      11 -> clOrdId,
      54 -> side.toString,
      55 -> symbol,
      38 -> qty.toString,
      40 -> "2",
      44 -> price,
      59 -> "1"
    )

  def cancel(clOrdId: String, orig: String, side: Char, symbol: String): Message = {
    val m = new quickfix.fix44.OrderCancelRequest()
    m.setString(11, clOrdId)
    m.setString(41, orig)
    m.setChar(54, side)
    m.setString(55, symbol)
    m.setUtcTimeStamp(60, java.time.LocalDateTime.now(java.time.ZoneOffset.UTC), true)
    m
  }

  /** An OrderCancelReplaceRequest of the order `orig` to OrderQty `qty` at `price`, as a limit order. */
  def replace(
      clOrdId: String,
      orig: String,
      side: Char,
      symbol: String,
      qty: Long,
      price: String
  ): Message = {
    val m = new quickfix.fix44.OrderCancelReplaceRequest()
    m.setString(11, clOrdId)
    m.setString(41, orig)
    m.setChar(54, side)
    m.setString(55, symbol)
    m.setString(38, qty.toString)
    m.setChar(40, '2')
    m.setString(44, price)
    m.setUtcTimeStamp(60, java.time.LocalDateTime.now(java.time.ZoneOffset.UTC), true)
    m
  }

  def freePort(): Int = {
    val s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress)
    try s.getLocalPort
    finally s.close()
  }
}
