package mvt.workload

import mvt.core.*
import mvt.orderbook.CommandTarget

import java.io.InputStream
import java.nio.{ByteBuffer, ByteOrder}

/**
 * Streams a command log's records block by block into reusable columns, checking every field. Nothing is
 * allocated per block, so a replay can decode while it runs and a benchmark can time decoding alone. Open with
 * `CommandLogReader.open`. Not thread-safe.
 */
final class CommandLogReader private (in: InputStream, val symbols: Vector[Symbol], headerBytes: Long) {
  import CommandLog.{LogError, RecordSize}
  import CommandLogReader.BlockRecords

  private val chunk = new Array[Byte](BlockRecords * RecordSize)
  private val buf = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN)
  private var carried = 0 // bytes of an incomplete record kept at the start of chunk from the last read
  private var chunkOffset = headerBytes // file offset of chunk(0)
  private var record = 0L // index of the first record in chunk
  private var failure: LogError = null

  // the current block, commands [0, blockSize); cancels carry side, price and quantity 0
  val kinds = new Array[Byte](BlockRecords)
  val symbolIdx = new Array[Int](BlockRecords)
  val ids = new Array[Long](BlockRecords)
  val sides = new Array[Byte](BlockRecords)
  val prices = new Array[Long](BlockRecords)
  val qtys = new Array[Long](BlockRecords)
  private var blockSize = 0

  /** Commands in the current block. */
  def size: Int = blockSize

  /** The first problem found, once `nextBlock` has returned -1. */
  def error: Option[LogError] = Option(failure)

  /**
   * Decodes the next block: returns its command count, 0 at a clean end of the log, or -1 when the log is
   * truncated or corrupt (see `error`). The records of a block before a corrupt one are not returned.
   */
  def nextBlock(): Int = {
    if (failure != null) return -1
    // fill the chunk as far as the stream allows, so blocks are full except at the end
    var filled = carried
    var eof = false
    while (filled < chunk.length && !eof) {
      val n = in.read(chunk, filled, chunk.length - filled)
      if (n < 0) eof = true else filled += n
    }
    val whole = filled / RecordSize
    if (whole == 0) {
      blockSize = 0
      if (filled == 0) return 0
      failure = LogError(chunkOffset, s"truncated: record $record has $filled of $RecordSize bytes")
      return -1
    }
    val symbolCount = symbols.size
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
        (h & 0xffff0000L) != 0 || sym < 0 || sym >= symbolCount || id <= 0
      ) {
        failure =
          LogError(chunkOffset + p, s"record ${record + i}: ${CommandLogReader.fault(h, id, symbolCount)}")
        return -1
      }
      kinds(i) = kind.toByte
      sides(i) = side.toByte
      symbolIdx(i) = sym
      ids(i) = id
      prices(i) = buf.getLong(p + 16)
      qtys(i) = buf.getLong(p + 24)
      i += 1
    }
    val used = whole * RecordSize
    System.arraycopy(chunk, used, chunk, 0, filled - used)
    carried = filled - used
    chunkOffset += used
    record += whole
    blockSize = whole
    whole
  }

  /** Applies the current block to `target`; `books(s)` is the target's book index of `symbols(s)`. */
  def replayBlock(target: CommandTarget, books: Array[Int]): Unit = {
    var i = 0
    while (i < blockSize) {
      val b = books(symbolIdx(i))
      if (kinds(i) == CommandReader.Add)
        target.add(b, OrderId(ids(i)), Side.fromCode(sides(i)), Price.fromRaw(prices(i)), Quantity(qtys(i)))
      else target.cancel(b, OrderId(ids(i)))
      i += 1
    }
  }
}

object CommandLogReader {

  /** Records per block: 256 KiB of input, a size that stays in L2 alongside the columns. */
  inline val BlockRecords = 8192

  /** Reads and checks the header; the reader then yields the records. */
  def open(in: InputStream): Either[CommandLog.LogError, CommandLogReader] = {
    val header = new CommandLogHeader(in)
    header.symbols().map(s => new CommandLogReader(in, s, header.offset))
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
  private def fault(h: Long, id: Long, symbolCount: Int): String = {
    val kind = (h & 0xff).toInt
    val side = ((h >>> 8) & 0xff).toInt
    val sym = (h >>> 32).toInt
    if (kind != CommandReader.Add && kind != CommandReader.Cancel) s"unknown command kind $kind"
    else if (side != Side.BuyCode && side != Side.SellCode) s"side $side is neither 0 (buy) nor 1 (sell)"
    else if ((h & 0xffff0000L) != 0) "reserved bytes are not zero"
    else if (sym < 0 || sym >= symbolCount) s"symbol index $sym is outside the table of $symbolCount"
    else s"order id $id is not positive"
  }
}
