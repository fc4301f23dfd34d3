package mvt.core.files

import java.nio.ByteBuffer
import java.nio.channels.FileChannel
import java.nio.charset.StandardCharsets.US_ASCII
import java.nio.file.{Files, Path, StandardOpenOption}

/**
 * Follows a file another process appends lines to (the venue's feeds): each `poll` hands over the complete lines
 * written since the last, with the byte offset each starts at (unique in the file, so usable as an id). A line
 * whose newline is not written yet waits for the next poll. The file stays open between polls and its bytes go
 * through one reused buffer, so a poll that finds nothing new costs one size check and allocates nothing. One
 * thread only.
 */
final class LineTail(path: Path, private var offset: Long) {
  private var channel: FileChannel = null // null until the file exists
  private var buf = new Array[Byte](1 << 16)
  private var held = 0 // buf(0 until held): the start of a line whose newline has not been written yet
  private var heldAt = offset // the file offset of buf(0)

  /** Calls `line` with each complete line written since the last poll and its offset, in order. */
  def poll(line: (Long, String) => Unit): Unit = {
    if (channel == null && Files.exists(path)) channel = FileChannel.open(path, StandardOpenOption.READ)
    if (channel != null) {
      val stop = offset + LineTail.MaxRead
      var more = channel.size > offset
      while (more) {
        if (held == buf.length) buf = java.util.Arrays.copyOf(buf, buf.length * 2)
        val n = channel.read(ByteBuffer.wrap(buf, held, buf.length - held), offset)
        if (n <= 0) more = false
        else {
          offset += n
          val end = held + n
          var start = 0
          var i = held
          while (i < end) {
            if (buf(i) == '\n') {
              line(heldAt + start, new String(buf, start, i - start, US_ASCII))
              start = i + 1
            }
            i += 1
          }
          System.arraycopy(buf, start, buf, 0, end - start)
          heldAt += start
          held = end - start
          more = offset < stop && channel.size > offset
        }
      }
    }
  }

  /** Closes the file; a later `poll` opens it again. */
  def close(): Unit = if (channel != null) { channel.close(); channel = null }
}

object LineTail {
  // bytes read by one poll at most, so a long backlog is taken in steps
  private val MaxRead = 1L << 22

  /** A tail from the file's current end: what is written from now on. */
  def fromEnd(path: Path): LineTail = new LineTail(path, if (Files.exists(path)) Files.size(path) else 0L)
}
