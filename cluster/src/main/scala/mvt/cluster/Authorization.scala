package mvt.cluster

import scala.concurrent.Future

/** The answer to one spend: approved or refused now, or (in the `majority` mode) once a majority has the debit. */
sealed trait Authorization

object Authorization {

  /** Debited on the local replica; the order may go out. */
  case object Approved extends Authorization

  /** Not debited, and why; take an instance from the companion, which allocates nothing. */
  final case class Refused private (cause: Refusal) extends Authorization

  object Refused {
    val Insufficient: Refused = new Refused(Refusal.Insufficient)
    val NotReplicated: Refused = new Refused(Refusal.NotReplicated)
    val NoRights: Refused = new Refused(Refusal.NoRights)
    val NoMajority: Refused = new Refused(Refusal.NoMajority)

    /** The shared instance for `cause`. */
    def of(cause: Refusal): Refused = cause match {
      case Refusal.Insufficient => Insufficient
      case Refusal.NotReplicated => NotReplicated
      case Refusal.NoRights => NoRights
      case Refusal.NoMajority => NoMajority
    }
  }

  /**
   * Debited locally and being written to a majority; completes with [[Approved]] once a majority holds the debit and
   * a majority read shows it covered, or with [[Refused]] once it was credited back.
   */
  final case class Pending(outcome: Future[Authorization]) extends Authorization
}
