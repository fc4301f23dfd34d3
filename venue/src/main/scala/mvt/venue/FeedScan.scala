package mvt.venue

import java.nio.ByteBuffer
import java.nio.channels.FileChannel
import java.nio.file.{Files, Path}

/**
 * What a feed file holds before recovery, found by one byte scan: its complete lines (the prefix of the lines
 * the journal implies, since a line is written only once its command is durable), the bytes after them (a line a
 * crash tore, or zero bytes a file system allocated but never wrote), and its first and last complete lines for
 * cheap checks. A zero byte inside the complete lines is damage. Reads only.
 */
object FeedScan {

  /** `lines` complete lines end at byte `prefixBytes`; `fileBytes - prefixBytes` torn bytes follow. */
  final case class Prefix(
      lines: Long,
      prefixBytes: Long,
      fileBytes: Long,
      firstLine: Array[Byte],
      lastLine: Array[Byte]
  )

  /** A feed that is not a prefix of any feed: the byte offset and what is wrong there. */
  final case class Damage(offset: Long, detail: String)

  /**
   * How far a running scan has got, for a reader on another thread: `lines` complete lines counted so far (a lower
   * bound of the file's), raised after each read. Written by the scanning thread only.
   */
  final class Progress {
    @volatile var lines = 0L
  }

  private val NewlineBytes = 0x0a0a0a0a0a0a0a0aL
  private val Low7 = 0x7f7f7f7f7f7f7f7fL

  // the high bit of each zero byte of `x`, exactly (no borrow between bytes)
  private def zeroBytes(x: Long): Long = ~(((x & Low7) + Low7) | x | Low7)

  private val Empty = Prefix(0L, 0L, 0L, Array.emptyByteArray, Array.emptyByteArray)

  /** Scans `path`, raising `progress.lines` (when given) as it counts. */
  def scan(path: Path, progress: Progress = null): Either[Damage, Prefix] =
    if (!Files.exists(path)) Right(Empty)
    else {
      val ch = FileChannel.open(path)
      try {
        val size = ch.size
        val buf = ByteBuffer.allocate(1 << 16).order(java.nio.ByteOrder.LITTLE_ENDIAN)
        var at = 0L
        var lines = 0L
        var lastNewline = -1L
        var firstNul = -1L
        while (at < size) {
          buf.clear()
          val n = ch.read(buf, at)
          // eight bytes at a time: a mask with the high bit of each byte that is '\n' (or zero) in the word
          var i = 0
          while (i + 8 <= n) {
            val w = buf.getLong(i)
            val nl = zeroBytes(w ^ NewlineBytes)
            if (nl != 0L) {
              lines += java.lang.Long.bitCount(nl)
              lastNewline = at + i + 7 - java.lang.Long.numberOfLeadingZeros(nl) / 8
            }
            if (firstNul < 0L) {
              val z = zeroBytes(w)
              if (z != 0L) firstNul = at + i + java.lang.Long.numberOfTrailingZeros(z) / 8
            }
            i += 8
          }
          while (i < n) {
            val b = buf.get(i)
            if (b == '\n') { lines += 1; lastNewline = at + i }
            else if (b == 0 && firstNul < 0L) firstNul = at + i
            i += 1
          }
          if (progress != null) progress.lines = lines
          at += math.max(n, 1)
        }
        val prefix = lastNewline + 1
        if (firstNul >= 0L && firstNul < prefix)
          Left(Damage(firstNul, s"a zero byte inside the feed's complete lines (it has $lines lines)"))
        else if (lines == 0L) Right(Empty.copy(fileBytes = size))
        else {
          val first = lineAt(ch, 0L, prefix)
          val lastStart = lastLineStart(ch, prefix)
          Right(Prefix(lines, prefix, size, first, read(ch, lastStart, (prefix - lastStart).toInt)))
        }
      } finally ch.close()
    }

  // the first complete line, newline included (bounded: a header or a feed line is short)
  private def lineAt(ch: FileChannel, from: Long, prefix: Long): Array[Byte] = {
    val b = read(ch, from, math.min(prefix - from, 4096L).toInt)
    val nl = b.indexOf('\n'.toByte)
    if (nl >= 0) java.util.Arrays.copyOf(b, nl + 1) else b
  }

  // where the line ending at `prefix` (its newline at prefix - 1) begins
  private def lastLineStart(ch: FileChannel, prefix: Long): Long = {
    var end = prefix - 1 // the newline itself
    var start = -1L
    while (start < 0L && end > 0L) {
      val from = math.max(0L, end - 4096L)
      val b = read(ch, from, (end - from).toInt)
      var i = b.length - 1
      while (i >= 0 && b(i) != '\n') i -= 1
      if (i >= 0) start = from + i + 1 else end = from
    }
    math.max(start, 0L)
  }

  private def read(ch: FileChannel, from: Long, n: Int): Array[Byte] = {
    val buf = ByteBuffer.allocate(n)
    while (buf.hasRemaining && ch.read(buf, from + buf.position) >= 0) ()
    buf.array
  }

  /** Where the file's first `lines` lines end (the byte after the last one's newline). */
  def endOfLines(path: Path, lines: Long): Long =
    if (lines <= 0L) 0L
    else {
      val ch = FileChannel.open(path)
      try {
        val buf = ByteBuffer.allocate(1 << 16)
        var at = 0L
        var seen = 0L
        var end = -1L
        while (end < 0L && at < ch.size) {
          buf.clear()
          val n = ch.read(buf, at)
          var i = 0
          while (end < 0L && i < n) {
            if (buf.get(i) == '\n') { seen += 1; if (seen == lines) end = at + i + 1 }
            i += 1
          }
          at += math.max(n, 1)
        }
        end
      } finally ch.close()
    }
}
