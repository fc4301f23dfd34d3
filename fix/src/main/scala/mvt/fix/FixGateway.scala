package mvt.fix

import cats.effect.{IO, Resource}
import mvt.venue.Venue
import quickfix.*
import quickfix.mina.SessionConnector
import quickfix.mina.acceptor.{AcceptorSessionProvider, DynamicAcceptorSessionProvider}
import mvt.core.files.LineTail

import java.net.InetSocketAddress
import scala.jdk.CollectionConverters.*
import java.nio.file.Files

/**
 * The venue's FIX 4.4 front door: a QuickFIX/J socket acceptor whose client sessions submit orders and cancels to
 * the venue and receive ExecutionReports once the venue has made each command durable. Start with
 * `FixGateway.start` (or `resource`); `close` stops accepting, then stops the gateway thread.
 */
final class FixGateway private (
    acceptor: ThreadedSocketAcceptor,
    desk: OrderDesk,
    threads: List[Thread],
    stopQuotes: () => Unit,
    log: OrderLog,
    val settings: FixSettings
) extends AutoCloseable {

  /** True once `close` has told the gateway thread to refuse new orders (for the tests of the close). */
  @volatile private[fix] var closeQueued = false

  /**
   * Closes without losing a report: stops following the feeds (their last lines read), refuses new orders, waits
   * until every command submitted has its outcome reported, logs every session out (what is sent after a session's
   * logout is kept in its message store, resent at its next logon), and only then stops the gateway thread and the
   * acceptor, which forgets the sessions; idempotent.
   */
  def close(): Unit = synchronized {
    if (threads.exists(_.isAlive)) {
      stopQuotes()
      desk.queue.put(Inbound.Close)
      closeQueued = true
      if (!desk.awaitDrained(FixGateway.DrainMillis))
        settings.log(s"fix: closing with ${desk.unanswered} commands the venue has not answered")
      FixGateway.logOut(acceptor)
      desk.queue.put(Inbound.Stop)
      threads.foreach(_.join())
      acceptor.stop(true)
      log.close()
    }
  }
}

object FixGateway {

  // how long a close waits for the venue's outcomes of the commands submitted (a running venue answers within
  // milliseconds; one that failed never does)
  private val DrainMillis = 10000L

  // logs every logged-on session out (QuickFIX/J sends the Logout at its next second's tick) and waits for the
  // answers, two seconds at most; a session still logged on then is disconnected
  private def logOut(acceptor: ThreadedSocketAcceptor): Unit = {
    val sessions = acceptor.getManagedSessions.asScala.toVector.filter(_.isLoggedOn)
    sessions.foreach(_.logout("the venue is closing"))
    val deadline = System.nanoTime() + 2000000000L
    while (sessions.exists(_.isLoggedOn) && System.nanoTime() < deadline) Thread.sleep(10)
    sessions.filter(_.isLoggedOn).foreach(_.disconnect("the venue is closing", false))
  }

  /**
   * Starts the gateway for `venue`: its order log and message store in `settings.dir`, the orders it held before
   * (their fills and cancels replayed from the venue's journal), then the acceptor on `settings.host:port`.
   */
  def start(venue: Venue, settings: FixSettings): Either[String, FixGateway] = {
    Files.createDirectories(settings.storeDir)
    val force = venue.config.durability != mvt.venue.Durability.None
    for {
      stored <- storedReports(settings)
      opened <- OrderLog.open(OrderLog.pathFor(settings.dir, venue.config.day), force)
    } yield {
      val (log, recovered) = opened
      FixRecovery.replay(venue.config.journal, recovered.orders, recovered.replaces)
      val desk = (md: MarketData) =>
        new OrderDesk(venue.symbols, (c, r) => venue.submit(c, r), settings, log, recovered, md)
      launch(venue.symbols, venue.config.quotes, venue.config.trades, desk, log, settings, stored)
    }
  }

