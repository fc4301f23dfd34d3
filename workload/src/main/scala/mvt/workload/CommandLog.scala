package mvt.workload

import mvt.core.*

import java.io.{InputStream, OutputStream}
import java.nio.charset.StandardCharsets

/**
 * The binary command log (`.mvtc`): a header with a magic number, a format version and a symbol table, then
 * fixed-size little-endian records, so a benchmark can load millions of commands far faster than an engine
 * consumes them. Version 2 carries each add's account and the session clock (a record only when it changes),
 * declares symbols inline as they first appear (so a log can be written while it streams) and ends with a
 * trailer holding the record count and a checksum (two running sums of the records' 64-bit words), so a truncated or damaged log is detected. Version 3
 * adds the time in force of each add (byte 2 of its record) and the modify record (`spec/order-types.md`).
 * Version 1 and 2 logs still read. See docs/formats.md for the layout.
 */
object CommandLog {
  val Magic: Array[Byte] = "MVTC".getBytes(StandardCharsets.US_ASCII)
  inline val Version = 3
  inline val RecordSize = 32

  // record kinds beyond the commands' own (CommandReader.Add, Cancel, Time, Modify)
  inline val SymbolKind = 4
  inline val EndKind = 0x7f

  /** Why a log could not be read; `offset` is the byte offset of the header field or record at fault. */
  final case class LogError(offset: Long, detail: String) {
    def render: String = s"byte offset $offset: $detail"
  }

  /**
   * A record's contribution to the trailer's checksum: its four little-endian 64-bit words, each times a
   * distinct odd constant (invertible modulo 2^64, so a change in any one word always changes the result).
   * Running sums `S1 += word` and `S2 += S1` over the records make the checksum; `S2` also catches records
   * that moved.
   */
  inline def recordWord(w0: Long, w1: Long, w2: Long, w3: Long): Long = w0 + 3 * w1 + 5 * w2 + 7 * w3

  // The first and last 64-bit words of the command records (the second is the id, the third the price or the
  // clock), as the log's little-endian layout has them: the one encoding that CommandLogWriter and the venue's
  // journal both write. A quantity past the unsigned 32-bit field is stored as unrepresentable.

  /** Word 0 of an add: kind, side, time in force, symbol index. */
  inline def addWord0(side: Side, tif: TimeInForce, symbol: Int): Long =
    CommandReader.Add.toLong | (side.code.toLong << 8) | (tif.code.toLong << 16) | (symbol.toLong << 32)

  /** Word 3 of an add or a modify: the quantity field, the account (0 for a modify). */
  inline def quantityWord(qty: Long, account: Int): Long =
    (if (qty >= 0L && qty < 0xffffffffL) qty else 0xffffffffL) | (account.toLong << 32)

  /** Word 0 of a modify. */
  inline def modifyWord0(symbol: Int): Long = CommandReader.Modify.toLong | (symbol.toLong << 32)

  /** Word 0 of a cancel. */
  inline def cancelWord0(symbol: Int): Long = CommandReader.Cancel.toLong | (symbol.toLong << 32)

  /** Word 0 of a clock record. */
  inline def timeWord0: Long = CommandReader.Time.toLong

  /** The header's length: the magic number, the version, the record size and four bytes of zeros. */
  inline val HeaderBytes = 12

  /** The header of a log of the current version (a new array each call). */
  def header: Array[Byte] = {
    val h = java.nio.ByteBuffer.allocate(HeaderBytes).order(java.nio.ByteOrder.LITTLE_ENDIAN)
    h.put(Magic).putShort(Version.toShort).putShort(RecordSize.toShort).putInt(0)
    h.array()
  }

  /** Puts the record that declares `symbol` as index `index` at a little-endian buffer's position. */
  def putSymbolRecord(buf: java.nio.ByteBuffer, index: Int, symbol: Symbol): Unit = {
    val name = symbol.name.getBytes(StandardCharsets.US_ASCII)
    buf.put(SymbolKind.toByte).put(name.length.toByte).putShort(0.toShort).putInt(index)
    buf.put(name).put(new Array[Byte](RecordSize - 8 - name.length))
  }

  /** Puts the trailer (`records` before it, and the two running sums over them) at a little-endian buffer's position. */
  def putTrailer(buf: java.nio.ByteBuffer, records: Long, sum1: Long, sum2: Long): Unit = {
    val _ = buf.putLong(EndKind.toLong).putLong(records).putLong(sum1).putLong(sum2)
  }

  /** `recordWord` of the record at byte `p` of a little-endian buffer. */
  def recordWordAt(buf: java.nio.ByteBuffer, p: Int): Long =
    recordWord(buf.getLong(p), buf.getLong(p + 8), buf.getLong(p + 16), buf.getLong(p + 24))

  /** True when `prefix` starts with the magic number. */
  def looksLikeLog(prefix: Array[Byte]): Boolean =
    prefix.length >= Magic.length && java.util.Arrays.equals(prefix, 0, Magic.length, Magic, 0, Magic.length)

  /** Writes a whole batch as a version 3 log, trailer included. */
  def write(batch: CommandBatch, out: OutputStream): Unit = {
    val w = new CommandLogWriter(out)
    batch.symbols.foreach(w.declare)
    batch.writeTo(w)
    w.finish()
  }

  /** Reads a whole log, checking every field; the first problem is the error. */
  def read(in: InputStream): Either[LogError, CommandBatch] =
    CommandLogReader.open(in).flatMap { r =>
      // size the arrays from what the stream says remains, so decoding does not copy while it grows
      val b = new CommandBatch.Builder(Vector.empty, math.max(16, in.available() / RecordSize + 1))
      var n = r.nextBlock()
      while (n > 0) {
        b.appendBlock(r.symbols, r.columns, n)
        n = r.nextBlock()
      }
      if (n < 0) Left(r.error.get) else Right(b.result())
    }
}
