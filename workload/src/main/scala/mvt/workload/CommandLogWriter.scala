package mvt.workload

import mvt.core.*

import java.io.OutputStream
import java.nio.{ByteBuffer, ByteOrder}

/**
 * Writes a version 3 command log as commands arrive: symbols are declared in a record of their own before
 * their first use, and `finish` writes the trailer (the record count and a Fletcher-style checksum of the records before it, which
 * the reader computes from the words it loads anyway). A log
 * without its trailer reads as truncated. Buffers 128 KiB; not thread-safe.
 */
final class CommandLogWriter(out: OutputStream) extends CommandWriter {
  import CommandLog.RecordSize

  private val buf = ByteBuffer.allocate(RecordSize * 4096).order(ByteOrder.LITTLE_ENDIAN)
  // the running sums of every record's 64-bit words (see CommandLog), for the trailer
  private var sum1 = 0L
  private var sum2 = 0L
  private val symbolIndex = new SymbolIndex
  private var records = 0L
  private var clock = 0L
  private var finished = false

  out.write(CommandLog.header)

  /** Records written so far, trailer excluded. */
  def recordCount: Long = records

  /**
   * An add. The quantity is an unsigned 32-bit field: a larger one (out of the spec's range in any case) is
   * stored as unrepresentable, which the engine rejects for the same reason.
   */
  def add(
      symbol: Symbol,
      id: Long,
      side: Side,
      price: Long,
      qty: Long,
      account: Int,
      tif: TimeInForce
  ): Unit = {
    val s = indexOf(symbol)
    room()
    buf.putLong(CommandLog.addWord0(side, tif, s)).putLong(id).putLong(price)
      .putLong(CommandLog.quantityWord(qty, account))
    records += 1
  }

  /** A modify: its quantity is stored as an add's, and the account field is 0. */
  def modify(symbol: Symbol, id: Long, price: Long, qty: Long): Unit = {
    val s = indexOf(symbol)
    room()
    buf.putLong(CommandLog.modifyWord0(s)).putLong(id).putLong(price).putLong(CommandLog.quantityWord(qty, 0))
    records += 1
  }

  def cancel(symbol: Symbol, id: Long): Unit = {
    val s = indexOf(symbol)
    room()
    buf.putLong(CommandLog.cancelWord0(s)).putLong(id).putLong(0L).putLong(0L)
    records += 1
  }

  /** Sets the session clock; an unchanged clock writes nothing. */
  def time(nanos: Long): Unit = {
    require(nanos >= clock, s"the clock never goes back: $nanos after $clock")
    if (nanos != clock) {
      clock = nanos
      room()
      buf.putLong(CommandLog.timeWord0).putLong(nanos).putLong(0L).putLong(0L)
      records += 1
    }
  }

  /** Writes the trailer and flushes; the log is complete only after this. */
  def finish(): Unit = {
    require(!finished, "finish once")
    drain()
    CommandLog.putTrailer(buf, records, sum1, sum2)
    out.write(buf.array(), 0, buf.position())
    buf.clear()
    out.flush()
    finished = true
  }

  /** Declares a symbol now (if new), so a batch's symbol table keeps its order even for unused symbols. */
  def declare(symbol: Symbol): Unit = { val _ = indexOf(symbol) }

  def abandon(): Unit = {
    drain()
    out.flush()
    finished = true
  }

  // a symbol's first use declares it in a record of its own
  private def indexOf(symbol: Symbol): Int = {
    val i = symbolIndex.indexOf(symbol)
    if (symbolIndex.numberedNew) {
      room()
      CommandLog.putSymbolRecord(buf, i, symbol)
      records += 1
    }
    i
  }

  private def room(): Unit = if (!buf.hasRemaining) drain()

  private def drain(): Unit = {
    var k = 0
    while (k < buf.position()) {
      sum1 += CommandLog.recordWordAt(buf, k)
      sum2 += sum1
      k += RecordSize
    }
    out.write(buf.array(), 0, buf.position())
    buf.clear()
  }
}
