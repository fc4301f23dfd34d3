package mvt.venue

import mvt.core.*
import mvt.workload.CommandLog

import java.nio.ByteBuffer

/**
 * Encodes the journal's records in the command log's layout (see docs/formats.md), exactly as
 * `CommandLogWriter` writes them, into whatever buffer the current batch holds, and keeps what the trailer needs
 * (the record count and the two running sums) and the symbol table. It starts empty for a new day or from what
 * recovery found in an unfinished journal. Allocates only to declare a symbol. Engine thread only.
 */
final class JournalEncoder(
    initialSymbols: scala.collection.IndexedSeq[Symbol],
    initialRecords: Long,
    initialSum1: Long,
    initialSum2: Long,
    initialClock: Long
) {
  import CommandLog.RecordSize

  private var records = initialRecords
  private var sum1 = initialSum1
  private var sum2 = initialSum2
  private var clockNanos = initialClock
  private val symbolIndex = new java.util.HashMap[String, Integer]()
  private var symbolCount = 0
  private val table = Vector.newBuilder[Symbol]
  initialSymbols.foreach { s =>
    symbolIndex.put(s.name, symbolCount); table += s; symbolCount += 1
  }

  /** The declared symbols in index order (allocates; not for the hot path). */
  def symbols: Vector[Symbol] = { val v = table.result(); v }

  /** Records encoded so far, trailer excluded (those recovered included). */
  def recordCount: Long = records

  /** The journal's session clock. */
  def clock: Long = clockNanos

  // the last symbol objects looked up, by identity: submitters reuse their symbols, so most lookups end here
  // without hashing or comparing the name; a slot holds one object and its index, or null
  private val recentKeys = new Array[String](64)
  private val recentIndex = new Array[Int](64)

  /** The journal index of `symbol`, or -1 when it has not been declared. */
  def indexOf(symbol: Symbol): Int = {
    val name = symbol.name
    val slot = System.identityHashCode(name) & 63
    if (recentKeys(slot) eq name) recentIndex(slot)
    else {
      val i = symbolIndex.get(name)
      if (i == null) -1
      else {
        recentKeys(slot) = name
        recentIndex(slot) = i.intValue
        i.intValue
      }
    }
  }

  /** Declares `symbol` in a record of its own unless it is known; its index. */
  def declare(buf: ByteBuffer, symbol: Symbol): Int = {
    val known = indexOf(symbol)
    if (known >= 0) known
    else {
      val i = symbolCount
      val rec = ByteBuffer.allocate(RecordSize).order(java.nio.ByteOrder.LITTLE_ENDIAN)
      CommandLog.putSymbolRecord(rec, i, symbol)
      put(buf, rec.getLong(0), rec.getLong(8), rec.getLong(16), rec.getLong(24))
      symbolIndex.put(symbol.name, i)
      table += symbol
      symbolCount += 1
      i
    }
  }

  /**
   * An add for the declared symbol index `sym`, its time in force in byte 2; a quantity past the unsigned 32-bit
   * field is unrepresentable.
   */
  def add(
      buf: ByteBuffer,
      sym: Int,
      id: Long,
      side: Side,
      price: Long,
      qty: Long,
      account: Int,
      tif: TimeInForce
  ): Unit =
    put(
      buf,
      CommandLog.addWord0(side, tif, sym),
      id,
      price,
      CommandLog.quantityWord(qty, account)
    )

  /** A modify: its quantity stored as an add's, no account. */
  def modify(buf: ByteBuffer, sym: Int, id: Long, price: Long, qty: Long): Unit =
    put(buf, CommandLog.modifyWord0(sym), id, price, CommandLog.quantityWord(qty, 0))

  def cancel(buf: ByteBuffer, sym: Int, id: Long): Unit =
    put(buf, CommandLog.cancelWord0(sym), id, 0L, 0L)

  /** Moves the clock to `nanos` if that is later; true (and a time record) when it moved. */
  def time(buf: ByteBuffer, nanos: Long): Boolean =
    if (nanos <= clockNanos) false
    else {
      clockNanos = nanos
      put(buf, CommandLog.timeWord0, nanos, 0L, 0L)
      true
    }

  /** The trailer: the journal is a complete command log after it. */
  def trailer(buf: ByteBuffer): Unit = CommandLog.putTrailer(buf, records, sum1, sum2)

  private def put(buf: ByteBuffer, w0: Long, w1: Long, w2: Long, w3: Long): Unit = {
    buf.putLong(w0).putLong(w1).putLong(w2).putLong(w3)
    sum1 += CommandLog.recordWord(w0, w1, w2, w3)
    sum2 += sum1
    records += 1
  }
}

object JournalEncoder {

  /** The 12-byte header of a log of the current version whose symbols are declared inline. */
  def header: Array[Byte] = CommandLog.header

  inline val HeaderBytes = CommandLog.HeaderBytes
}
