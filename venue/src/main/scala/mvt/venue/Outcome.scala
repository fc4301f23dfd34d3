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

object Reply {

  /** A reply nobody waits for (the recorded day's commands). */
  val Ignore: Reply = _ => ()
}
