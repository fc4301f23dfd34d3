package mvt.venue

import mvt.core.{Event, Timestamp}

/**
 * What became of a command once it was durable: its sequence number in the day (1 for the first command of
 * the journal), the session clock it ran at and the engine's events for it, in order. Immutable.
 */
final case class Outcome(seq: Long, at: Timestamp, events: Vector[Event])

/** Receives a command's outcome; called on the venue's commit thread, after the command is durable. Keep it short. */
trait Reply {
  def done(outcome: Outcome): Unit

  /** The command was taken but the venue closed before sequencing it: nothing was journaled. */
  def refused(refusal: Refusal): Unit = ()
}

/**
 * A reply that wants only the acknowledgement, not the engine's events: its command's sequence number and the
 * session clock (epoch nanoseconds) it ran at. The venue builds no `Outcome` for it, so acknowledging it
 * allocates nothing. Called on the venue's commit thread, after the command is durable. Keep it short.
 */
trait AckReply extends Reply {
  def acked(seq: Long, atNanos: Long): Unit

  final def done(outcome: Outcome): Unit = acked(outcome.seq, outcome.at.epochNanos)
}

object Reply {

  /** A reply nobody waits for (the recorded day's commands). */
  val Ignore: Reply = _ => ()
}
