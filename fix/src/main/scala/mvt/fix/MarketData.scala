package mvt.fix

import quickfix.fix44.{
  MarketDataIncrementalRefresh,
  MarketDataRequest,
  MarketDataRequestReject,
  MarketDataSnapshotFullRefresh
}
import quickfix.{Message, Session, SessionID}
import mvt.core.files.LineTail

import java.nio.file.Path
import scala.collection.mutable

/**
 * Top of book for clients (MarketDataRequest V, snapshot W, incremental refresh X), from the venue's quote feed
 * file: it holds only lines whose command is durable, so a client never sees a price the journal could lose.
 * `poll` follows the file on its own thread; `request` is called on the gateway thread; both under this
 * object's lock.
 */
private[fix] final class MarketData(quotes: Path, venueCompId: String, traded: Set[String]) {
  // the latest top of each symbol: bid price, bid size, ask price, ask size as text, "" for an empty side
  private val tops = mutable.HashMap.empty[String, Array[String]]
  // symbol -> (compId, MDReqID) subscribed
  private val subscribers = mutable.HashMap.empty[String, mutable.LinkedHashSet[(String, String)]]
  private val tail = new LineTail(quotes, 0L)

  /** Reads the lines appended since the last call and sends each change to its subscribers. */
  def poll(): Unit = synchronized {
    tail.poll((at, line) => if (at > 0) quote(line)) // the line at 0 is the header
  }

  private def quote(line: String): Unit = {
    val f = line.split(",", -1)
    if (f.length == 6) {
      val before = tops.getOrElse(f(1), Array("", "", "", ""))
      val now = Array(f(2), f(3), f(4), f(5))
      tops(f(1)) = now
      subscribers.get(f(1)).foreach(_.foreach((c, req) => send(c, incremental(req, f(1), before, now))))
    }
  }

  /** Answers a MarketDataRequest: a snapshot per symbol and, when asked, a subscription; or a reject. */
  def request(compId: String, m: Message): Unit = synchronized {
    val reqId = if (m.isSetField(262)) m.getString(262) else ""
    val kind = if (m.isSetField(263)) m.getChar(263) else '?'
    val syms = (1 to (if (m.isSetField(146)) m.getInt(146) else 0)).map { i =>
      val g = new MarketDataRequest.NoRelatedSym()
      m.getGroup(i, g)
      g.getString(55)
    }
    val unknown = syms.find(s => !traded(s))
    if (kind != '0' && kind != '1' && kind != '2')
      send(compId, reject(reqId, '4', s"SubscriptionRequestType (263) \"$kind\" is not supported: 0, 1 or 2"))
    else if (syms.isEmpty)
      send(compId, reject(reqId, '0', "NoRelatedSym (146): name at least one Symbol (55)"))
    else if (unknown.isDefined)
      send(compId, reject(reqId, '0', s"Symbol (55) \"${unknown.get}\" is not traded here"))
    else if (kind == '2') subscribers.values.foreach(_.filterInPlace((c, r) => !(c == compId && r == reqId)))
    else
      syms.foreach { s =>
        send(compId, snapshot(reqId, s, tops.getOrElse(s, Array("", "", "", ""))))
        if (kind == '1') subscribers.getOrElseUpdate(s, mutable.LinkedHashSet.empty) += ((compId, reqId))
      }
  }

  /** Closes the quote feed (the follower thread, once it has stopped polling). */
  def close(): Unit = synchronized(tail.close())

  /** Drops every subscription of a session (at its logout). */
  def forget(compId: String): Unit = synchronized {
    subscribers.values.foreach(_.filterInPlace((c, _) => c != compId))
  }

  private def snapshot(reqId: String, symbol: String, top: Array[String]): Message = {
    val m = new MarketDataSnapshotFullRefresh()
    m.setString(262, reqId)
    m.setString(55, symbol)
    for (side <- 0 to 1 if top(side * 2).nonEmpty) {
      val g = new MarketDataSnapshotFullRefresh.NoMDEntries()
      g.setChar(269, if (side == 0) '0' else '1')
      g.setString(270, top(side * 2))
      g.setString(271, top(side * 2 + 1))
      m.addGroup(g)
    }
    if (!m.isSetField(268)) m.setInt(268, 0)
    m
  }

  private def incremental(
      reqId: String,
      symbol: String,
      before: Array[String],
      now: Array[String]
  ): Message = {
    val m = new MarketDataIncrementalRefresh()
    m.setString(262, reqId)
    for (side <- 0 to 1 if before(side * 2) != now(side * 2) || before(side * 2 + 1) != now(side * 2 + 1)) {
      val g = new MarketDataIncrementalRefresh.NoMDEntries()
      // 0 new, 1 change, 2 delete: the top of a side appears, moves or empties
      val action = if (now(side * 2).isEmpty) '2' else if (before(side * 2).isEmpty) '0' else '1'
      g.setChar(279, action)
      g.setChar(269, if (side == 0) '0' else '1')
      g.setString(55, symbol)
      if (action != '2') { g.setString(270, now(side * 2)); g.setString(271, now(side * 2 + 1)) }
      m.addGroup(g)
    }
    m
  }

  private def reject(reqId: String, reason: Char, text: String): Message = {
    val m = new MarketDataRequestReject()
    m.setString(262, reqId)
    m.setChar(281, reason)
    m.setString(58, text)
    m
  }

  private def send(compId: String, m: Message): Unit =
    try { val _ = Session.sendToTarget(m, new SessionID("FIX.4.4", venueCompId, compId)) }
    catch { case _: quickfix.SessionNotFound => () }
}
