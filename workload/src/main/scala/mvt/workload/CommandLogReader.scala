package mvt.workload

import mvt.core.*
import mvt.orderbook.CommandColumns

import java.io.InputStream
import java.nio.{ByteBuffer, ByteOrder}
import java.nio.charset.StandardCharsets

/**
 * Streams a command log's records block by block into reusable columns, checking every field, the clock's order
 * and (version 2 and later) the trailer's record count and checksums, which it sums from the words it decodes anyway. Nothing is allocated per block except for a newly
 * declared symbol, so a replay can decode while it runs and a benchmark can time decoding alone. Open with
 * `CommandLogReader.open`. Not thread-safe.
 */
final class CommandLogReader private (
    in: InputStream,
    headerSymbols: Vector[Symbol],
    headerBytes: Long,
    version: Int
) {
  import CommandLog.{EndKind, LogError, RecordSize, SymbolKind}
  import CommandLogReader.BlockRecords

  private val chunk = new Array[Byte](BlockRecords * RecordSize)
  private val buf = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN)
  // the two running sums of the records so far (see CommandLog.recordWord), checked at the trailer
  private var sum1 = 0L
  private var sum2 = 0L
  private var carried = 0 // bytes of an incomplete record kept at the start of chunk from the last read
  private var chunkOffset = headerBytes // file offset of chunk(0)
  private var record = 0L // index of the first record in chunk
  private var failure: LogError = null
  private var pending: LogError =
    null // found after the good records of the current block, reported next call
  private var ended = false
  private var clock = 0L
  private val symbolTable = scala.collection.mutable.ArrayBuffer.from(headerSymbols)
  private val symbolNames = scala.collection.mutable.HashSet.from(headerSymbols.map(_.name))

  // the current block, commands [0, blockSize); cancels carry side, price, quantity and account 0, a time
  // command carries its instant in ids
  val columns = new CommandColumns(BlockRecords)
  private val kinds = columns.kinds
  private val symbolIdx = columns.symbolIdx
  private val ids = columns.ids
  private val sides = columns.sides
  private val prices = columns.prices
  private val qtys = columns.qtys
  private val accounts = columns.accounts
  private val tifs = columns.tifs
  private var blockSize = 0
  // what the hot loop accepts, by version: the record kinds (a bit per kind below 8), and the header bits that
  // must be zero (version 3 lets byte 2 carry an add's time in force, 0 to 3)
  private val commandKinds =
    if (version >= 3) (1L << CommandReader.Add) | (1L << CommandReader.Cancel) | (1L << CommandReader.Modify)
    else (1L << CommandReader.Add) | (1L << CommandReader.Cancel)
  private val zeroBits = if (version >= 3) 0xfffcfe00L else 0xfffffe00L

  /** The symbols declared so far; indexes in `symbolIdx` refer to these. */
  def symbols: scala.collection.IndexedSeq[Symbol] = symbolTable

  /** Commands in the current block. */
  def size: Int = blockSize

  /** False for a version 1 log, which has no trailer: its end cannot be told from a truncation. */
  def checked: Boolean = version >= 2

  /** The first problem found, once `nextBlock` has returned -1. */
  def error: Option[LogError] = Option(failure)

  /**
   * For continuing an unfinished log (the venue's journal after a crash): the trailer's two running sums and the
   * session clock over the good records decoded so far.
   */
  def runningSum1: Long = sum1
  def runningSum2: Long = sum2
  def clockNanos: Long = clock

  /**
   * Decodes the next block: returns its command count, 0 at a verified end of the log, or -1 when the log is
   * truncated or corrupt (see `error`). Every command before the first bad record is returned first.
   */
  def nextBlock(): Int = {
    blockSize = 0
    if (failure != null) return -1
    if (pending != null) { failure = pending; return -1 }
    if (ended) return 0
    // fill the chunk as far as the stream allows, so blocks are full except at the end
    var filled = carried
    var eof = false
    while (filled < chunk.length && !eof) {
      val n = in.read(chunk, filled, chunk.length - filled)
      if (n < 0) eof = true else filled += n
    }
    val whole = filled / RecordSize
    if (whole == 0) {
      if (filled > 0)
        return fail(LogError(chunkOffset, s"truncated: record $record has $filled of $RecordSize bytes"))
      if (version >= 2) return fail(LogError(
        chunkOffset,
        "truncated: the log ends without its trailer (record count and checksum)"
      ))
      return 0
    }
    val n = if (version >= 2) decodeV2(whole) else decodeV1(whole)
    val used = if (pending != null || ended) n._2 else whole * RecordSize
    if (!ended && pending == null) {
      System.arraycopy(chunk, used, chunk, 0, filled - used)
      carried = filled - used
      chunkOffset += used
      record += whole
    }
    blockSize = n._1
    if (ended && pending == null && (filled > used || (!eof && in.read() >= 0)))
      pending = LogError(chunkOffset + used, "corrupt: bytes follow the trailer")
    if (blockSize == 0 && pending != null) { failure = pending; return -1 }
    if (blockSize == 0 && ended) return 0
    // a chunk of symbol declarations alone holds no command, and is not the end
    if (blockSize == 0) nextBlock() else blockSize
  }

  private def fail(e: LogError): Int = { failure = e; -1 }

  // where decoding of the current chunk stopped early: the byte after the trailer, or the bad record's offset
  private var stopAt = 0

  // returns (commands, bytes of the chunk before the first record not consumed as a good record)
  private def decodeV2(whole: Int): (Int, Int) = {
    decoded = 0
    var i = 0
    while (i < whole) {
      i = decodeRun(i, whole)
      if (i < whole) {
        val p = i << 5
        val next = special(i, p, buf.getLong(p), buf.getLong(p + 8), decoded)
        if (next < 0) return (decoded, stopAt)
        decoded = next
        i += 1
      }
    }
    (decoded, whole * RecordSize)
  }

  // commands decoded into the current block so far
  private var decoded = 0

  /**
   * Decodes well-formed adds, cancels, modifies and clock records from record `from` on, until `whole` or the
   * first other record, whose index it returns. The hot loop: no call, no allocation, and no branch between the
   * command kinds (they alternate unpredictably). A recorded day has a clock record before almost every command,
   * so a well-formed one (no stray bytes, the clock not going back) is taken here rather than in `special`,
   * which sees only the ones that are not, and reports them as before.
   */
  private def decodeRun(from: Int, whole: Int): Int = {
    val buf = this.buf
    val kinds = this.kinds
    val sides = this.sides
    val symbolIdx = this.symbolIdx
    val ids = this.ids
    val prices = this.prices
    val qtys = this.qtys
    val accounts = this.accounts
    val tifs = this.tifs
    val commandKinds = this.commandKinds
    val zeroBits = this.zeroBits
    val symbolCount = symbolTable.size
    var out = decoded
    var a = sum1
    var b = sum2
    var c = clock
    var i = from
    var going = true
    while (going && i < whole) {
      val p = i << 5
      val h = buf.getLong(p)
      val id = buf.getLong(p + 8)
      val price = buf.getLong(p + 16)
      val tail = buf.getLong(p + 24) // quantity (low 32 bits, unsigned), then the account
      val kind = (h & 0xff).toInt
      val sym = (h >>> 32).toInt
      // an add, a cancel or (version 3) a modify with side 0 or 1, zero reserved bytes, a known symbol, a positive
      // id and no negative account (fields a kind does not use are never read; the checksum covers them)
      if (
        ((kind & ~7) == 0) & (((commandKinds >>> kind) & 1L) != 0L) & ((h & zeroBits) == 0L) & (sym >= 0) &
          (sym < symbolCount) & (id > 0) & (tail >= 0L)
      ) {
        a += CommandLog.recordWord(h, id, price, tail)
        b += a
        val qty = tail & 0xffffffffL
        kinds(out) = kind.toByte
        sides(out) = (h >>> 8).toByte
        symbolIdx(out) = sym
        ids(out) = id
        prices(out) = price
        qtys(out) = if (qty == 0xffffffffL) Quantity.Unrepresentable.units else qty
        accounts(out) = account(tail)
        tifs(out) = ((h >>> 16) & 3L).toByte
        out += 1
        i += 1
      } else if ((h == CommandLog.timeWord0) & (price == 0L) & (tail == 0L) & (id >= c)) {
        // a clock record, as columns.setTime writes it; id >= c >= 0, so the instant is not negative either
        a += CommandLog.recordWord(h, id, 0L, 0L)
        b += a
        c = id
        kinds(out) = CommandReader.Time.toByte
        sides(out) = 0
        symbolIdx(out) = 0
        ids(out) = id
        prices(out) = 0L
        qtys(out) = 0L
        accounts(out) = 0
        tifs(out) = 0
        out += 1
        i += 1
      } else going = false
    }
    decoded = out
    sum1 = a
    sum2 = b
    clock = c
    i
  }

  private inline def account(tail: Long): Int = (tail >>> 32).toInt

  private def addToSums(p: Int): Unit = {
    sum1 += CommandLog.recordWordAt(buf, p)
    sum2 += sum1
  }

  // a record that is not a well-formed add or cancel: a time, a symbol declaration, the trailer, or a fault.
  // Returns the new command count, or -1 when decoding stops here (see stopAt, ended and pending).
  private def special(i: Int, p: Int, h: Long, id: Long, out: Int): Int = {
    val kind = (h & 0xff).toInt
    val sym = (h >>> 32).toInt
    val at = chunkOffset + p
    def stop(e: LogError): Int = { pending = e; stopAt = p; -1 }
    if (
      kind == CommandReader.Add || kind == CommandReader.Cancel || (kind == CommandReader.Modify && version >= 3)
    )
      stop(LogError(
        at,
        s"corrupt: record ${record + i}: ${CommandLogReader.fault(h, id, symbolTable.size, version)}"
      ))
    else if (kind == CommandReader.Time) {
      if ((h >>> 8) != 0L || buf.getLong(p + 16) != 0L || buf.getLong(p + 24) != 0L || id < 0)
        stop(LogError(
          at,
          s"corrupt: record ${record + i}: a time record with stray bytes or a negative instant"
        ))
      else if (id < clock)
        stop(
          LogError(
            at,
            s"corrupt: record ${record + i}: the clock goes back to ${Timestamp.fromEpochNanos(id).render} after ${Timestamp.fromEpochNanos(clock).render}"
          )
        )
      else {
        clock = id
        addToSums(p)
        columns.setTime(out, id)
        out + 1
      }
    } else if (kind == SymbolKind) {
      val len = ((h >>> 8) & 0xff).toInt
      val name =
        if (len >= 1 && len <= Symbol.MaxLength) new String(chunk, p + 8, len, StandardCharsets.US_ASCII)
        else ""
      if (sym != symbolTable.size || (h & 0xffff0000L) != 0 || !Symbol.isValid(name))
        stop(LogError(at, s"corrupt: record ${record + i}: a symbol declaration out of order or malformed"))
      else if (!symbolNames.add(name))
        stop(LogError(at, s"corrupt: record ${record + i}: symbol $name is declared twice"))
      else {
        symbolTable += Symbol.unsafe(name)
        addToSums(p)
        out
      }
    } else if (kind == EndKind) {
      if ((h >>> 8) != 0L)
        pending = LogError(at, "corrupt: stray bytes in the trailer")
      else if (id != record + i)
        pending = LogError(at, s"corrupt: the trailer counts $id records, the log holds ${record + i}")
      else if (buf.getLong(p + 16) != sum1 || buf.getLong(p + 24) != sum2)
        pending = LogError(at, "corrupt: checksum mismatch (the records were altered)")
      ended = true
      stopAt = p + RecordSize
      -1
    } else if (h == -1L && id == -1L && buf.getLong(p + 16) == -1L && buf.getLong(p + 24) == -1L)
      // space a venue wrote ahead of its journal's records (all bytes 0xff): an unfinished log ends here
      stop(LogError(
        at,
        "truncated: the log ends without its trailer (record count and checksum); space written ahead follows"
      ))
    else stop(LogError(at, s"corrupt: record ${record + i}: unknown record kind $kind"))
  }

  private def decodeV1(whole: Int): (Int, Int) = {
    var i = 0
    while (i < whole) {
      val p = i * RecordSize
      // bytes 0..7: kind, side, two reserved zero bytes, symbol index; one read checks them together
      val h = buf.getLong(p)
      val kind = (h & 0xff).toInt
      val side = ((h >>> 8) & 0xff).toInt
      val sym = (h >>> 32).toInt
      val id = buf.getLong(p + 8)
      if (
        (kind != CommandReader.Add && kind != CommandReader.Cancel) || (side >>> 1) != 0 ||
        (h & 0xffff0000L) != 0 || sym < 0 || sym >= symbolTable.size || id <= 0
      ) {
        pending =
          LogError(
            chunkOffset + p,
            s"corrupt: record ${record + i}: ${CommandLogReader.fault(h, id, symbolTable.size, version)}"
          )
        return (i, p)
      }
      kinds(i) = kind.toByte
      sides(i) = side.toByte
      symbolIdx(i) = sym
      ids(i) = id
      prices(i) = buf.getLong(p + 16)
      qtys(i) = buf.getLong(p + 24)
      accounts(i) = 0
      tifs(i) = 0
      i += 1
    }
    (whole, whole * RecordSize)
  }
}

