package mvt.cluster

import scala.concurrent.Future

/** The answer to one spend: approved or refused now, or (in the `majority` mode) once a majority has the debit. */
sealed trait Authorization

object Authorization {

  /** Debited on the local replica; the order may go out. */
  case object Approved extends Authorization

  /** Not debited: the local replica does not allow it (or the client is barred). */
  case object Refused extends Authorization

  /** Debited locally and being written to a majority; completes with `true` when it is, `false` if it is undone. */
  final case class Pending(outcome: Future[Boolean]) extends Authorization
}
