package mvt.workload

import mvt.core.*
import mvt.orderbook.{CommandColumns, CommandTarget}

/**
 * A command stream held in columns (`CommandColumns`), so replaying it allocates nothing and measures only the
 * engine. Symbols are indices into `symbols`; a `time` command keeps its instant in the id column. Build with
 * `CommandBatch.Builder`; immutable once built.
 */
final class CommandBatch private (val symbols: Vector[Symbol], columns: CommandColumns, val size: Int) {

  def isAdd(i: Int): Boolean = columns.kinds(i) == CommandReader.Add
  def isTime(i: Int): Boolean = columns.kinds(i) == CommandReader.Time

  /** `CommandReader.Add`, `Cancel`, `Time` or `Modify`. */
  def kind(i: Int): Int = columns.kinds(i).toInt

  /** The first `n` commands (shares nothing mutable: the columns are copied). */
  def prefix(n: Int): CommandBatch = {
    val k = math.min(n, size)
    val c = new CommandColumns(math.max(k, 1))
    c.copyFrom(columns, k, 0)
    new CommandBatch(symbols, c, k)
  }

  /** Command `i` as a value (allocates). */
  def command(i: Int): Command = columns.command(i, symbols)

  def symbolIndex(i: Int): Int = columns.symbolIdx(i)
  def id(i: Int): Long = columns.ids(i)
  def side(i: Int): Side = Side.fromCode(columns.sides(i))
  def price(i: Int): Long = columns.prices(i)
  def qty(i: Int): Long = columns.qtys(i)
  def account(i: Int): Int = columns.accounts(i)
  def tif(i: Int): TimeInForce = TimeInForce.fromCode(columns.tifs(i))

  /** The instant of a `time` command. */
  def time(i: Int): Long = columns.ids(i)

  /** Applies commands `[from, until)` to `target` (an exchange, or something that wraps one). */
  def replay(target: CommandTarget, from: Int = 0, until: Int = size): Unit =
    replayInto(target, books(target), from, until)

  /** `replay` with the target's book indexes from `books(target)`, for callers that step a few commands at a time. */
  def replayInto(target: CommandTarget, books: Array[Int], from: Int, until: Int): Unit =
    columns.replay(target, books, from, until)

  /** The target's book index of each symbol of the batch, creating the books in symbol order. */
  def books(target: CommandTarget): Array[Int] = symbols.map(target.bookOf).toArray

  /** Writes commands `[from, until)` to `w` (without finishing it). */
  def writeTo(w: CommandWriter, from: Int = 0, until: Int = size): Unit =
    CommandWriter.write(w, symbols, columns, from, until)

  /** Writes the batch as a commands file (see docs/formats.md). */
  def writeCsv(out: java.io.OutputStream): Unit = {
    val w = new CommandCsvWriter(out)
    writeTo(w)
    w.finish()
  }
}

object CommandBatch {

  /** Accumulates commands; grows by doubling. Not thread-safe. */
  final class Builder(initialSymbols: Vector[Symbol], initialCapacity: Int = 1 << 16) {
    private val symbolList = Vector.newBuilder[Symbol] ++= initialSymbols
    private val symbolIndex = new java.util.HashMap[String, Integer]()
    initialSymbols.zipWithIndex.foreach((s, i) => symbolIndex.put(s.name, i))
    private var columns = new CommandColumns(math.max(1, initialCapacity))
    private var n = 0

    def size: Int = n

    /** Symbols known so far. */
    def symbolCount: Int = symbolIndex.size

    /** The index of `symbol`, appending it to the symbol table when new. */
    def indexOf(symbol: Symbol): Int = {
      val known = symbolIndex.get(symbol.name)
      if (known != null) known.intValue
      else {
        val i = symbolIndex.size
        symbolIndex.put(symbol.name, i)
        symbolList += symbol
        i
      }
    }

    private def next(): Int = {
      columns.ensure(n + 1)
      n += 1
      n - 1
    }

    def add(
        symbol: Int,
        id: Long,
        side: Side,
        price: Long,
        qty: Long,
        account: Int = 0,
        tif: TimeInForce = TimeInForce.Gtc
    ): Unit =
      columns.setAdd(next(), symbol, id, side, price, qty, account, tif)

    def cancel(symbol: Int, id: Long): Unit = columns.setCancel(next(), symbol, id)

    def modify(symbol: Int, id: Long, price: Long, qty: Long): Unit =
      columns.setModify(next(), symbol, id, price, qty)

    /** Sets the session clock to `nanos` since the epoch for the commands after it. */
    def time(nanos: Long): Unit = columns.setTime(next(), nanos)

    /**
     * Appends a decoded block: first the symbols of `symbols` not known here yet (a source's table only grows,
     * in order), then the block's first `count` commands.
     */
    def appendBlock(symbols: scala.collection.IndexedSeq[Symbol], from: CommandColumns, count: Int): Unit = {
      while (symbolCount < symbols.size) indexOf(symbols(symbolCount))
      append(from, count)
    }

    /** Appends the first `count` commands of `from` (a decoded block; its symbols must be known here). */
    def append(from: CommandColumns, count: Int): Unit = {
      columns.ensure(n + count)
      columns.copyFrom(from, count, n)
      n += count
    }

    /** Appends the reader's current command. */
    def append(reader: CommandReader): Unit =
      if (reader.kind == CommandReader.Add)
        add(
          indexOf(reader.symbol),
          reader.id.value,
          reader.side,
          reader.price.raw,
          reader.qty.units,
          reader.account.value,
          reader.tif
        )
      else if (reader.kind == CommandReader.Cancel) cancel(indexOf(reader.symbol), reader.id.value)
      else if (reader.kind == CommandReader.Modify)
        modify(indexOf(reader.symbol), reader.id.value, reader.price.raw, reader.qty.units)
      else time(reader.time.epochNanos)

    def result(): CommandBatch = new CommandBatch(symbolList.result(), columns, n)

    /**
     * The commands so far as a batch, and an empty builder for the next ones, its symbols kept: a long stream
     * taken in chunks, so that it need not fit in memory at once.
     */
    def take(): CommandBatch = {
      val b = result()
      columns = new CommandColumns(math.max(1, initialCapacity))
      n = 0
      b
    }
  }

  /** Reads a whole commands file into a batch, or the first format error. */
  def readCsv(in: java.io.InputStream): Either[FormatError, CommandBatch] = {
    val reader = new CommandReader(in)
    val b = new Builder(Vector.empty)
    try {
      while (reader.next()) b.append(reader)
      Right(b.result())
    } catch { case e: FormatError => Left(e) }
  }
}
