package mvt.fix

import quickfix.{Message, RejectLogon, Session, SessionID}

import java.util.concurrent.ConcurrentHashMap

/**
 * The QuickFIX/J application of the acceptor: it admits a Logon only with the client's Username (553, its
 * CompID) and Password (554) and one session per CompID, logs every attempt (never the password), and hands
 * application messages to the gateway thread. Called on QuickFIX/J's threads.
 */
private[fix] final class FixApplication(settings: FixSettings, desk: OrderDesk, marketData: MarketData)
    extends quickfix.Application {
  private val clients = settings.clients.map(c => c.compId -> c).toMap
  private val loggedOn = ConcurrentHashMap.newKeySet[String]()

  def onCreate(id: SessionID): Unit = ()

  def onLogon(id: SessionID): Unit = { val _ = loggedOn.add(id.getTargetCompID) }

  def onLogout(id: SessionID): Unit = {
    loggedOn.remove(id.getTargetCompID)
    marketData.forget(id.getTargetCompID)
  }

  def toAdmin(m: Message, id: SessionID): Unit = ()

  def fromAdmin(m: Message, id: SessionID): Unit =
    if (m.getHeader.getString(35) == "A") {
      val compId = id.getTargetCompID
      val from =
        Option(Session.lookupSession(id)).flatMap(s => Option(s.getRemoteAddress)).fold("")(a => s" from $a")
      refusal(compId, m) match {
        case Some(why) =>
          settings.log(s"fix: logon of $compId$from refused: $why")
          throw new RejectLogon(why)
        case None => settings.log(s"fix: logon of $compId$from accepted")
      }
    }

  private def refusal(compId: String, m: Message): Option[String] =
    clients.get(compId) match {
      case None => Some(s"unknown SenderCompID $compId: not a client of this venue")
      case Some(c) =>
        if (!m.isSetField(553) || !m.isSetField(554))
          Some("a Logon must carry Username (553) and Password (554)")
        else if (m.getString(553) != compId) Some("Username (553) must be the SenderCompID")
        else if (!c.password.matches(m.getString(554).toCharArray))
          Some("wrong password for this Username (553)")
        else if (loggedOn.contains(compId)) Some(s"a session of $compId is already logged on")
        else None
    }

  def toApp(m: Message, id: SessionID): Unit = ()

  private val stages = settings.stages.orNull

  def fromApp(m: Message, id: SessionID): Unit = {
    if (stages != null && m.getHeader.getString(35) == "D" && m.isSetField(11))
      stages.passed(OrderStages.Received, m.getString(11), System.nanoTime())
    desk.queue.put(Inbound.FromClient(id.getTargetCompID, m))
  }
}
