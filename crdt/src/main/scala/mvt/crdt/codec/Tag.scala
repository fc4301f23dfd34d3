package mvt.crdt.codec

/** Which data type a message holds; its code fills the upper six bits of the tag byte. */
private[codec] enum Kind(val code: Int, val label: String) {
  case GCounter extends Kind(1, "G-Counter")
  case PNCounter extends Kind(2, "PN-Counter")
  case GSet extends Kind(3, "G-Set")
  case TwoPhaseSet extends Kind(4, "2P-Set")
  case PNCounterMap extends Kind(5, "PN-Counter map")
  case ClientBalances extends Kind(6, "client balances")
  case Blacklist extends Kind(7, "blacklist")
  case BoundedCounter extends Kind(8, "bounded counter")
}

/** In which form a message holds its data type; its code fills the lower two bits of the tag byte. */
private[codec] enum Form(val code: Int, val label: String) {
  case State extends Form(0, "state")
  case Delta extends Form(1, "delta")
  case Operation extends Form(2, "operation")
  case OpReplica extends Form(3, "operation-based replica")
}

/** The first byte of every message: `kind.code << 2 | form.code`. Immutable. */
private[codec] final case class Tag(kind: Kind, form: Form) {
  def byte: Int = kind.code << 2 | form.code
  def describe: String = f"tag 0x$byte%02x (${kind.label} ${form.label})"
}

private[codec] object Tag {

  /** The wire format's version, the second byte of every message. */
  val FormatVersion: Int = 1

  /** Names a tag byte read from the wire, known or not, for an error message. */
  def describe(byte: Int): String =
    Kind.values.find(_.code == byte >>> 2) match {
      case Some(kind) => Tag(kind, Form.fromOrdinal(byte & 3)).describe
      case None => f"tag 0x$byte%02x (unknown)"
    }
}
