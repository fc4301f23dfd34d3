package mvt.venue

import java.nio.{ByteBuffer, ByteOrder}

/**
 * One group of commands on its way to the disk: their journal records, the feed lines they made and the replies
 * waiting for them. The engine thread fills a batch; the commit thread writes, forces and releases it, then
 * gives it back. Reused, so steady running allocates no batches. One thread at a time, handed over through
 * `Sequencer`'s slot.
 */
final class Batch(val maxCommands: Int) {
  var journal: ByteBuffer = ByteBuffer.allocate(64 * maxCommands + 4096).order(ByteOrder.LITTLE_ENDIAN)
  val feeds = new FeedRecords // the lines the engine made, as numbers
  val trades = new ByteSink(1 << 16) // and as text, formatted by the commit thread
  val quotes = new ByteSink(1 << 16)
  val replies = new Array[Reply](maxCommands)
  val outcomes = new Array[Outcome](maxCommands) // null where the reply wants no events
  val seqs = new Array[Long](maxCommands) // each command's sequence number and session clock, for `AckReply`
  val clocks = new Array[Long](maxCommands)
  var count = 0

  /** When the engine handed the batch over (`System.nanoTime`; only with `StageTimes`). */
  var handedAt = 0L

  /** True for the batch that closes the session: its journal bytes end with the trailer. */
  var closing = false

  /** Room for `bytes` more journal bytes (symbol declarations can exceed the usual two records a command). */
  def room(bytes: Int): Unit =
    if (journal.remaining < bytes) {
      val bigger = ByteBuffer.allocate(journal.capacity * 2 + bytes).order(ByteOrder.LITTLE_ENDIAN)
      journal.flip()
      bigger.put(journal)
      journal = bigger
    }

  def isEmpty: Boolean = count == 0 && journal.position == 0 && !closing

  def reset(): Unit = {
    journal.clear()
    feeds.reset()
    trades.reset()
    quotes.reset()
    java.util.Arrays.fill(replies.asInstanceOf[Array[AnyRef]], 0, count, null)
    java.util.Arrays.fill(outcomes.asInstanceOf[Array[AnyRef]], 0, count, null)
    count = 0
    closing = false
  }
}

/** A growable byte array to write feed lines into. Not thread-safe. */
final class ByteSink(initial: Int) extends java.io.OutputStream {
  var bytes = new Array[Byte](initial)
  var size = 0

  override def write(b: Int): Unit = {
    if (size == bytes.length) bytes = java.util.Arrays.copyOf(bytes, size * 2)
    bytes(size) = b.toByte
    size += 1
  }

  override def write(b: Array[Byte], off: Int, len: Int): Unit = {
    if (size + len > bytes.length) bytes = java.util.Arrays.copyOf(bytes, math.max(size + len, size * 2))
    System.arraycopy(b, off, bytes, size, len)
    size += len
  }

  def reset(): Unit = size = 0
}

/** An output stream whose destination can change: the feed writers keep one across recovery and batches. */
final class SwitchableOut(var target: java.io.OutputStream) extends java.io.OutputStream {
  override def write(b: Int): Unit = target.write(b)
  override def write(b: Array[Byte], off: Int, len: Int): Unit = target.write(b, off, len)
}
