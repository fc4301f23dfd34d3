package mvt.workload

import mvt.core.*
import mvt.orderbook.{CommandTarget, Replay}

import java.io.{BufferedInputStream, InputStream}

/**
 * A stream of commands from a commands file or a command log, told apart by the log's magic bytes (not by a file
 * name), decoded block by block into columns that the one replay loop applies. A block holds every command
 * before a bad line or record, so nothing accepted is lost; the error comes on the next call. A commands file
 * hands over what it has read before waiting for more input, so a live stream is not held back. Not
 * thread-safe.
 */
final class CommandSource private (csv: CommandReader, log: CommandLogReader) {
  import CommandLogReader.BlockRecords

  /** True when the input is a command log. */
  val isLog: Boolean = log != null

  // a commands file decodes into these; a log decodes into its reader's own columns
  private val csvSymbols = scala.collection.mutable.ArrayBuffer.empty[Symbol]
  private val csvIndex = new java.util.HashMap[String, Integer]()
  private var lastSymbol: String = null
  private var lastIndex = -1

  val kinds: Array[Byte] = if (isLog) log.kinds else new Array[Byte](BlockRecords)
  val symbolIdx: Array[Int] = if (isLog) log.symbolIdx else new Array[Int](BlockRecords)
  val ids: Array[Long] = if (isLog) log.ids else new Array[Long](BlockRecords)
  val sides: Array[Byte] = if (isLog) log.sides else new Array[Byte](BlockRecords)
  val prices: Array[Long] = if (isLog) log.prices else new Array[Long](BlockRecords)
  val qtys: Array[Long] = if (isLog) log.qtys else new Array[Long](BlockRecords)
  val accounts: Array[Int] = if (isLog) log.accounts else new Array[Int](BlockRecords)
  private var blockSize = 0
  private var pending: SourceError = null
  private var failure: SourceError = null

  // book indexes of the target last replayed into, by symbol index
  private var target: CommandTarget = null
  private var books = new Array[Int](16)
  private var booked = 0

  /** The symbols seen so far; `symbolIdx` refers to these. */
  def symbols: scala.collection.IndexedSeq[Symbol] = if (isLog) log.symbols else csvSymbols

  /** Commands in the current block. */
  def size: Int = blockSize

  /** False for a version 1 log, whose end cannot be told from a truncation. */
  def checked: Boolean = !isLog || log.checked

  /** The problem that ended the stream, once `nextBlock` has returned -1. */
  def error: Option[SourceError] = Option(failure)

  /** Decodes the next block: its command count, 0 at the end, or -1 after a bad line or record (see `error`). */
  def nextBlock(): Int = {
    if (failure != null) return -1
    if (pending != null) { failure = pending; blockSize = 0; return -1 }
    if (isLog) {
      val n = log.nextBlock()
      if (n < 0) failure = SourceError.Log(log.error.get)
      blockSize = math.max(n, 0)
      n
    } else {
      var n = 0
      try {
        while (n < BlockRecords && (n == 0 || csv.ready) && csv.next()) { put(n); n += 1 }
      } catch { case e: FormatError => pending = SourceError.Format(e) }
      blockSize = n
      if (n == 0 && pending != null) { failure = pending; -1 }
      else n
    }
  }

  private def put(n: Int): Unit = {
    val k = csv.kind
    kinds(n) = k.toByte
    if (k == CommandReader.Time) {
      symbolIdx(n) = 0
      ids(n) = csv.time.epochNanos
      sides(n) = 0
      prices(n) = 0L
      qtys(n) = 0L
      accounts(n) = 0
    } else {
      symbolIdx(n) = indexOf(csv.symbol)
      ids(n) = csv.id.value
      val add = k == CommandReader.Add
      sides(n) = if (add) csv.side.code.toByte else 0
      prices(n) = if (add) csv.price.raw else 0L
      qtys(n) = if (add) csv.qty.units else 0L
      accounts(n) = if (add) csv.account.value else 0
    }
  }

  // the reader interns symbols, so a repeated symbol is usually the same String
  private def indexOf(symbol: Symbol): Int =
    if (symbol.name eq lastSymbol) lastIndex
    else {
      val known = csvIndex.get(symbol.name)
      val i =
        if (known != null) known.intValue
        else {
          csvSymbols += symbol
          csvIndex.put(symbol.name, csvSymbols.size - 1)
          csvSymbols.size - 1
        }
      lastSymbol = symbol.name
      lastIndex = i
      i
    }

  /** Applies the current block to `target` through the one replay loop. */
  def replayBlock(t: CommandTarget): Unit = {
    if (t ne target) { target = t; booked = 0 }
    val syms = symbols
    if (booked < syms.size) {
      if (books.length < syms.size)
        books = java.util.Arrays.copyOf(books, math.max(syms.size, books.length * 2))
      while (booked < syms.size) { books(booked) = t.bookOf(syms(booked)); booked += 1 }
    }
    Replay.columns(t, books, kinds, symbolIdx, ids, sides, prices, qtys, accounts, 0, blockSize)
  }

  /** Writes the current block to `w`, in the writer's format. */
  def writeBlock(w: CommandWriter): Unit =
    CommandWriter.columns(w, symbols, kinds, symbolIdx, ids, sides, prices, qtys, accounts, 0, blockSize)

  /** Applies every remaining command to `target`: the number applied, or the error after those before it. */
  def replayAll(t: CommandTarget): Either[SourceError, Long] = {
    var total = 0L
    var n = nextBlock()
    while (n > 0) {
      replayBlock(t)
      total += n
      n = nextBlock()
    }
    if (n < 0) Left(failure) else Right(total)
  }

  /** Reads every remaining command into a batch (for benchmarks, which replay from memory). */
  def readAll(): Either[SourceError, CommandBatch] = {
    val b = new CommandBatch.Builder(Vector.empty)
    var n = nextBlock()
    while (n > 0) {
      val syms = symbols
      while (b.symbolCount < syms.size) b.indexOf(syms(b.symbolCount))
      b.appendColumns(kinds, symbolIdx, ids, sides, prices, qtys, accounts, n)
      n = nextBlock()
    }
    if (n < 0) Left(failure) else Right(b.result())
  }
}

object CommandSource {

  /** Opens a stream, reading a log's header if the first bytes are its magic number; a bad header is an error. */
  def open(raw: InputStream): Either[SourceError, CommandSource] = {
    val in = new BufferedInputStream(raw, 1 << 16)
    in.mark(8)
    val isLog = CommandLog.looksLikeLog(in.readNBytes(CommandLog.Magic.length))
    in.reset()
    if (isLog) CommandLogReader.open(in).left.map(SourceError.Log(_)).map(new CommandSource(null, _))
    else Right(new CommandSource(new CommandReader(in), null))
  }

  /** A source over text (for tests and small inputs). */
  def fromText(text: String): CommandSource =
    open(new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8))).toOption.get
}
