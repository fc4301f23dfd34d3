package mvt.fix

import quickfix.{FileUtil, SessionID}

import java.io.{ByteArrayOutputStream, DataOutputStream, IOException}
import java.nio.ByteBuffer
import java.nio.file.{Files, Path, StandardCopyOption}

/**
 * Mends one session's QuickFIX/J file store (the layout of QuickFIX/J 2.3's `FileStore`) after a `kill -9`, before
 * an acceptor opens it. To send message N the store appends a header entry (N, offset, size), then the body, and
 * only then stores N + 1 as the next sender number. A kill between them leaves an entry for an N that was never
 * sent and that the next run hands out again; the store's reads take the first entry of a number, so a resend of
 * N would deliver the dead message (or torn bytes, which QuickFIX/J replaces by a gap fill) instead of the one the
 * next run sent as N: a restatement or a report the client then never gets. The repair keeps, for each number below
 * the next sender number, its last entry whose body is whole, and drops the others and a torn entry at the end.
 * Bodies are left as they are: a new body is appended after them. Not thread-safe; call before the store is open.
 */
private[fix] object StoreRepair {

  /** What a repair dropped: header entries, and the bytes of a torn entry at the header's end. */
  final case class Repaired(entriesDropped: Int, tornBytes: Int) {
    def changed: Boolean = entriesDropped > 0 || tornBytes > 0
  }

  private val EntryBytes = 16 // sequence number (int), body offset (long), body size (int), big-endian

  /** Repairs the store of `id` in `storeDir`, if it has one; why not, if a file cannot be read or written. */
  def repair(storeDir: Path, id: SessionID): Either[String, Repaired] = {
    val prefix = storeDir.resolve(FileUtil.sessionIdFileName(id)).toString
    val header = Path.of(s"$prefix.header")
    val body = Path.of(s"$prefix.body")
    val next = Path.of(s"$prefix.senderseqnums")
    try
      if (!Files.exists(header)) Right(Repaired(0, 0))
      else {
        val bytes = Files.readAllBytes(header)
        val nextSeq = nextSenderSeqNum(next)
        val bodySize = if (Files.exists(body)) Files.size(body) else 0L
        val whole = bytes.length / EntryBytes
        val torn = bytes.length - whole * EntryBytes
        val in = ByteBuffer.wrap(bytes)
        // each kept number's last good entry, in the order the numbers first appear
        val kept = new java.util.LinkedHashMap[Int, (Long, Int)]()
        var i = 0
        while (i < whole) {
          val seq = in.getInt()
          val offset = in.getLong()
          val size = in.getInt()
          if (seq >= 1 && seq < nextSeq && offset >= 0 && size >= 0 && offset + size <= bodySize)
            kept.put(seq, (offset, size))
          i += 1
        }
        val repaired = Repaired(whole - kept.size, torn)
        if (repaired.changed) rewrite(header, kept)
        Right(repaired)
      }
    catch {
      case e: IOException => Left(s"$header: cannot repair the FIX message store: $e")
      case e: NumberFormatException => Left(s"$next: expected a sequence number, found ${e.getMessage}")
    }
  }

  // the next sender sequence number as the store wrote it (Java's modified UTF-8 text); 1 for a new store
  private def nextSenderSeqNum(path: Path): Int =
    if (!Files.exists(path) || Files.size(path) == 0) 1
    else {
      val in = new java.io.DataInputStream(Files.newInputStream(path))
      try in.readUTF().trim.toInt
      finally in.close()
    }

  // the header with only `kept`, through a file renamed over the old one, so a crash leaves one or the other whole
  private def rewrite(header: Path, kept: java.util.LinkedHashMap[Int, (Long, Int)]): Unit = {
    val out = new ByteArrayOutputStream(kept.size * EntryBytes)
    val data = new DataOutputStream(out)
    kept.forEach { (seq, at) =>
      data.writeInt(seq); data.writeLong(at._1); data.writeInt(at._2)
    }
    data.flush()
    val tmp = header.resolveSibling(header.getFileName.toString + ".repair")
    Files.write(tmp, out.toByteArray)
    val _ = Files.move(tmp, header, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE)
  }
}
