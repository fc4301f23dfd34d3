package mvt.cluster

/**
 * The exchange took the order message (`node`, `seq`) and its command is durable (journaled, or recorded as
 * refused): the sender stops resending it. Sent again for a duplicate. Crosses the network. Immutable.
 */
final case class OrderAck(node: NodeId, seq: Long) extends TraderNode.Command