object CommandLogReader {

  /** Records per block: 256 KiB of input, a size that stays in L2 alongside the columns. */
  inline val BlockRecords = 8192

  /** Reads and checks the header; the reader then yields the records. */
  def open(in: InputStream): Either[CommandLog.LogError, CommandLogReader] = {
    val header = new CommandLogHeader(in)
    header.symbols().map(s => new CommandLogReader(in, s, header.offset, header.version))
  }

  /** Decodes every record without keeping them, for timing; the command count or the first problem. */
  def decodeAll(in: InputStream): Either[CommandLog.LogError, Long] =
    open(in).flatMap { r =>
      var total = 0L
      var n = r.nextBlock()
      while (n > 0) { total += n; n = r.nextBlock() }
      if (n < 0) Left(r.error.get) else Right(total)
    }

  // the detail of a record that failed the combined check, in the order the fields are laid out
  private def fault(h: Long, id: Long, symbolCount: Int, version: Int): String = {
    val kind = (h & 0xff).toInt
    val side = ((h >>> 8) & 0xff).toInt
    val sym = (h >>> 32).toInt
    val tif = ((h >>> 16) & 0xff).toInt
    if (
      kind != CommandReader.Add && kind != CommandReader
        .Cancel && !(kind == CommandReader.Modify && version >= 3)
    )
      s"unknown command kind $kind"
    else if (side != Side.BuyCode && side != Side.SellCode) s"side $side is neither 0 (buy) nor 1 (sell)"
    else if (version >= 3 && tif > 3) s"time in force $tif is not 0 to 3 (GTC, IOC, FOK, POST)"
    else if ((h & (if (version >= 3) 0xff000000L else 0xffff0000L)) != 0) "reserved bytes are not zero"
    else if (sym < 0 || sym >= symbolCount) s"symbol index $sym is outside the table of $symbolCount"
    else if (id <= 0) s"order id $id is not positive"
    else "a negative quantity or account, or stray bytes in a cancel"
  }
}
