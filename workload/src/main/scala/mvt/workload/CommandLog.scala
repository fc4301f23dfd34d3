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
  def read(in: InputStream): Either[LogError, CommandBatch] =
    CommandLogReader.open(in).flatMap { r =>
      // size the arrays from what the stream says remains, so decoding does not copy while it grows
      val b = new CommandBatch.Builder(r.symbols, math.max(16, in.available() / RecordSize + 1))
      var n = r.nextBlock()
      while (n > 0) {
        b.appendColumns(r.kinds, r.symbolIdx, r.ids, r.sides, r.prices, r.qtys, n)
        n = r.nextBlock()
      }
      if (n < 0) Left(r.error.get) else Right(b.result())
    }
}
