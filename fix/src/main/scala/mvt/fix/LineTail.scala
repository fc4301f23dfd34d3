package mvt.fix

import java.io.RandomAccessFile
import java.nio.charset.StandardCharsets.US_ASCII
import java.nio.file.{Files, Path}

/**
 * Follows a feed file the venue appends to: each `poll` hands over the complete lines written since the last,
 * with the byte offset each starts at (unique in the day, so usable as an id). One thread only.
 */
private[fix] final class LineTail(path: Path, private var offset: Long) {
  private var pending = Array.emptyByteArray // the start of a line whose newline has not been written yet
  private var pendingAt = offset

  def poll(line: (Long, String) => Unit): Unit =
    if (Files.exists(path)) {
      val f = new RandomAccessFile(path.toFile, "r")
      try {
        val len = f.length
        if (len > offset) {
          val fresh = new Array[Byte]((len - offset).toInt.min(1 << 20))
          f.seek(offset)
          f.readFully(fresh)
          offset += fresh.length
          val bytes = pending ++ fresh
          var start = 0
          var i = 0
          while (i < bytes.length) {
            if (bytes(i) == '\n') {
              line(pendingAt + start, new String(bytes, start, i - start, US_ASCII))
              start = i + 1
            }
            i += 1
          }
          pendingAt += start
          pending = java.util.Arrays.copyOfRange(bytes, start, bytes.length)
        }
      } finally f.close()
    }
}

private[fix] object LineTail {

  /** A tail from the file's current end: what is written from now on. */
  def fromEnd(path: Path): LineTail = new LineTail(path, if (Files.exists(path)) Files.size(path) else 0L)
}
