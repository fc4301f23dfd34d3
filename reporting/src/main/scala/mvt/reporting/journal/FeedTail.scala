package mvt.reporting.journal

import java.nio.ByteBuffer
import java.nio.channels.FileChannel
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, NoSuchFileException, Path, StandardOpenOption}

/**
 * Reads a growing file like `tail -f`: each poll returns the complete lines added since the last one (a line
 * is complete at its newline; a partial last line waits for the next poll). Mutable; one reader per file.
 */
final class FeedTail(val path: Path, startBytes: Long, startLine: Long) {
  // bytes [0, pos) have been returned as lines; line numbers count from 1
  private var pos = startBytes
  private var lineNo = startLine

  // whether the last poll reached the end of the file as it was then, a partial line left aside
  private var end = false
  private var partial = false

  /** Where the next line starts, and the number of the last line returned. */
  def position: Long = pos
  def lastLine: Long = lineNo

  /** Whether the last poll read all there was, and whether a line without its newline was left at the end. */
  def atEnd: Boolean = end
  def partialAtEnd: Boolean = partial

  /** Continues from where `other`, a tail of the same file, stopped reading. */
  def skipTo(other: FeedTail): Unit = {
    pos = other.pos
    lineNo = other.lineNo
  }

  /**
   * Up to about `maxBytes` of complete new lines, each with its number and the offset just after it. Fails
   * with [[FeedTail.Shrunk]] if the file is now shorter than what was read, since then it is not the file read.
   */
  def poll(maxBytes: Int): FeedTail.Chunk = {
    val size =
      try Files.size(path)
      catch { case _: NoSuchFileException => throw FeedTail.Shrunk(path, pos, 0L) }
    if (size < pos) throw FeedTail.Shrunk(path, pos, size)
    end = false
    partial = false
    if (size == pos) { end = true; FeedTail.Chunk.empty }
    else {
      val ch = FileChannel.open(path, StandardOpenOption.READ)
      try {
        val want = math.min(size - pos, maxBytes.toLong).toInt
        val buf = ByteBuffer.allocate(want)
        while (buf.hasRemaining && ch.read(buf, pos + buf.position()) > 0) ()
        val bytes = buf.array
        val n = buf.position()
        // one pass over the bytes; a feed line is some 40 to 80 bytes, so the first guess rarely grows
        var cap = math.max(16, n / 32)
        var from = new Array[Int](cap)
        var to = new Array[Int](cap)
        var next = new Array[Int](cap)
        var count = 0
        var start = 0
        var i = 0
        while (i < n) {
          if (bytes(i) == '\n') {
            if (count == cap) {
              cap *= 2
              from = java.util.Arrays.copyOf(from, cap)
              to = java.util.Arrays.copyOf(to, cap)
              next = java.util.Arrays.copyOf(next, cap)
            }
            from(count) = start
            to(count) = if (i > start && bytes(i - 1) == '\r') i - 1 else i
            next(count) = i + 1
            count += 1
            start = i + 1
          }
          i += 1
        }
        // a buffer full of one line longer than maxBytes: take more next time rather than stall
        if (count == 0 && n == maxBytes) return pollLonger(maxBytes)
        val chunk = new FeedTail.Chunk(bytes, count, from, to, next, lineNo + 1, pos)
        lineNo += count
        pos += start
        end = pos + (n - start) == size
        partial = end && start < n
        chunk
      } finally ch.close()
    }
  }

  private def pollLonger(maxBytes: Int): FeedTail.Chunk =
    if (maxBytes >= (1 << 28)) throw FeedTail.Shrunk(path, pos, -1L) else poll(maxBytes * 4)
}

object FeedTail {

  /**
   * Complete lines read at once: line `i` is `bytes[from(i), to(i))` without its newline, its number is
   * `firstLine + i`, and the file offset just after it is `base + next(i)`.
   */
  final class Chunk(
      val bytes: Array[Byte],
      val count: Int,
      val from: Array[Int],
      val to: Array[Int],
      val next: Array[Int],
      val firstLine: Long,
      val base: Long
  ) {
    def number(i: Int): Long = firstLine + i
    def endOffset(i: Int): Long = base + next(i)
    def text(i: Int): String = new String(bytes, from(i), to(i) - from(i), UTF_8)
  }

  object Chunk {
    val empty: Chunk = new Chunk(
      Array.emptyByteArray,
      0,
      Array.emptyIntArray,
      Array.emptyIntArray,
      Array.emptyIntArray,
      1L,
      0L
    )
  }

  /** The file no longer holds what was read from it (truncated, replaced or removed), or has an endless line. */
  final case class Shrunk(path: Path, read: Long, size: Long)
      extends Exception(
        if (size < 0) s"$path: a line longer than 256 MiB at byte $read"
        else s"$path: the file is now $size bytes, shorter than the $read already ingested; was it replaced?"
      )
}
