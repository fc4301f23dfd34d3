package mvt.core

import java.io.InputStream
import java.nio.charset.StandardCharsets.US_ASCII

/**
 * An `InputStream` that encodes ASCII lines from an iterator as they are read, so a test can feed a reader
 * gigabytes without holding them. Each line gets `eol` appended. Records the largest single read request and
 * how many bytes were handed out, so tests can show how far ahead a reader buffers.
 */
final class LineStream(lines: Iterator[String], eol: String = "\n") extends InputStream {
  private var current: Array[Byte] = Array.emptyByteArray
  private var pos = 0

  /** Bytes handed out so far. */
  var bytesRead: Long = 0L

  /** The largest `len` any `read` asked for. */
  var largestRequest: Int = 0

  private def refill(): Boolean = {
    while (pos == current.length && lines.hasNext) {
      current = (lines.next() + eol).getBytes(US_ASCII)
      pos = 0
    }
    pos < current.length
  }

  override def read(): Int =
    if (!refill()) -1
    else {
      val b = current(pos) & 0xff
      pos += 1
      bytesRead += 1
      b
    }

  override def read(b: Array[Byte], off: Int, len: Int): Int = {
    largestRequest = math.max(largestRequest, len)
    if (len == 0) 0
    else if (!refill()) -1
    else {
      var n = 0
      while (n < len && refill()) {
        val k = math.min(len - n, current.length - pos)
        System.arraycopy(current, pos, b, off + n, k)
        pos += k
        n += k
      }
      bytesRead += n
      n
    }
  }
}
