package mvt.cluster

/**
 * Why a spend was refused: the client's own balance does not cover it ([[Refusal.Insufficient]]), or the cluster
 * could not grant it now ([[Refusal.Unavailable]]), which says nothing of the client. Only the first weighs on the
 * client's trust ([[TrustJudge]]). The instances below are the only ones, so a refusal allocates nothing.
 */
sealed trait Refusal

object Refusal {

  /** The balance does not cover the spend: the replica's (or, in `majority`, a majority's) view of the account. */
  case object Insufficient extends Refusal

  /** The cluster could not grant the spend now; the client did nothing wrong. */
  sealed trait Unavailable extends Refusal

  /** This replica holds no credit of the account yet: the provision has not reached it. */
  case object NotReplicated extends Unavailable

  /** `bounded`: the balance covers the spend, but this replica does not hold the rights yet (asked of its peers). */
  case object NoRights extends Unavailable

  /** `majority`: no majority took the debit, or answered the read that checks it, within the write timeout. */
  case object NoMajority extends Unavailable
}
