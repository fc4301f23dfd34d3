package mvt.venue

import mvt.workload.{CommandLog, CommandLogReader}

import java.io.{BufferedInputStream, FileInputStream}
import java.nio.file.{Files, Path}

/**
 * What a journal file holds, found by decoding every record without applying it: where its good records end,
 * whether it is closed (a valid trailer), and whether what follows the good records is a torn tail (the bytes of
 * a write a crash interrupted) or damage. A torn tail is a partial last record, a malformed last record, or a bad
 * record followed by nothing but zero bytes (space a file system allocated but never wrote). A bad record with
 * more behind it is damage: the journal is refused. Reads only.
 */
object JournalScan {

  /** An unfinished or closed journal: its records end at byte `goodBytes`; `torn` bytes follow them. */
  final case class Scan(
      goodBytes: Long,
      torn: Long,
      records: Long,
      commands: Long,
      closed: Boolean,
      fileBytes: Long
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
    def torn = Right(Scan(e.offset, size - e.offset, recordsIn(e.offset), commands, closed = false, size))
    if (e.detail.startsWith("truncated")) torn
    else if (e.detail.contains("trailer") || e.detail.contains("checksum")) Left(Damage(e.offset, e.detail))
    else if (e.offset + CommandLog.RecordSize >= size || zerosFrom(path, e.offset + CommandLog.RecordSize))
      torn
    else Left(Damage(e.offset, e.detail))
  }

  private def zerosFrom(path: Path, from: Long): Boolean = {
    val ch = java.nio.channels.FileChannel.open(path)
    try {
      val buf = java.nio.ByteBuffer.allocate(1 << 16)
      var at = from
      var zero = true
      while (zero && at < ch.size) {
        buf.clear()
        val n = ch.read(buf, at)
        var i = 0
        while (zero && i < n) { zero = buf.get(i) == 0; i += 1 }
        at += math.max(n, 1)
      }
      zero
    } finally ch.close()
  }
}
