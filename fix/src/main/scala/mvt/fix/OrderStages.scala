package mvt.fix

/**
 * Where a benchmark hears each NewOrderSingle pass the gateway's stages, by its ClOrdID, at `System.nanoTime`:
 * how `mvt bench fix` shows where a round trip's time goes. A gateway without one (the default) makes no call and
 * reads no clock for it. Called on QuickFIX/J's session threads, the gateway thread, the order-log thread and the
 * venue's commit thread: an implementation must be thread-safe, must not block and should not allocate.
 */
trait OrderStages {
  def passed(stage: Int, clOrdId: String, nanos: Long): Unit
}

object OrderStages {

  /** A session thread of QuickFIX/J parsed the order and handed it to the gateway thread's queue. */
  inline val Received = 0

  /** The gateway thread took it from its queue. */
  inline val Taken = 1

  /** Its command was offered to the venue (after its order-log record was written, and forced under durability). */
  inline val Submitted = 2

  /** The venue's commit thread returned the command's outcome (durable, under durability). */
  inline val Durable = 3

  /** The gateway thread took the outcome from its queue. */
  inline val Handled = 4

  /** Its first ExecutionReport was handed to QuickFIX/J (stored, and queued to the socket). */
  inline val Reported = 5

  inline val Count = 6

  /** The stages' names, by number. */
  val names: Vector[String] = Vector("received", "taken", "submitted", "durable", "handled", "reported")
}
