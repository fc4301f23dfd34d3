package mvt.cluster

import mvt.crdt.{ClientId, ReplicaId}

/**
 * A node of the `bounded` mode asks its peers for `amount` spending rights on `account`, for the replica
 * `requester`. A peer that holds rights gives part of them by a transfer in the replicated state, which
 * reaches the requester by gossip; there is no reply message. Crosses the network. Immutable.
 */
final case class RightsRequest(account: ClientId, amount: Long, requester: ReplicaId)
    extends LedgerActor.Command
