package mvt.venue

import mvt.workload.{CommandLog, CommandLogReader}

import java.io.{BufferedInputStream, FileInputStream}
import java.nio.file.{Files, Path}

/**
 * What a journal file holds, found by decoding every record without applying it: where its good records end,
 * whether it is closed (a valid trailer), and whether what follows the good records is a torn tail (the bytes of
 * a write a crash interrupted) or damage. A torn tail is a partial last record, a malformed last record, or a bad
 * record followed by nothing but blank bytes: zeros (space a file system allocated but never wrote) or the
 * venue's own space written ahead of its records (`JournalFile.Fill`), which is counted apart, not as torn. A bad
 * record with more behind it is damage: the journal is refused. Reads only.
 */
object JournalScan {

  /**
   * An unfinished or closed journal: its records end at byte `goodBytes`; `torn` bytes follow them, then
   * `preallocated` bytes of the space a venue writes ahead (a crash left it).
   */
  final case class Scan(
      goodBytes: Long,
      torn: Long,
      records: Long,
      commands: Long,
      closed: Boolean,
      fileBytes: Long,
      preallocated: Long = 0L
  )

  /** A journal that cannot be continued: the byte offset and what is wrong there. */
  final case class Damage(offset: Long, detail: String) {
    def render: String = s"byte offset $offset: $detail"
  }

  def scan(path: Path): Either[Damage, Scan] = {
    val size = Files.size(path)
    // a crash while the header itself was being written: nothing was ever committed
    if (size < JournalEncoder.HeaderBytes) Right(Scan(0L, size, 0L, 0L, closed = false, size))
    else {
      val in = new BufferedInputStream(new FileInputStream(path.toFile), 1 << 16)
      try
        CommandLogReader.open(in) match {
          case Left(e) => Left(Damage(e.offset, e.detail))
          case Right(r) =>
            var commands = 0L
            var n = r.nextBlock()
            while (n > 0) {
              var i = 0
              val kinds = r.columns.kinds
              while (i < n) { if (kinds(i) != mvt.core.CommandReader.Time) commands += 1; i += 1 }
              n = r.nextBlock()
            }
            if (n == 0)
              Right(Scan(size, 0L, recordsIn(size - CommandLog.RecordSize), commands, closed = true, size))
            else classify(path, size, r.error.get, commands)
        }
      finally in.close()
    }
  }

  private def recordsIn(end: Long): Long = (end - JournalEncoder.HeaderBytes) / CommandLog.RecordSize

  private def classify(
      path: Path,
      size: Long,
      e: CommandLog.LogError,
      commands: Long
  ): Either[Damage, Scan] = {
    def torn = {
      val fill = fillAtEnd(path, e.offset, size)
      Right(Scan(e.offset, size - e.offset - fill, recordsIn(e.offset), commands, closed = false, size, fill))
    }
    // nothing but blank bytes after the bad record (or the end of a truncated one): a crash's doing
    def tail = e.offset + CommandLog.RecordSize >= size || blankFrom(path, e.offset + CommandLog.RecordSize)
    // the reader ends an unfinished log at the end of the file or at a record of fill, the space a venue wrote
    // ahead; that record has only blank bytes after it unless the journal is damaged
    if (e.detail.startsWith("truncated")) {
      if (tail) torn
      else Left(Damage(
        e.offset,
        "corrupt: a record of space written ahead (all bytes 0xff) with records after it"
      ))
    } else if (e.detail.contains("trailer") || e.detail.contains("checksum")) Left(Damage(e.offset, e.detail))
    else if (tail) torn
    else Left(Damage(e.offset, e.detail))
  }

  private inline def blank(b: Byte): Boolean = b == 0 || b == JournalFile.Fill

  // whether every byte from `from` to the end is blank (zero or fill)
  private def blankFrom(path: Path, from: Long): Boolean = {
    val ch = java.nio.channels.FileChannel.open(path)
    try {
      val buf = java.nio.ByteBuffer.allocate(1 << 16)
      var at = from
      var clean = true
      while (clean && at < ch.size) {
        buf.clear()
        val n = ch.read(buf, at)
        var i = 0
        while (clean && i < n) { clean = blank(buf.get(i)); i += 1 }
        at += math.max(n, 1)
      }
      clean
    } finally ch.close()
  }

  // the fill bytes that end the file, after byte `from`, read backwards from the end
  private def fillAtEnd(path: Path, from: Long, size: Long): Long = {
    val ch = java.nio.channels.FileChannel.open(path)
    try {
      val buf = java.nio.ByteBuffer.allocate(1 << 16)
      var at = size // the fill found starts here
      var going = true
      while (going && at > from) {
        val n = math.min(buf.capacity.toLong, at - from).toInt
        buf.clear()
        buf.limit(n)
        var read = 0
        while (read < n) {
          val r = ch.read(buf, at - n + read)
          if (r < 0) throw new java.io.EOFException(s"$path shrank while it was read")
          read += r
        }
        var i = n - 1
        while (going && i >= 0) { if (buf.get(i) == JournalFile.Fill) i -= 1 else going = false }
        at -= (n - 1 - i)
      }
      size - at
    } finally ch.close()
  }
}
