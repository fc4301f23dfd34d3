package mvt.crdt.codec

import java.nio.charset.StandardCharsets

/**
 * A growable byte buffer that codecs write into: single bytes, varints and UTF-8 strings.
 * Mutable and not thread-safe: each encoding uses its own.
 */
final class WireWriter(initialCapacity: Int) {

  def this() = this(64)

  private var buf = new Array[Byte](math.max(initialCapacity, 8))
  private var len = 0

  def size: Int = len

  def writeByte(b: Int): Unit = {
    ensure(1)
    buf(len) = b.toByte
    len += 1
  }

  def writeBytes(bytes: Array[Byte]): Unit = {
    ensure(bytes.length)
    System.arraycopy(bytes, 0, buf, len, bytes.length)
    len += bytes.length
  }

  /** A non-negative number as an unsigned LEB128 varint: 1 byte below 128, at most 9 bytes. */
  def writeVarLong(v: Long): Unit = {
    if (v < 0L) throw new IllegalArgumentException(s"a varint must be non-negative, got $v")
    writeUnsigned(v)
  }

  /** Any number, zigzag-mapped so that small magnitudes of either sign stay short. */
  def writeZigZagLong(v: Long): Unit = writeUnsigned((v << 1) ^ (v >> 63))

  /** The UTF-8 bytes of `s`, preceded by their count. */
  def writeString(s: String): Unit = {
    val bytes = s.getBytes(StandardCharsets.UTF_8)
    writeVarLong(bytes.length.toLong)
    writeBytes(bytes)
  }

  def toByteArray: Array[Byte] = java.util.Arrays.copyOf(buf, len)

  private def writeUnsigned(v: Long): Unit = {
    var rest = v
    while ((rest & ~0x7fL) != 0L) {
      writeByte(((rest & 0x7fL) | 0x80L).toInt)
      rest = rest >>> 7
    }
    writeByte(rest.toInt)
  }

  private def ensure(extra: Int): Unit =
    if (len + extra > buf.length) buf = java.util.Arrays.copyOf(buf, math.max(buf.length * 2, len + extra))
}
