package mvt.fix

import mvt.core.Command

import java.util.concurrent.LinkedBlockingQueue

/**
 * The thread that writes the order log, forces it when the venue is durable, and submits the commands. The gateway
 * thread hands it each batch's side-file records and commands; it writes every batch waiting, forces them with one
 * `force` (the venue's group discipline; nothing without durability), and only then submits their commands, in
 * order. So the gateway thread goes on reading messages and sending reports while the disk and the venue's queue
 * work, and still no command reaches the venue before its record is written (and on disk, under durability).
 * `offer` and `stop` from the gateway thread; `run` is this thread's body.
 */
private[fix] final class LogForcer(
    log: OrderLog,
    release: LogForcer.Batch => Unit,
    lost: (LogForcer.Batch, java.io.IOException) => Unit
) extends Runnable {
  private val queue = new LinkedBlockingQueue[LogForcer.Batch]()

  /** Queues a batch; it is submitted after every batch offered before it. */
  def offer(b: LogForcer.Batch): Unit = queue.put(b)

  /** Ends the thread once the batches offered so far are forced and submitted. */
  def stop(): Unit = queue.put(LogForcer.Stop)

  def run(): Unit = {
    val batches = new java.util.ArrayList[LogForcer.Batch]()
    var running = true
    while (running) {
      batches.add(queue.take())
      val _ = queue.drainTo(batches)
      var failure: java.io.IOException = null
      try {
        var i = 0
        while (i < batches.size) { log.write(batches.get(i).records); i += 1 }
        log.force()
      } catch { case e: java.io.IOException => failure = e }
      var i = 0
      while (i < batches.size) {
        val b = batches.get(i)
        if (b eq LogForcer.Stop) running = false
        else if (failure == null) release(b)
        else lost(b, failure)
        i += 1
      }
      batches.clear()
    }
  }
}

private[fix] object LogForcer {

  /** One pass of the gateway thread: its side-file records and the commands (with their work) they cover. */
  final class Batch(val records: Array[Byte], val commands: Array[Command], val works: Array[Work])

  private val Stop = new Batch(Array.emptyByteArray, Array.empty, Array.empty)
}
