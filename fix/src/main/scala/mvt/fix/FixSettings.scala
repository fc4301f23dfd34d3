package mvt.fix

import java.nio.file.Path

/**
 * How the gateway listens: the address and port of its acceptor (loopback unless told otherwise), the venue's
 * CompID, the clients allowed to log on, the directory of its files (the message store and the order log,
 * usually the venue's journal directory), the heartbeat it proposes, where logon attempts are reported, and
 * (for a benchmark only) who hears each new order pass the gateway's stages. Immutable.
 */
final case class FixSettings(
    port: Int,
    clients: Vector[Client],
    dir: Path,
    host: String = "127.0.0.1",
    compId: String = "MVT",
    log: String => Unit = line => System.err.println(line),
    stages: Option[OrderStages] = None
) {
  def storeDir: Path = dir.resolve("fix-store")
}

object FixSettings {

  /** Settings for `mvt venue --fix-port PORT --clients FILE [--comp-id ID]`, the clients read from `clients`. */
  def load(port: Int, clients: Path, compId: String, dir: Path): Either[String, FixSettings] =
    if (port < 1 || port > 65535) Left(s"--fix-port: expected a port from 1 to 65535, found $port")
    else if (!ClientsFile.isValidCompId(compId))
      Left(s"--comp-id: expected 1 to 32 letters or digits, found \"$compId\"")
    else if (!java.nio.file.Files.exists(clients))
      Left(s"$clients: no such clients file (see mvt venue add-client)")
    else ClientsFile.read(clients).map(cs => FixSettings(port, cs, dir, compId = compId))
}
