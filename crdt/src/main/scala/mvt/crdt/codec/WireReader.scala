package mvt.crdt.codec

import java.nio.ByteBuffer
import java.nio.charset.{CharacterCodingException, CodingErrorAction, StandardCharsets}

/**
 * Reads what a [[WireWriter]] wrote, strictly: it accepts only the one canonical encoding of each
 * value, and every failure names its offset and what was expected, through [[fail]].
 * Mutable and not thread-safe: each decoding uses its own.
 */
final class WireReader(bytes: Array[Byte]) {

  private var pos = 0

  /** The offset of the next byte to read. */
  def offset: Int = pos

  def remaining: Int = bytes.length - pos

  /** Stops decoding with a [[DecodeError]] at `at` (by default the current offset). */
  def fail(expected: String, found: String, at: Int = pos): Nothing =
    throw new DecodeFailure(DecodeError(at, expected, found))

  /** One byte, 0 to 255. */
  def readByte(what: String): Int = {
    if (pos >= bytes.length) fail(what, "end of input")
    val b = bytes(pos) & 0xff
    pos += 1
    b
  }

  /** A non-negative minimal varint. */
  def readVarLong(what: String): Long = {
    val start = pos
    val v = readUnsigned(what)
    if (v < 0L) fail(what, s"a varint above Long.MaxValue", start)
    v
  }

  /** A zigzag varint, as [[WireWriter.writeZigZagLong]] writes it. */
  def readZigZagLong(what: String): Long = {
    val u = readUnsigned(what)
    (u >>> 1) ^ -(u & 1L)
  }

  /**
   * The number of entries that follow. Every entry takes at least one byte, so a count larger than
   * the bytes left is refused before anything is allocated for it.
   */
  def readCount(what: String): Int = {
    val start = pos
    val n = readVarLong(s"the number of $what")
    if (n > remaining) fail(s"at most $remaining $what (the bytes left)", s"a count of $n", start)
    n.toInt
  }

  /** A UTF-8 string preceded by its byte count; malformed UTF-8 is refused. */
  def readString(what: String): String = {
    val start = pos
    val n = readVarLong(s"the byte length of $what")
    if (n > remaining) fail(s"$n bytes of $what", s"end of input after ${remaining} bytes", bytes.length)
    val decoder = StandardCharsets.UTF_8
      .newDecoder()
      .onMalformedInput(CodingErrorAction.REPORT)
      .onUnmappableCharacter(CodingErrorAction.REPORT)
    val s =
      try decoder.decode(ByteBuffer.wrap(bytes, pos, n.toInt)).toString
      catch { case _: CharacterCodingException => fail(s"$what in UTF-8", "malformed UTF-8", start) }
    pos += n.toInt
    s
  }

  /** Whether bytes `[aFrom, aTo)` sort strictly before `[bFrom, bTo)`, comparing unsigned bytes. */
  def sliceBefore(aFrom: Int, aTo: Int, bFrom: Int, bTo: Int): Boolean =
    java.util.Arrays.compareUnsigned(bytes, aFrom, aTo, bytes, bFrom, bTo) < 0

  /** Refuses trailing bytes, which a well-formed message never has. */
  def requireEnd(): Unit =
    if (pos != bytes.length) fail("end of input", s"${bytes.length - pos} more bytes")

  private def readUnsigned(what: String): Long = {
    val start = pos
    var result = 0L
    var shift = 0
    var b = readByte(what)
    while ((b & 0x80) != 0) {
      if (shift == 63) fail(what, "a varint longer than 10 bytes", start)
      result |= (b & 0x7fL) << shift
      shift += 7
      b = readByte(what)
    }
    if (shift == 63 && b > 1) fail(what, "a varint above 64 bits", start)
    if (b == 0 && shift > 0) fail(s"$what as a minimal varint", "a redundant trailing zero byte", start)
    result | (b.toLong << shift)
  }
}