  /**
   * The same gateway with no venue behind it: every order is answered New at once, nothing is matched or
   * journaled (its order log is written, not forced, as with `--durability none`). The floor of `mvt bench fix`;
   * not for trading.
   */
  def startWithoutVenue(
      symbols: Vector[mvt.core.Symbol],
      settings: FixSettings
  ): Either[String, FixGateway] = {
    Files.createDirectories(settings.storeDir)
    for {
      stored <- storedReports(settings)
      opened <- OrderLog.open(OrderLog.pathFor(settings.dir, "no-venue"), force = false)
    } yield {
      val (log, recovered) = opened
      val seq = new java.util.concurrent.atomic.AtomicLong
      val answer = (c: mvt.core.Command, r: mvt.venue.Reply) => {
        val events = c match {
          case mvt.core.Command.Add(s, id, side, px, q, _, _) =>
            Vector(mvt.core.Event.Added(s, id, side, px, q))
          case mvt.core.Command.Cancel(s, id) => Vector(mvt.core.Event.CancelRejected(s, id))
          case _ => Vector.empty
        }
        r.done(mvt.venue.Outcome(seq.incrementAndGet(), mvt.core.Timestamp.fromEpochNanos(0L), events))
        None
      }
      val desk = (md: MarketData) => new OrderDesk(symbols, answer, settings, log, recovered, md)
      val absent = settings.dir.resolve("no-venue.absent")
      launch(symbols, absent, absent, desk, log, settings, stored)
    }
  }

  // the acceptor, the gateway thread and the feeds' follower, around the desk `desk` makes; `stored` is what each
  // session's store held when the gateway started (see Restatement.fromStores)
  private def launch(
      symbols: Vector[mvt.core.Symbol],
      quotes: java.nio.file.Path,
      tradeFeed: java.nio.file.Path,
      makeDesk: MarketData => OrderDesk,
      log: OrderLog,
      settings: FixSettings,
      stored: Map[String, Map[Long, Restatement.Reported]]
  ): FixGateway = {
    val traded = symbols.map(_.name).toSet
    val marketData = new MarketData(quotes, settings.compId, traded)
    val desk = makeDesk(marketData)
    val app = new FixApplication(settings, desk, marketData)
    val qfSettings = sessionSettings(settings)
    val store = new FileStoreFactory(qfSettings)
    val messages = new quickfix.fix44.MessageFactory()
    // a thread per session: a logon's password check (PBKDF2, tens of milliseconds) stalls only its own session
    val acceptor = new ThreadedSocketAcceptor(app, store, qfSettings, null, messages)
    val unknown = new DynamicAcceptorSessionProvider(
      qfSettings,
      templateId(settings),
      app,
      new MemoryStoreFactory(),
      null,
      messages
    )
    acceptor.setSessionProvider(
      new InetSocketAddress(settings.host, settings.port),
      provider(settings, unknown)
    )
    val deskThread = new Thread(desk, "fix-gateway")
    val forcerThread = new Thread(desk.forcer, "fix-order-log")
    // fills before now are in the recovered orders; the feed from here on brings those by outside takers
    val trades = LineTail.fromEnd(tradeFeed)
    @volatile var following = true
    val quotesThread = new Thread(
      () =>
        try {
          while (following) {
            marketData.poll()
            trades.poll(desk.tradeLine)
            // a maker's fill by an outside taker and a quote reach clients within about this nap
            Thread.sleep(1)
          }
          // the fills the feed holds at the close are reported too
          trades.poll(desk.tradeLine)
        } finally { marketData.close(); trades.close() },
      "fix-feeds"
    )
    quotesThread.setDaemon(true)
    deskThread.start()
    forcerThread.start()
    quotesThread.start()
    acceptor.start()
    desk.queue.put(Inbound.Restate(stored))
    new FixGateway(
      acceptor,
      desk,
      List(deskThread, quotesThread, forcerThread),
      () => { following = false; quotesThread.join() },
      log,
      settings
    )
  }

