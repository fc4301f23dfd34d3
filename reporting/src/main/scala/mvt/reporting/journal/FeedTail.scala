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
  def poll(maxBytes: Int): Vector[FeedTail.Line] = {
    val size =
      try Files.size(path)
      catch { case _: NoSuchFileException => throw FeedTail.Shrunk(path, pos, 0L) }
    if (size < pos) throw FeedTail.Shrunk(path, pos, size)
    end = false
    partial = false
    if (size == pos) { end = true; Vector.empty }
    else {
      val ch = FileChannel.open(path, StandardOpenOption.READ)
      try {
        val want = math.min(size - pos, maxBytes.toLong).toInt
        val buf = ByteBuffer.allocate(want)
        while (buf.hasRemaining && ch.read(buf, pos + buf.position()) > 0) ()
        val bytes = buf.array
        val n = buf.position()
        val out = Vector.newBuilder[FeedTail.Line]
        var start = 0
        var i = 0
        while (i < n) {
          if (bytes(i) == '\n') {
            val end = if (i > start && bytes(i - 1) == '\r') i - 1 else i
            lineNo += 1
            out += FeedTail.Line(new String(bytes, start, end - start, UTF_8), lineNo, pos + i + 1)
            start = i + 1
          }
          i += 1
        }
        val lines = out.result()
        // a buffer full of one line longer than maxBytes: take more next time rather than stall
        if (lines.isEmpty && n == maxBytes) return pollLonger(maxBytes)
        pos += start
        end = pos + (n - start) == size
        partial = end && start < n
        lines
      } finally ch.close()
    }
  }

  private def pollLonger(maxBytes: Int): Vector[FeedTail.Line] =
    if (maxBytes >= (1 << 28)) throw FeedTail.Shrunk(path, pos, -1L) else poll(maxBytes * 4)
}

object FeedTail {

  /** A complete line: its text without the newline, its number, and the byte offset just after it. */
  final case class Line(text: String, number: Long, end: Long)

  /** The file no longer holds what was read from it (truncated, replaced or removed), or has an endless line. */
  final case class Shrunk(path: Path, read: Long, size: Long)
      extends Exception(
        if (size < 0) s"$path: a line longer than 256 MiB at byte $read"
        else s"$path: the file is now $size bytes, shorter than the $read already ingested; was it replaced?"
      )
}
