package mvt.crdt.codec

import mvt.crdt.{ClientId, ReplicaId}

/**
 * Writes and reads one self-delimiting value, with no tag or version: a set's element, a map's key,
 * or the body of a state inside a message. A reader signals bad input through [[WireReader.fail]].
 * Implementations must be immutable; one instance serves every thread.
 */
trait ElementCodec[A] {
  def write(a: A, out: WireWriter): Unit
  def read(in: WireReader): A
}

object ElementCodec {

  /** A codec from its two halves. */
  def of[A](writeFn: (A, WireWriter) => Unit, readFn: WireReader => A): ElementCodec[A] =
    new ElementCodec[A] {
      def write(a: A, out: WireWriter): Unit = writeFn(a, out)
      def read(in: WireReader): A = readFn(in)
    }

  /** UTF-8 text preceded by its byte count. */
  val string: ElementCodec[String] = new ElementCodec[String] {
    def write(a: String, out: WireWriter): Unit = out.writeString(a)
    def read(in: WireReader): String = in.readString("a string")
  }

  /** A zigzag varint: 1 byte for -64 to 63, at most 10. */
  val long: ElementCodec[Long] = new ElementCodec[Long] {
    def write(a: Long, out: WireWriter): Unit = out.writeZigZagLong(a)
    def read(in: WireReader): Long = in.readZigZagLong("a zigzag varint")
  }

  val replicaId: ElementCodec[ReplicaId] = new ElementCodec[ReplicaId] {
    def write(a: ReplicaId, out: WireWriter): Unit = out.writeString(a.value)
    def read(in: WireReader): ReplicaId = ReplicaId(nonEmpty(in, "a replica id"))
  }

  val clientId: ElementCodec[ClientId] = new ElementCodec[ClientId] {
    def write(a: ClientId, out: WireWriter): Unit = out.writeString(a.value)
    def read(in: WireReader): ClientId = ClientId(nonEmpty(in, "a client id"))
  }

  private def nonEmpty(in: WireReader, what: String): String = {
    val start = in.offset
    val s = in.readString(what)
    if (s.isEmpty) in.fail(s"$what of at least one character", "an empty string", start)
    s
  }
}
