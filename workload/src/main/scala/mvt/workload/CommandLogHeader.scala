package mvt.workload

import mvt.core.*
import mvt.workload.CommandLog.{LogError, RecordSize, Version, looksLikeLog}

import java.io.InputStream
import java.nio.{ByteBuffer, ByteOrder}
import java.nio.charset.StandardCharsets

/** Reads a command log's header fields in order, tracking the byte offset for errors. */
private[workload] final class CommandLogHeader(in: InputStream) {
  var offset = 0L

  /** The format version, once `symbols()` has read it. */
  var version = 0

  private def exactly(n: Int, what: String): Either[LogError, ByteBuffer] = {
    val bytes = in.readNBytes(n)
    if (bytes.length < n)
      Left(LogError(offset, s"file ends inside the header ($what): ${bytes.length} of $n bytes"))
    else { offset += n; Right(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN)) }
  }

  private def check(ok: Boolean, at: Long, detail: => String): Either[LogError, Unit] =
    if (ok) Right(()) else Left(LogError(at, detail))

  def symbols(): Either[LogError, Vector[Symbol]] =
    for {
      fixed <- exactly(12, "magic, version, record size, symbol count")
      _ <- check(looksLikeLog(fixed.array()), 0, "not an mvt command log (bad magic number)")
      v = fixed.getShort(4).toInt
      _ <- check(
        v >= 1 && v <= Version,
        4,
        s"format version $v is not supported (this build reads 1 to $Version)"
      )
      _ = version = v
      recordSize = fixed.getShort(6).toInt
      _ <- check(recordSize == RecordSize, 6, s"record size $recordSize, expected $RecordSize")
      count = fixed.getInt(8)
      _ <- check(count >= 0 && count <= 1000000, 8, s"symbol count $count is out of range")
      names <- (0 until count).foldLeft[Either[LogError, Vector[Symbol]]](Right(Vector.empty))((acc, i) =>
        acc.flatMap { done =>
          val at = offset
          symbol(i).flatMap(s =>
            if (done.contains(s)) Left(LogError(at, s"corrupt: symbol $i '${s.name}' is in the table twice"))
            else Right(done :+ s)
          )
        }
      )
    } yield names

  private def symbol(i: Int): Either[LogError, Symbol] = {
    val at = offset
    for {
      len <- exactly(1, s"length of symbol $i").map(_.get(0) & 0xff)
      bytes <- exactly(len, s"symbol $i")
      name = new String(bytes.array(), StandardCharsets.US_ASCII)
      _ <- check(Symbol.isValid(name), at, s"symbol $i '$name' is not a valid symbol")
    } yield Symbol.unsafe(name)
  }
}
