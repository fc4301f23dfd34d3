package mvt.cluster.history

import mvt.cluster.NodeId
import mvt.crdt.ClientId

/**
 * One operation of a node's history, as a Jepsen-style checker reads it: who did it (`node` and its
 * `incarnation`, with `seq` numbering that incarnation's operations from 1 with no gaps), when (`atNanos`, a clock
 * shared by the processes of one host), on which account, and the money it moved in cents. `order` names the
 * order an operation belongs to (the sender's incarnation and sequence, as the order travels), empty for
 * operations on the account alone. Immutable.
 */
final case class Operation(
    node: NodeId,
    incarnation: Long,
    seq: Long,
    atNanos: Long,
    kind: OpKind,
    account: ClientId,
    order: String,
    cents: Long
)
