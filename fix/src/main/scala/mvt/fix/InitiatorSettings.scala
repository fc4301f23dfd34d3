package mvt.fix

import quickfix.{SessionID, SessionSettings}

import java.nio.file.Path

/**
 * The QuickFIX/J settings of a FIX 4.4 client (a socket initiator) of the gateway on loopback: always in
 * session, a 30 second heartbeat, reconnecting every second, one entry per session. Used by the load generator
 * and the tests' client, so both speak to the gateway the same way.
 */
object InitiatorSettings {

  /**
   * Settings for `sessions` connecting to `port`; `dictionary` checks incoming messages against FIX 4.4's data
   * dictionary, and `storeDir` is where a file message store keeps its files.
   */
  def apply(
      port: Int,
      sessions: Iterable[SessionID],
      dictionary: Boolean,
      storeDir: Option[Path] = None
  ): SessionSettings = {
    val s = new SessionSettings()
    s.setString("ConnectionType", "initiator")
    s.setString("BeginString", quickfix.FixVersions.BEGINSTRING_FIX44)
    s.setString("SocketConnectHost", "127.0.0.1")
    s.setString("SocketConnectPort", port.toString)
    s.setString("StartTime", "00:00:00")
    s.setString("EndTime", "00:00:00")
    s.setString("HeartBtInt", "30")
    s.setString("ReconnectInterval", "1")
    if (dictionary) {
      s.setString("UseDataDictionary", "Y")
      s.setString("DataDictionary", "FIX44.xml")
    } else s.setString("UseDataDictionary", "N")
    s.setString("CheckLatency", "N")
    storeDir.foreach(d => s.setString("FileStorePath", d.toString))
    sessions.foreach { id =>
      s.setString(id, "SenderCompID", id.getSenderCompID)
      s.setString(id, "TargetCompID", id.getTargetCompID)
    }
    s
  }
}
