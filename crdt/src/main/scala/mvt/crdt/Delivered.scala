package mvt.crdt

import scala.collection.immutable.SortedSet

/**
 * The operations a replica has applied, per issuing replica: every sequence number up to a
 * contiguous frontier, plus the later ones that arrived early. Operation-based replicas consult it
 * to ignore duplicates, and a retransmitting sender needs to resend only what lies above the frontier.
 *
 * It is kept in canonical form (a sequence number next to the frontier is absorbed into it), so two
 * replicas that applied the same operations in any order hold equal records. This class is immutable.
 */
final case class Delivered private (origins: Map[ReplicaId, Delivered.Origin]) {

  /** Whether the operation `dot` has been applied. */
  def contains(dot: Dot): Boolean = {
    val o = origins.getOrElse(dot.replica, null)
    (o ne null) && (dot.seq <= o.contiguous || o.early.contains(dot.seq))
  }

  /** The highest `n` such that operations 1 to `n` of `replica` have all been applied. */
  def contiguous(replica: ReplicaId): Long = {
    val o = origins.getOrElse(replica, null)
    if (o eq null) 0L else o.contiguous
  }

  /** The dot for `replica`'s next operation: one past the highest it has applied of its own. */
  def next(replica: ReplicaId): Dot = {
    val o = origins.getOrElse(replica, null)
    if (o eq null) Dot(replica, 1L) else Dot(replica, o.early.lastOption.getOrElse(o.contiguous) + 1L)
  }

  /** Records `dot` as applied. */
  def add(dot: Dot): Delivered = {
    val o = origins.getOrElse(dot.replica, Delivered.Origin.none)
    Delivered(origins.updated(dot.replica, o.add(dot.seq)))
  }
}

object Delivered {

  /**
   * One issuer's applied sequence numbers: all of `1..contiguous`, and `early`, which are all
   * greater than `contiguous + 1`. Immutable.
   */
  final case class Origin private (contiguous: Long, early: SortedSet[Long]) {

    private[Delivered] def add(seq: Long): Origin =
      if (seq <= contiguous || early.contains(seq)) this
      else if (seq == contiguous + 1L) {
        var c = seq
        var rest = early
        while (rest.nonEmpty && rest.head == c + 1L) {
          c += 1L
          rest = rest.tail
        }
        Origin(c, rest)
      } else Origin(contiguous, early + seq)
  }

  object Origin {
    private[crdt] val none: Origin = Origin(0L, SortedSet.empty)

    /** Rebuilds an origin from decoded numbers; the caller guarantees the canonical form. */
    private[crdt] def of(contiguous: Long, early: SortedSet[Long]): Origin = Origin(contiguous, early)
  }

  /** Nothing applied yet. */
  val empty: Delivered = Delivered(Map.empty)

  /** Rebuilds a record from decoded origins. */
  private[crdt] def fromOrigins(origins: Map[ReplicaId, Origin]): Delivered = Delivered(origins)
}
