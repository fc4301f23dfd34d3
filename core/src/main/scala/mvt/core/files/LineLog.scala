package mvt.core.files

import java.nio.ByteBuffer
import java.nio.channels.FileChannel
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path, StandardOpenOption}

/**
 * An append-only side file of text lines written in batches: `append` buffers a line, `commit` writes the batch
 * and forces it to disk with one `force` (only writes it when `force` is false). Opening reads what the file
 * holds and cuts a last line without its newline, which a crash cut short before its batch was forced. One
 * thread only.
 */
final class LineLog private (channel: FileChannel, durable: Boolean) extends AutoCloseable {
  private var buf = ByteBuffer.allocate(1 << 16)
  private var dirty = false

  /** Buffers `line`, which ends with its newline, until the next commit. */
  def append(line: String): Unit = {
    val b = line.getBytes(UTF_8)
    if (buf.remaining < b.length) {
      val bigger = ByteBuffer.allocate(math.max(buf.capacity * 2, buf.position() + b.length))
      buf.flip(); bigger.put(buf); buf = bigger
    }
    buf.put(b)
    dirty = true
  }

  /** Writes (and forces) what was appended since the last commit; nothing when nothing was. */
  def commit(): Unit =
    if (dirty) {
      // the batch's lines go whether or not they reach the disk: a failed batch's commands are never submitted
      try {
        buf.flip()
        while (buf.hasRemaining) { val _ = channel.write(buf) }
        if (durable) channel.force(false)
      } finally { buf.clear(); dirty = false }
    }

  /** True when `commit` and `force` reach the disk; false when they only write. */
  def forced: Boolean = durable

  /**
   * What was appended since the last `take` or `commit`, for `write` on another thread (the appending thread goes
   * on appending meanwhile); empty when nothing was.
   */
  def take(): Array[Byte] = {
    val bytes = java.util.Arrays.copyOf(buf.array, buf.position())
    buf.clear()
    dirty = false
    bytes
  }

  /** Writes lines `take` returned, in the order taken; forced only by `force`. One thread at a time. */
  def write(lines: Array[Byte]): Unit = {
    val b = ByteBuffer.wrap(lines)
    while (b.hasRemaining) { val _ = channel.write(b) }
  }

  /** Forces what `write` wrote to the disk when the log is `forced`; nothing otherwise. */
  def force(): Unit = if (durable) channel.force(false)

  def close(): Unit = channel.close()
}

object LineLog {

  /** What a side file holds: its complete lines, where they end, and the bytes of a torn last line after them. */
  final case class Contents(lines: Vector[String], end: Long, tornBytes: Long)

  /** Reads the complete lines of the file at `path` (none when there is no file); changes nothing. */
  def read(path: Path): Contents = {
    val bytes = if (Files.exists(path)) Files.readAllBytes(path) else Array.emptyByteArray
    var end = bytes.length
    while (end > 0 && bytes(end - 1) != '\n') end -= 1
    Contents(new String(bytes, 0, end, UTF_8).linesIterator.toVector, end.toLong, (bytes.length - end).toLong)
  }

  /** Opens the file `read` gave `contents` of for appending after its complete lines, cutting the torn tail. */
  def append(path: Path, contents: Contents, force: Boolean): LineLog = {
    val ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE)
    if (ch.size > contents.end) ch.truncate(contents.end)
    ch.position(contents.end)
    new LineLog(ch, force)
  }
}
