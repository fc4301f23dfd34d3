package mvt.cluster

/** A node's address as people and control lines write it, `HOST:PORT`; pure. */
object HostPort {

  /** `text` as a host and a port from 1 to 65535, or why it is none. */
  def parse(text: String): Either[String, (String, Int)] = {
    val i = text.lastIndexOf(':')
    val port = if (i > 0) text.substring(i + 1).toIntOption else None
    port.filter(p => p > 0 && p < 65536).map(p => (text.substring(0, i), p)).toRight(
      s"expected HOST:PORT, got '$text'"
    )
  }
}
