package mvt.cluster

import java.io.RandomAccessFile
import java.nio.charset.StandardCharsets.US_ASCII
import java.nio.file.{Files, Path}

/**
 * Follows one of the venue's feed files (`DAY.trades.csv`, `DAY.quotes.csv`) from a byte offset: each `poll`
 * hands over the complete lines appended since the last. The venue appends a line only once its command is
 * durable, so a line read here never disappears. One thread only.
 */
final class FeedTail(path: Path, private var offset: Long) {
  private var partial = Array.emptyByteArray // a line whose newline is not written yet

  /** Calls `line` for each complete line written since the last poll, in order. */
  def poll(line: String => Unit): Unit =
    if (Files.exists(path)) {
      val f = new RandomAccessFile(path.toFile, "r")
      try {
        val len = f.length
        if (len > offset) {
          val fresh = new Array[Byte]((len - offset).toInt.min(1 << 22))
          f.seek(offset)
          f.readFully(fresh)
          offset += fresh.length
          val bytes = if (partial.isEmpty) fresh else partial ++ fresh
          var start = 0
          var i = 0
          while (i < bytes.length) {
            if (bytes(i) == '\n') {
              line(new String(bytes, start, i - start, US_ASCII))
              start = i + 1
            }
            i += 1
          }
          partial = java.util.Arrays.copyOfRange(bytes, start, bytes.length)
        }
      } finally f.close()
    }
}

object FeedTail {

  /** A tail of what is written from now on. */
  def fromEnd(path: Path): FeedTail = new FeedTail(path, if (Files.exists(path)) Files.size(path) else 0L)
}
