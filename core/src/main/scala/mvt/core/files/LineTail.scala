package mvt.core.files

import java.io.RandomAccessFile
import java.nio.charset.StandardCharsets.US_ASCII
import java.nio.file.{Files, Path}

/**
 * Follows a file another process appends lines to (the venue's feeds): each `poll` hands over the complete lines
 * written since the last, with the byte offset each starts at (unique in the file, so usable as an id). A line
 * whose newline is not written yet waits for the next poll. One thread only.
 */
final class LineTail(path: Path, private var offset: Long) {
  private var pending = Array.emptyByteArray // the start of a line whose newline has not been written yet
  private var pendingAt = offset

  /** Calls `line` with each complete line written since the last poll and its offset, in order. */
  def poll(line: (Long, String) => Unit): Unit =
    if (Files.exists(path)) {
      val f = new RandomAccessFile(path.toFile, "r")
      try {
        val len = f.length
        if (len > offset) {
          val fresh = new Array[Byte]((len - offset).min(LineTail.MaxRead.toLong).toInt)
          f.seek(offset)
          f.readFully(fresh)
          offset += fresh.length
          val bytes = if (pending.isEmpty) fresh else pending ++ fresh
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

object LineTail {
  // bytes read by one poll at most, so a long backlog is taken in steps
  private val MaxRead = 1 << 22

  /** A tail from the file's current end: what is written from now on. */
  def fromEnd(path: Path): LineTail = new LineTail(path, if (Files.exists(path)) Files.size(path) else 0L)
}
