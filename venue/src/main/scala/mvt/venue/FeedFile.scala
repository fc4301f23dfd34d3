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
  // a file this recovery creates is removed again if it refuses (`discard`)
  private val created = !java.nio.file.Files.exists(path)
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
  // recovery replaying beside the journal's scan: the first change to the file waits for the scan's verdict
  private var verdict: java.util.concurrent.Future[Boolean] = null

  /**
   * Recovery replays while the journal is still being scanned: the file's first change (a write or a cut) waits
   * for `journalGood`, and throws [[FeedFile.JournalRefused]] if it is false (the journal is refused, so no file
   * may change).
   */
  def changesAfter(journalGood: java.util.concurrent.Future[Boolean]): Unit = verdict = journalGood

  private def mayChange(): Unit = if (verdict ne null) {
    val good =
      try verdict.get()
      catch { case e: java.util.concurrent.ExecutionException => throw e.getCause }
    if (!good) throw FeedFile.JournalRefused
    verdict = null
  }

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
          mayChange()
          channel.truncate(pos)
          existing = pos
        }
      }
      if (o < end && !stopped) { mayChange(); writeAt(b, o, end - o) }
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

  /** Closes a file whose recovery was refused, removing it if this recovery created it (it is then empty). */
  def discard(): Unit = {
    channel.close()
    if (created && java.nio.file.Files.size(path) == 0L) java.nio.file.Files.delete(path)
  }
}

object FeedFile {

  /** Thrown by a recovery's first feed change when the journal, scanned beside the replay, is refused. */
  object JournalRefused extends RuntimeException("the journal is refused", null, false, false)
}