  /**
   * What `mvt venue` attaches to the open venue for `--fix-port PORT --clients FILE --comp-id ID` (nothing
   * without them): the gateway, started with its clients read from FILE, or why it could not start.
   */
  def attach(
      fix: Option[(Int, java.nio.file.Path, String)],
      dir: java.nio.file.Path,
      err: java.io.PrintStream
  ): Venue => Either[String, AutoCloseable] = venue =>
    fix match {
      case None => Right(() => ())
      case Some((port, clients, compId)) =>
        for {
          settings <- FixSettings.load(port, clients, compId, dir)
          gateway <-
            try start(venue, settings)
            catch {
              case e: RuntimeException => Left(s"cannot accept FIX sessions on port $port: ${e.getMessage}")
            }
        } yield {
          err.println(
            s"mvt venue: accepting FIX 4.4 sessions on ${settings.host}:$port as $compId (${settings.clients.size} clients)"
          )
          gateway
        }
    }

  /** `start` as a resource: the gateway is closed at release. */
  def resource(venue: Venue, settings: FixSettings): Resource[IO, FixGateway] =
    Resource.make(IO.blocking(start(venue, settings)).flatMap {
      case Right(g) => IO.pure(g)
      case Left(e) => IO.raiseError(new IllegalArgumentException(e))
    })(g => IO.blocking(g.close()))

  // a client's session is found among the configured ones; any other CompID gets a throwaway session in memory,
  // so its Logon reaches the application and is refused with a Text instead of a dropped connection
  private def provider(
      settings: FixSettings,
      unknown: DynamicAcceptorSessionProvider
  ): AcceptorSessionProvider =
    (id: SessionID, connector: SessionConnector) =>
      Option(Session.lookupSession(id)).map { s =>
        // QuickFIX/J drops a connection whose session already has one; say so, as for any refused logon
        if (s.hasResponder)
          settings.log(s"fix: logon of ${id.getTargetCompID} refused: a session of it is already connected")
        s
      }.getOrElse {
        if (id.getBeginString == FixVersions.BEGINSTRING_FIX44 && id.getSenderCompID == settings.compId)
          unknown.getSession(id, connector)
        else null
      }

  // each client session's store, mended after a crash and read before the acceptor opens it
  private def storedReports(s: FixSettings): Either[String, Map[String, Map[Long, Restatement.Reported]]] =
    Restatement.fromStores(
      s.storeDir,
      new FileStoreFactory(sessionSettings(s)),
      s.clients.map(c => new SessionID(FixVersions.BEGINSTRING_FIX44, s.compId, c.compId)),
      s.log
    )

  private def templateId(s: FixSettings) =
    new SessionID(FixVersions.BEGINSTRING_FIX44, s.compId, "UNKNOWN-CLIENT")

  private def sessionSettings(s: FixSettings): SessionSettings = {
    val q = new SessionSettings()
    def defaults(k: String, v: String): Unit = q.setString(k, v)
    defaults("ConnectionType", "acceptor")
    defaults("BeginString", FixVersions.BEGINSTRING_FIX44)
    defaults("SenderCompID", s.compId)
    defaults("SocketAcceptAddress", s.host)
    defaults("SocketAcceptPort", s.port.toString)
    defaults("StartTime", "00:00:00")
    defaults("EndTime", "00:00:00")
    defaults("FileStorePath", s.storeDir.toString)
    // no index of the messages in memory: keeping one costs a tree insert (and its cache misses) on the gateway
    // thread for every report sent, for nothing but resends, which find their messages in the store's header file
    // (one sequential read a resend request), as a resend after a restart does anyway
    defaults("FileStoreMaxCachedMsgs", "0")
    defaults("UseDataDictionary", "Y")
    defaults("DataDictionary", "FIX44.xml")
    defaults("CheckLatency", "N")
    defaults("ResetOnLogon", "N")
    defaults("ResetOnLogout", "N")
    defaults("ResetOnDisconnect", "N")
    s.clients.foreach { c =>
      val id = new SessionID(FixVersions.BEGINSTRING_FIX44, s.compId, c.compId)
      q.setString(id, "TargetCompID", c.compId)
    }
    val t = templateId(s)
    q.setString(t, "TargetCompID", t.getTargetCompID)
    q.setString(t, "AcceptorTemplate", "Y")
    q
  }
}
