package mvt.crdt

/**
 * The identity of one operation: the replica that issued it and that replica's sequence number,
 * counting from 1 without gaps. Receivers use it to apply each operation once. Immutable.
 */
final case class Dot(replica: ReplicaId, seq: Long) {
  if (seq < 1L) throw new IllegalArgumentException(s"a sequence number starts at 1, got $seq")
}
