package mvt.cluster

/**
 * When a node bars a client for the rest of the trading day, computed on each node from what it saw itself:
 * `maxRejects` or more spends refused for insufficient balance (the client's own: a refusal the cluster caused does
 * not count), or a realized loss above `maxLossShare` of the provisioned balance. Either is a client trading past its means; barring is for the day only (the blacklist is
 * keyed by the date), so a false positive costs one day. Immutable.
 */
final case class TrustScore(maxRejects: Long, maxLossShare: Double) {
  require(maxRejects > 0 && maxLossShare > 0.0, "a trust score needs positive thresholds")

  /** Whether a client with these figures is barred for the rest of the day. */
  def bars(rejects: Long, realizedLossCents: Long, provisionedCents: Long): Boolean =
    rejects >= maxRejects || realizedLossCents.toDouble > maxLossShare * provisionedCents.toDouble
}

object TrustScore {

  /** The cluster's rule: 50 balance refusals, or a realized loss above half the provisioned balance. */
  val default: TrustScore = TrustScore(50L, 0.5)
}
