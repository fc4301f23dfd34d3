package mvt.venue

import mvt.core.Symbol
import mvt.orderbook.CommandColumns
import mvt.workload.CommandLogReader

import java.io.{BufferedInputStream, FileInputStream}
import java.nio.file.Path
import java.util.concurrent.ArrayBlockingQueue

/**
 * A journal's good records decoded on a thread of its own, block by block, for recovery's replay on another: the
 * decoder checks and fills one of a few blocks of columns while the replay applies an earlier one, so decoding
 * leaves the replay's thread. It stops at the first bad record, as its scan does. Open with
 * `JournalBlocks.start`; `take`, `release` and `close` on the replay's thread only.
 */
final class JournalBlocks private (path: Path) extends AutoCloseable {
  import JournalBlocks.{Block, Depth}

  // why this is safe: a block's columns are written by the decoder before it is put in `filled` and read by the
  // replay after it is taken, and given back through `free` the same way: each queue's put happens before its
  // take, so no block is written and read at once and every write is seen
  private val free = new ArrayBlockingQueue[Block](Depth)
  private val filled = new ArrayBlockingQueue[Block](Depth + 1)
  private val end = new Block // put after the last block
  @volatile private var failure: Throwable = null

  /** The symbols declared, the trailer's running sums and the clock after the last good record: set at `end`. */
  @volatile var symbols: Vector[Symbol] = Vector.empty
  @volatile var sum1 = 0L
  @volatile var sum2 = 0L
  @volatile var clock = 0L

  private val decoder = new Thread(() => decode(), s"venue-journal-decode-${path.getFileName}")

  private def decode(): Unit = {
    val in = new BufferedInputStream(new FileInputStream(path.toFile), 1 << 16)
    try
      CommandLogReader.open(in) match {
        case Left(_) => ()
        case Right(r) =>
          var known = 0
          var n = r.nextBlock()
          while (n > 0) {
            val b = free.take()
            b.columns.copyFrom(r.columns, n, 0)
            b.size = n
            // the symbols only grow: a block carries the table when it has grown, else none
            b.symbols = if (r.symbols.size != known) r.symbols.toVector else null
            known = r.symbols.size
            filled.put(b)
            n = r.nextBlock()
          }
          symbols = r.symbols.toVector
          sum1 = r.runningSum1
          sum2 = r.runningSum2
          clock = r.clockNanos
      }
    catch {
      case _: InterruptedException => ()
      case e: Throwable => failure = e
    } finally {
      in.close()
      filled.offer(end)
    }
  }

  /** The next block in journal order, or null after the last; rethrows the decoder's failure. */
  def take(): Block = {
    val b = filled.take()
    if (b eq end) {
      if (failure != null) throw failure
      null
    } else b
  }

  /** Gives a taken block back for the decoder to fill again. */
  def release(b: Block): Unit = free.put(b)

  /** Stops the decoder (at once, if the replay ends early) and waits for it. */
  def close(): Unit = {
    decoder.interrupt()
    decoder.join()
  }
}

object JournalBlocks {

  /** Blocks in flight: enough that neither thread waits for the other at a block's boundary. */
  inline val Depth = 4

  /** Up to `CommandLogReader.BlockRecords` commands, and the symbol table when it has grown (else null). */
  final class Block {
    val columns = new CommandColumns(CommandLogReader.BlockRecords)
    var size = 0
    var symbols: Vector[Symbol] = null
  }

  /** Starts decoding the journal at `path` on a thread of its own. */
  def start(path: Path): JournalBlocks = {
    val j = new JournalBlocks(path)
    var i = 0
    while (i < Depth) { j.free.put(new Block); i += 1 }
    j.decoder.setDaemon(true)
    j.decoder.start()
    j
  }
}
