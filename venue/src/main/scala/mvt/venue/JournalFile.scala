package mvt.venue

import java.nio.{ByteBuffer, ByteOrder}
import java.nio.channels.FileChannel

/**
 * The journal's file with space written ahead of its records: every byte past the last record, up to a margin
 * of at most `ahead` bytes, is already written (with `JournalFile.Fill`) and its allocation forced, so a commit
 * overwrites blocks the file system already holds and its `fdatasync` writes the records and flushes the disk's
 * cache, without a journal commit of the file system for a new size or new blocks. An appended file pays that
 * commit on every force, and waits in it for everything else the file system has pending. The space is topped up
 * in pieces after a commit (the next force covers a piece), growing with what this run has written, so a short
 * day keeps a small file; `cut` drops it before the journal's trailer and at a stop, so a journal that was
 * closed or stopped ends at its last record, and only a crash leaves the fill behind. `ahead` 0 appends plainly.
 * Commit thread only (and the opening thread before it starts).
 */
final class JournalFile(channel: FileChannel, start: Long, ahead: Long) {
  require(ahead >= 0L, s"space ahead $ahead is negative")

  private var valid = start // the journal's bytes: header and whole records
  private var written = start // the file's bytes: the journal's, then fill up to here
  private var fill: ByteBuffer = null // made at the first piece

  /** The bytes of the journal's records (and header). */
  def end: Long = valid

  /** The bytes of fill written past the records. */
  def spaceAhead: Long = written - valid

  /** Writes `buf`'s remaining bytes after the records. */
  def append(buf: ByteBuffer): Unit = {
    while (buf.hasRemaining) valid += channel.write(buf, valid)
    if (valid > written) written = valid
  }

  /** Forces the records (and any space written since the last force) to the disk: one `fdatasync`. */
  def force(): Unit = channel.force(false)

  /**
   * After a commit of `lastBatch` bytes: tops the space ahead up by one piece once it has fallen below half of
   * what it should be, unforced (the next commit's force carries it). The margin wanted is what this run has
   * written (at least `JournalFile.MinAhead`, at most `ahead`); a piece is a quarter of it, or twice the last
   * batch if that is more, so the space keeps ahead of the records at any rate.
   */
  def topUp(lastBatch: Long): Unit =
    if (ahead > 0L) {
      val want = math.min(ahead, math.max(JournalFile.MinAhead, valid - start))
      if (written - valid < want / 2) writeFill(math.max(want / 4, 2 * lastBatch))
    }

  /** Drops the space ahead (the file ends at the last record): before the trailer's batch and at a stop. */
  def cut(): Unit =
    if (written > valid) {
      val _ = channel.truncate(valid)
      written = valid
    }

  private def writeFill(bytes: Long): Unit = {
    // pieces end on a 4 KiB boundary of the file, so the next piece starts on a page of its own
    val to = ((written + bytes + 4095L) / 4096L) * 4096L
    if (fill == null) {
      val size = math.min(JournalFile.FillBuffer.toLong, math.max(4096L, ahead)).toInt
      fill = ByteBuffer.allocateDirect(size).order(ByteOrder.LITTLE_ENDIAN)
      while (fill.hasRemaining) fill.put(JournalFile.Fill)
    }
    while (written < to) {
      fill.clear()
      fill.limit(math.min(fill.capacity.toLong, to - written).toInt)
      while (fill.hasRemaining) written += channel.write(fill, written)
    }
  }
}

object JournalFile {

  /**
   * The byte written ahead of the records. A record of it is no record (kind 255: the command log's reader ends
   * an unfinished log there), and a record torn by a crash with its last bytes still fill fails the reader's
   * checks (a negative quantity and account word), so recovery cuts it rather than replay what was never written.
   */
  final val Fill: Byte = -1

  /** The least space kept ahead once anything is written: a short day keeps a short file. */
  inline val MinAhead = 65536L

  /** The fill buffer's most bytes: larger pieces take several writes. */
  inline val FillBuffer = 1 << 20
}
