package mvt.venue

import java.nio.ByteBuffer
import java.nio.channels.FileChannel
import java.nio.file.{Path, StandardOpenOption}

/**
 * One feed file of the day (trades or quotes). During recovery `reconcile` receives the feed the journal implies:
 * bytes the file already holds are compared, missing ones appended, and at `settle` whatever the file holds beyond
 * the journal is cut. After `skipTo` it receives only the lines after the file's complete ones (which are kept
 * unread); after `verifyUpTo` a disagreement inside the complete lines stops every write, to be refused. Then
 * `append` adds the lines of each durable batch. Feed files are not forced: the journal is the record, and
 * recovery rebuilds a feed from it. Commit thread only (recovery before it).
 */
final class FeedFile(val path: Path) {
  private val channel =
    FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)
  private var existing = channel.size
  private var pos = 0L
  private var divergedAt = -1L
  private val window = ByteBuffer.allocate(1 << 16)
  private var windowStart = 0L
  private var windowEnd = 0L
  private var strict = false
  private var stopped = false

  /** Recovery keeps the file's first `prefix` bytes (its complete lines) unread and writes after them. */
  def skipTo(prefix: Long): Unit = { pos = prefix; existing = prefix }

  /** Recovery keeps only the file's first `end` bytes (its lines the journal implies), cut at `settle`. */
  def keepTo(end: Long): Unit = { pos = end; existing = end }

  /**
   * Recovery compares the file's first `prefix` bytes (its complete lines) with the implied feed; at a
   * disagreement it stops writing (`settle` then reports where), and bytes after `prefix` are overwritten.
   */
  def verifyUpTo(prefix: Long): Unit = { existing = prefix; strict = true }

  /** Takes the implied feed, in order, during recovery. */
  val reconcile: java.io.OutputStream = new java.io.OutputStream {
    override def write(b: Int): Unit = write(Array(b.toByte), 0, 1)
    override def write(b: Array[Byte], off: Int, len: Int): Unit = if (!stopped) {
      var o = off
      val end = off + len
      while (o < end && pos < existing) {
        if (pos >= windowEnd) fill()
        // compare as much as the window and the bytes given both hold, at once
        val w = (pos - windowStart).toInt
        val n = math.min(end - o, (windowEnd - pos).toInt)
        val m = java.util.Arrays.mismatch(window.array, w, w + n, b, o, o + n)
        if (m < 0) { pos += n; o += n }
        else if (strict) {
          divergedAt = pos + m
          stopped = true
          o = end
        } else {
          pos += m
          o += m
          // the file disagrees with the journal from here: it ends at pos, and the journal's bytes follow
          divergedAt = pos
          channel.truncate(pos)
          existing = pos
        }
      }
      if (o < end && !stopped) writeAt(b, o, end - o)
    }
  }

  private def fill(): Unit = {
    window.clear()
    windowStart = pos
    var n = 0
    while (n >= 0 && window.hasRemaining && windowStart + window.position < existing)
      n = channel.read(window, windowStart + window.position)
    // a read may run past `existing` into a torn tail, which is not compared
    windowEnd = math.min(windowStart + window.position, existing)
  }

  private def writeAt(b: Array[Byte], off: Int, len: Int): Unit = {
    val buf = ByteBuffer.wrap(b, off, len)
    while (buf.hasRemaining) pos += channel.write(buf, pos)
    if (pos > existing) existing = pos
  }

  /**
   * Ends recovery: cuts what lies beyond the implied feed. Returns the bytes cut, and where the file first
   * disagreed with the journal (-1 when it never did); both are 0 and -1 unless durable records were lost.
   */
  def settle(): (Long, Long) =
    if (stopped) (0L, divergedAt)
    else {
      val cut = existing - pos
      // bytes past `existing` after skipTo or verifyUpTo: a torn last line or unwritten space, cut
      if (cut > 0 || channel.size > pos) { channel.truncate(pos); existing = pos }
      (math.max(cut, 0L), divergedAt)
    }

  /** Bytes of the file's kept prefix the implied feed did not reach (after `verifyUpTo`; 0 when it did). */
  def short: Long = if (stopped) 0L else math.max(0L, existing - pos)

  /** Appends a durable batch's lines. */
  def append(sink: ByteSink): Unit = if (sink.size > 0) writeAt(sink.bytes, 0, sink.size)

  def size: Long = pos

  def close(): Unit = channel.close()
}
