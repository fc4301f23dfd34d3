package mvt.workload

import mvt.core.*

import java.io.{EOFException, InputStream, OutputStream}
import java.nio.{ByteBuffer, ByteOrder}
import java.nio.charset.StandardCharsets

/**
 * The binary command log (`.mvtc`): a header with a magic number, a format version and the symbol table, then
 * fixed-size little-endian records, so a benchmark can load millions of commands far faster than an engine
 * consumes them. See docs/command-log.md for the layout.
 */
object CommandLog {
  val Magic: Array[Byte] = "MVTC".getBytes(StandardCharsets.US_ASCII)
  inline val Version = 1
  inline val RecordSize = 32

  /** Why a log could not be read; `offset` is the byte offset of the header field or record at fault. */
  final case class LogError(offset: Long, detail: String) {
    def render: String = s"byte offset $offset: $detail"
  }

  /** True when `prefix` starts with the magic number. */
  def looksLikeLog(prefix: Array[Byte]): Boolean =
    prefix.length >= Magic.length && java.util.Arrays.equals(prefix, 0, Magic.length, Magic, 0, Magic.length)

  def write(batch: CommandBatch, out: OutputStream): Unit = {
    val symbols = batch.symbols.map(_.name.getBytes(StandardCharsets.US_ASCII))
    val header =
      ByteBuffer.allocate(4 + 2 + 2 + 4 + symbols.map(1 + _.length).sum).order(ByteOrder.LITTLE_ENDIAN)
    header.put(Magic).putShort(Version.toShort).putShort(RecordSize.toShort).putInt(symbols.size)
    symbols.foreach(s => header.put(s.length.toByte).put(s))
    out.write(header.array())
    val buf = ByteBuffer.allocate(RecordSize * 4096).order(ByteOrder.LITTLE_ENDIAN)
    var i = 0
    while (i < batch.size) {
      val add = batch.isAdd(i)
      buf.put((if (add) CommandReader.Add else CommandReader.Cancel).toByte)
      buf.put((if (add) batch.side(i).code else 0).toByte)
      buf.putShort(0.toShort)
      buf.putInt(batch.symbolIndex(i))
      buf.putLong(batch.id(i))
      buf.putLong(if (add) batch.price(i) else 0L)
      buf.putLong(if (add) batch.qty(i) else 0L)
      if (!buf.hasRemaining) { out.write(buf.array(), 0, buf.position()); buf.clear() }
      i += 1
    }
    out.write(buf.array(), 0, buf.position())
    out.flush()
  }

  /** Reads a whole log, checking every field; the first problem is the error. */
  def read(in: InputStream): Either[LogError, CommandBatch] = {
    val header = new HeaderReader(in)
    header.symbols().flatMap(symbols => readRecords(in, symbols, header.offset))
  }

  /** Reads the header fields in order, tracking the byte offset for errors. */
  private final class HeaderReader(in: InputStream) {
    var offset = 0L

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
        version = fixed.getShort(4).toInt
        _ <- check(
          version == Version,
          4,
          s"format version $version is not supported (this build reads $Version)"
        )
        recordSize = fixed.getShort(6).toInt
        _ <- check(recordSize == RecordSize, 6, s"record size $recordSize, expected $RecordSize")
        count = fixed.getInt(8)
        _ <- check(count >= 0 && count <= 1000000, 8, s"symbol count $count is out of range")
        names <- (0 until count).foldLeft[Either[LogError, Vector[Symbol]]](Right(Vector.empty))((acc, i) =>
          acc.flatMap(done => symbol(i).map(done :+ _))
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

  private def readRecords(
      in: InputStream,
      symbols: Vector[Symbol],
      start: Long
  ): Either[LogError, CommandBatch] = {
    // size the arrays from what the stream says remains, so decoding does not copy while it grows
    val b = new CommandBatch.Builder(symbols, math.max(16, in.available() / RecordSize + 1))
    val chunk = new Array[Byte](RecordSize * 8192)
    val buf = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN)
    var offset = start
    var filled = 0
    var record = 0L
    while (true) {
      val n = in.read(chunk, filled, chunk.length - filled)
      if (n < 0) {
        return if (filled == 0) Right(b.result())
        else Left(LogError(offset, s"truncated: record $record has $filled of $RecordSize bytes"))
      }
      filled += n
      val whole = filled / RecordSize * RecordSize
      var p = 0
      while (p < whole) {
        val kind = chunk(p).toInt
        val side = chunk(p + 1).toInt
        val sym = buf.getInt(p + 4)
        val id = buf.getLong(p + 8)
        def bad(detail: String) = Left(LogError(offset, s"record $record: $detail"))
        if (kind != CommandReader.Add && kind != CommandReader.Cancel)
          return bad(s"unknown command kind $kind")
        if (side != Side.BuyCode && side != Side.SellCode)
          return bad(s"side $side is neither 0 (buy) nor 1 (sell)")
        if (buf.getShort(p + 2) != 0) return bad("reserved bytes are not zero")
        if (sym < 0 || sym >= symbols.size)
          return bad(s"symbol index $sym is outside the table of ${symbols.size}")
        if (id <= 0) return bad(s"order id $id is not positive")
        if (kind == CommandReader.Add)
          b.add(sym, id, Side.fromCode(side), buf.getLong(p + 16), buf.getLong(p + 24))
        else b.cancel(sym, id)
        p += RecordSize
        offset += RecordSize
        record += 1
      }
      System.arraycopy(chunk, whole, chunk, 0, filled - whole)
      filled -= whole
    }
    throw new EOFException("unreachable")
  }
}
