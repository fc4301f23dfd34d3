package mvt.workload

import mvt.core.*
import mvt.orderbook.{CommandColumns, CommandTarget}

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
  private val csvSymbols = new SymbolIndex

  /** The current block's commands, `[0, size)`. */
  val columns: CommandColumns = if (isLog) log.columns else new CommandColumns(BlockRecords)
  private var blockSize = 0
  private var pending: SourceError = null
  private var failure: SourceError = null

  // book indexes of the target last replayed into, by symbol index
  private var target: CommandTarget = null
  private var books = new Array[Int](16)
  private var booked = 0

  /** The symbols seen so far; `symbolIdx` refers to these. */
  def symbols: scala.collection.IndexedSeq[Symbol] = if (isLog) log.symbols else csvSymbols.symbols

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
    if (k == CommandReader.Time) columns.setTime(n, csv.time.epochNanos)
    else if (k == CommandReader.Cancel) columns.setCancel(n, csvSymbols.indexOf(csv.symbol), csv.id.value)
    else if (k == CommandReader.Modify)
      columns.setModify(n, csvSymbols.indexOf(csv.symbol), csv.id.value, csv.price.raw, csv.qty.units)
    else
      columns.setAdd(
        n,
        csvSymbols.indexOf(csv.symbol),
        csv.id.value,
        csv.side,
        csv.price.raw,
        csv.qty.units,
        csv.account.value,
        csv.tif
      )
  }

  /** Applies the current block to `target` through the one replay loop. */
  def replayBlock(t: CommandTarget): Unit = replayBlock(t, 0, blockSize)

  /**
   * Applies the current block's commands `[from, until)` to `target`, for a caller that steps in between
   * commands of a block (recovery). No allocation once every symbol has its book.
   */
  def replayBlock(t: CommandTarget, from: Int, until: Int): Unit = {
    if (t ne target) { target = t; booked = 0 }
    val syms = symbols
    if (booked < syms.size) {
      if (books.length < syms.size)
        books = java.util.Arrays.copyOf(books, math.max(syms.size, books.length * 2))
      while (booked < syms.size) { books(booked) = t.bookOf(syms(booked)); booked += 1 }
    }
    columns.replay(t, books, from, until)
  }

  /** Writes the current block to `w`, in the writer's format. */
  def writeBlock(w: CommandWriter): Unit =
    CommandWriter.write(w, symbols, columns, 0, blockSize)

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

  /**
   * Writes every remaining command to `out` in the other format: a log becomes a commands file, a commands file
   * a log. What came before a bad line or record is written; a log cut short that way gets no trailer, so it
   * reads as truncated, never as complete.
   */
  def convert(out: java.io.OutputStream): Either[SourceError, Unit] = {
    val w = if (isLog) new CommandCsvWriter(out) else new CommandLogWriter(out)
    var n = nextBlock()
    while (n > 0) {
      writeBlock(w)
      n = nextBlock()
    }
    if (n == 0) { w.finish(); Right(()) }
    else { w.abandon(); Left(failure) }
  }

  /** Reads every remaining command into a batch (for benchmarks, which replay from memory). */
  def readAll(): Either[SourceError, CommandBatch] = {
    val b = new CommandBatch.Builder(Vector.empty)
    var n = nextBlock()
    while (n > 0) {
      b.appendBlock(symbols, columns, n)
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

  /** A source over a command log whose header `r` has already read. */
  def ofLog(r: CommandLogReader): CommandSource = new CommandSource(null, r)

  /** A source over text (for tests and small inputs). */
  def fromText(text: String): CommandSource =
    open(new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8))).toOption.get
}
