package mvt.crdt.codec

/**
 * The wire format of one state, delta or operation type: a tag byte naming the type and form, a
 * format-version byte, then the body. Encoding is deterministic (entries sorted by their bytes), and
 * decoding accepts only that canonical form and refuses truncated input with a [[DecodeError]].
 * Immutable and thread-safe; every call allocates its own buffer.
 */
final class BinaryCodec[A] private[codec] (tag: Tag, body: ElementCodec[A]) {

  def encode(a: A): Array[Byte] = {
    val out = new WireWriter()
    out.writeByte(tag.byte)
    out.writeByte(Tag.FormatVersion)
    body.write(a, out)
    out.toByteArray
  }

  def decode(bytes: Array[Byte]): Either[DecodeError, A] = {
    val in = new WireReader(bytes)
    try {
      val t = in.readByte(tag.describe)
      if (t != tag.byte) in.fail(tag.describe, Tag.describe(t), 0)
      val v = in.readByte(s"format version ${Tag.FormatVersion}")
      if (v != Tag.FormatVersion) in.fail(s"format version ${Tag.FormatVersion}", s"version $v", 1)
      val a = body.read(in)
      in.requireEnd()
      Right(a)
    } catch {
      case f: DecodeFailure => Left(f.error)
      // A constructor refused a value that the format allows, such as a custom element's own rule.
      case e: IllegalArgumentException => Left(DecodeError(in.offset, "a valid value", e.getMessage))
    }
  }

  override def toString: String = s"BinaryCodec(${tag.describe})"
}
