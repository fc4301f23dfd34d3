package mvt.trader
package queue

/** What the queue between producer and strategy does when the strategy falls behind; chosen at start-up. */
enum QueuePolicy(val label: String, val description: String) {
  case Unbounded extends QueuePolicy("unbounded", "accept everything (the old pipeline; grows without bound)")
  case Block extends QueuePolicy("block", "bounded; the producer waits for room (back pressure)")
  case DropNewest extends QueuePolicy("drop-newest", "bounded; a full queue rejects the arriving event")
  case Conflate
      extends QueuePolicy("conflate", "one pending update per symbol; the newest replaces the older")

  /** A new empty queue of this policy; `capacity` is ignored by `unbounded`. */
  def newQueue(capacity: Int): BboQueue = this match {
    case Unbounded => new UnboundedBboQueue
    case Block => new BoundedBboQueue(capacity, blockWhenFull = true)
    case DropNewest => new BoundedBboQueue(capacity, blockWhenFull = false)
    case Conflate => new ConflatingBboQueue(capacity)
  }
}

object QueuePolicy {
  def parse(name: String): Option[QueuePolicy] = values.find(_.label == name)

  /** The accepted names, for help texts and errors. */
  def names: String = values.map(_.label).mkString("|")
}
