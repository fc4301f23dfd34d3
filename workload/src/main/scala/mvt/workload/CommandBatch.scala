package mvt.workload

import mvt.core.*
import mvt.orderbook.{CommandTarget, Replay}

/**
 * A command stream held in parallel primitive arrays, so replaying it allocates nothing and measures only the
 * engine. Symbols are indices into `symbols`; a `time` command keeps its instant in the id column. Build with
 * `CommandBatch.Builder`; immutable once built.
 */
final class CommandBatch private (
    val symbols: Vector[Symbol],
    kinds: Array[Byte],
    symbolIdx: Array[Int],
    ids: Array[Long],
    sides: Array[Byte],
    prices: Array[Long],
    qtys: Array[Long],
    accounts: Array[Int],
    val size: Int
) {

  def isAdd(i: Int): Boolean = kinds(i) == CommandReader.Add
  def isTime(i: Int): Boolean = kinds(i) == CommandReader.Time

  /** `CommandReader.Add`, `Cancel` or `Time`. */
  def kind(i: Int): Int = kinds(i).toInt

  /** The first `n` commands (shares nothing mutable: the arrays are copied). */
  def prefix(n: Int): CommandBatch = {
    val k = math.min(n, size)
    new CommandBatch(
      symbols,
      java.util.Arrays.copyOf(kinds, k),
      java.util.Arrays.copyOf(symbolIdx, k),
      java.util.Arrays.copyOf(ids, k),
      java.util.Arrays.copyOf(sides, k),
      java.util.Arrays.copyOf(prices, k),
      java.util.Arrays.copyOf(qtys, k),
      java.util.Arrays.copyOf(accounts, k),
      k
    )
  }

  /** Command `i` as a value (allocates). */
  def command(i: Int): Command =
    if (isAdd(i))
      Command.Add(
        symbols(symbolIdx(i)),
        OrderId(ids(i)),
        Side.fromCode(sides(i)),
        Price.fromRaw(prices(i)),
        Quantity(qtys(i)),
        Account(accounts(i))
      )
    else if (isTime(i)) Command.Time(Timestamp.fromEpochNanos(ids(i)))
    else Command.Cancel(symbols(symbolIdx(i)), OrderId(ids(i)))

  def symbolIndex(i: Int): Int = symbolIdx(i)
  def id(i: Int): Long = ids(i)
  def side(i: Int): Side = Side.fromCode(sides(i))
  def price(i: Int): Long = prices(i)
  def qty(i: Int): Long = qtys(i)
  def account(i: Int): Int = accounts(i)

  /** The instant of a `time` command. */
  def time(i: Int): Long = ids(i)

  /** Applies commands `[from, until)` to `target` (an exchange, or something that wraps one). */
  def replay(target: CommandTarget, from: Int = 0, until: Int = size): Unit =
    replayInto(target, books(target), from, until)

  /** `replay` with the target's book indexes from `books(target)`, for callers that step a few commands at a time. */
  def replayInto(target: CommandTarget, books: Array[Int], from: Int, until: Int): Unit =
    Replay.columns(target, books, kinds, symbolIdx, ids, sides, prices, qtys, accounts, from, until)

  /** The target's book index of each symbol of the batch, creating the books in symbol order. */
  def books(target: CommandTarget): Array[Int] = symbols.map(target.bookOf).toArray

  /** Writes commands `[from, until)` to `w` (without finishing it). */
  def writeTo(w: CommandWriter, from: Int = 0, until: Int = size): Unit =
    CommandWriter.columns(w, symbols, kinds, symbolIdx, ids, sides, prices, qtys, accounts, from, until)

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
    private var kinds = new Array[Byte](initialCapacity)
    private var symbolIdx = new Array[Int](initialCapacity)
    private var ids = new Array[Long](initialCapacity)
    private var sides = new Array[Byte](initialCapacity)
    private var prices = new Array[Long](initialCapacity)
    private var qtys = new Array[Long](initialCapacity)
    private var accounts = new Array[Int](initialCapacity)
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

    private def ensure(capacity: Int): Unit =
      if (capacity > kinds.length) {
        val c = math.max(capacity, kinds.length * 2)
        kinds = java.util.Arrays.copyOf(kinds, c)
        symbolIdx = java.util.Arrays.copyOf(symbolIdx, c)
        ids = java.util.Arrays.copyOf(ids, c)
        sides = java.util.Arrays.copyOf(sides, c)
        prices = java.util.Arrays.copyOf(prices, c)
        qtys = java.util.Arrays.copyOf(qtys, c)
        accounts = java.util.Arrays.copyOf(accounts, c)
      }

    private def slot(kind: Int, symbol: Int, id: Long): Int = {
      ensure(n + 1)
      kinds(n) = kind.toByte
      symbolIdx(n) = symbol
      ids(n) = id
      n += 1
      n - 1
    }

    def add(symbol: Int, id: Long, side: Side, price: Long, qty: Long, account: Int = 0): Unit = {
      val i = slot(CommandReader.Add, symbol, id)
      sides(i) = side.code.toByte
      prices(i) = price
      qtys(i) = qty
      accounts(i) = account
    }

    def cancel(symbol: Int, id: Long): Unit = {
      val i = slot(CommandReader.Cancel, symbol, id)
      sides(i) = 0
      prices(i) = 0L
      qtys(i) = 0L
      accounts(i) = 0
    }

    /** Sets the session clock to `nanos` since the epoch for the commands after it. */
    def time(nanos: Long): Unit = {
      val i = slot(CommandReader.Time, 0, nanos)
      sides(i) = 0
      prices(i) = 0L
      qtys(i) = 0L
      accounts(i) = 0
    }

    /** Appends `count` commands held in columns, as `CommandLogReader` decodes them (symbols must be known). */
    def appendColumns(
        k: Array[Byte],
        sym: Array[Int],
        id: Array[Long],
        side: Array[Byte],
        price: Array[Long],
        qty: Array[Long],
        account: Array[Int],
        count: Int
    ): Unit = {
      ensure(n + count)
      System.arraycopy(k, 0, kinds, n, count)
      System.arraycopy(sym, 0, symbolIdx, n, count)
      System.arraycopy(id, 0, ids, n, count)
      System.arraycopy(side, 0, sides, n, count)
      System.arraycopy(price, 0, prices, n, count)
      System.arraycopy(qty, 0, qtys, n, count)
      System.arraycopy(account, 0, accounts, n, count)
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
          reader.account.value
        )
      else if (reader.kind == CommandReader.Cancel) cancel(indexOf(reader.symbol), reader.id.value)
      else time(reader.time.epochNanos)

    def result(): CommandBatch =
      new CommandBatch(symbolList.result(), kinds, symbolIdx, ids, sides, prices, qtys, accounts, n)
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
