package mvt.bench.fix

import org.HdrHistogram.Histogram
import quickfix.*

import java.util.concurrent.atomic.AtomicLong

/**
 * The open-loop load of `mvt bench fix`: many FIX 4.4 client sessions in one QuickFIX/J socket initiator, each
 * logging on with its Username and Password. `send` offers order `i` of a run through session `i % sessions`;
 * the first ExecutionReport of each order records its round trip from the order's intended send time. Sending
 * is from one thread; reports arrive on the initiator's own thread.
 */
final class FixLoad(port: Int, compIds: Vector[String], password: String, venueCompId: String = "MVT")
    extends Application
    with mvt.fix.OrderStages {
  private val sessionIds = compIds.map(c => new SessionID(FixVersions.BEGINSTRING_FIX44, c, venueCompId))
  private val loggedOn = java.util.concurrent.ConcurrentHashMap.newKeySet[SessionID]()
  private var answered = Array.emptyBooleanArray
  // order i's clock at each point of its way, nanos (0: not seen): FixLoad.Due (its intended send time, set by the
  // sender before it sends), Sent, the gateway's stages from FixLoad.Gateway on, Answered; written by the threads
  // that see each point, read on the initiator's thread (Due) and once the run is over
  @volatile private var stamps = new java.util.concurrent.atomic.AtomicLongArray(0)
  private var histogram = new Histogram(3600L * 1000000000L, 3)
  @volatile private var run = 0
  val answers = new AtomicLong
  val rejects = new AtomicLong

  private val settings = mvt.fix.InitiatorSettings(port, sessionIds, dictionary = false)
  // no store: a store in memory would keep every order sent, and its growth would be the bench's, not the gateway's
  private val initiator =
    new SocketInitiator(this, new NoopStoreFactory(), settings, null, new quickfix.fix44.MessageFactory())

  /** Connects every session and waits (up to `seconds`) until all are logged on; false if some are not. */
  def start(seconds: Int): Boolean = {
    initiator.start()
    val deadline = System.nanoTime() + seconds * 1000000000L
    while (loggedOn.size < sessionIds.size && System.nanoTime() < deadline) Thread.sleep(10)
    loggedOn.size == sessionIds.size
  }

  def stop(): Unit = initiator.stop(true)

  /** Prepares a run of `n` orders: a fresh histogram, nothing answered. */
  def prepare(n: Int): Unit = synchronized {
    run += 1
    answered = new Array[Boolean](n)
    stamps = new java.util.concurrent.atomic.AtomicLongArray(n * FixLoad.Points)
    histogram = new Histogram(3600L * 1000000000L, 3)
    answers.set(0L)
    rejects.set(0L)
  }

  /**
   * Sends order `i` of the run, intended at `due`: even orders buy and odd ones sell one unit at one price, so
   * each sell trades with the buy before it and the book stays small.
   */
  def send(i: Int, due: Long): Unit = {
    stamps.set(i * FixLoad.Points + FixLoad.Due, due)
    val m = new quickfix.fix44.NewOrderSingle()
    m.setString(11, s"r$run-$i")
    m.setChar(54, if (i % 2 == 0) '1' else '2')
    m.setString(55, "ACME")
    m.setString(38, "1")
    m.setChar(40, '2')
    m.setString(44, "10")
    m.setChar(59, '1')
    m.setUtcTimeStamp(60, java.time.LocalDateTime.now(java.time.ZoneOffset.UTC), true)
    val _ = Session.sendToTarget(m, sessionIds(i % sessionIds.size))
    stamps.set(i * FixLoad.Points + FixLoad.Sent, System.nanoTime())
  }

  /** Order `i`'s clock at point `p` of its way (a `FixLoad` point), nanos; 0 if it was not seen there. */
  def stamp(i: Int, p: Int): Long = stamps.get(i * FixLoad.Points + p)

  // the gateway's stages of this run's orders, by ClOrdID "r<run>-<i>", read without allocating
  def passed(stage: Int, clOrdId: String, nanos: Long): Unit = {
    val i = FixLoad.orderOf(clOrdId, run)
    val s = stamps
    if (i >= 0 && i * FixLoad.Points < s.length) s.set(i * FixLoad.Points + FixLoad.Gateway + stage, nanos)
  }

  /** The round trips recorded so far (a copy). */
  def result: Histogram = synchronized(histogram.copy())

  def onCreate(id: SessionID): Unit = ()
  def onLogon(id: SessionID): Unit = { val _ = loggedOn.add(id) }
  def onLogout(id: SessionID): Unit = { val _ = loggedOn.remove(id) }
  def toAdmin(m: Message, id: SessionID): Unit =
    if (m.getHeader.getString(35) == "A") {
      m.setString(553, id.getSenderCompID)
      m.setString(554, password)
    }
  def fromAdmin(m: Message, id: SessionID): Unit = ()
  def toApp(m: Message, id: SessionID): Unit = ()

  def fromApp(m: Message, id: SessionID): Unit =
    if (m.getHeader.getString(35) == "8") {
      val now = System.nanoTime()
      val clOrdId = m.getString(11)
      val dash = clOrdId.indexOf('-')
      val ofRun = clOrdId.substring(1, dash).toIntOption.contains(run)
      val i = clOrdId.substring(dash + 1).toIntOption.getOrElse(-1)
      synchronized {
        if (ofRun && i >= 0 && i < answered.length && !answered(i)) {
          answered(i) = true
          stamps.set(i * FixLoad.Points + FixLoad.Answered, now)
          histogram.recordValue(math.max(0L, now - stamps.get(i * FixLoad.Points + FixLoad.Due)))
          if (m.getChar(150) == '8') rejects.incrementAndGet()
          val _ = answers.incrementAndGet()
        }
      }
    }
}

object FixLoad {

  /** The points of an order's way, in order: its intended send time, sent, the gateway's stages, answered. */
  inline val Due = 0
  inline val Sent = 1
  inline val Gateway = 2
  inline val Answered = Gateway + mvt.fix.OrderStages.Count
  inline val Points = Answered + 1

  /** The points' names. */
  val pointNames: Vector[String] = Vector("due", "sent") ++ mvt.fix.OrderStages.names :+ "answered"

  // i of ClOrdID "r<run>-<i>", or -1 for another run's or another form
  private[fix] def orderOf(clOrdId: String, run: Int): Int = {
    val n = clOrdId.length
    if (n < 4 || clOrdId.charAt(0) != 'r') -1
    else {
      var k = 1
      var r = 0
      while (k < n && clOrdId.charAt(k) != '-') {
        r = r * 10 + (clOrdId.charAt(k) - '0'); k += 1
      }
      if (k >= n - 1 || r != run) -1
      else {
        k += 1
        var i = 0
        while (k < n && i >= 0) {
          val c = clOrdId.charAt(k)
          i = if (c >= '0' && c <= '9' && i < Int.MaxValue / 10) i * 10 + (c - '0') else -1
          k += 1
        }
        i
      }
    }
  }
}
