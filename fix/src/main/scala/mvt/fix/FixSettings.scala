package mvt.fix

import java.nio.file.Path

/**
 * How the gateway listens: the address and port of its acceptor (loopback unless told otherwise), the venue's
 * CompID, the clients allowed to log on, the directory of its files (the message store and the order log,
 * usually the venue's journal directory), the heartbeat it proposes, and where logon attempts are reported.
 * Immutable.
 */
final case class FixSettings(
    port: Int,
    clients: Vector[Client],
    dir: Path,
    host: String = "127.0.0.1",
    compId: String = "MVT",
    log: String => Unit = line => System.err.println(line)
) {
  def storeDir: Path = dir.resolve("fix-store")
}
