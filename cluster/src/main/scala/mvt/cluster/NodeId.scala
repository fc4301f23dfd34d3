package mvt.cluster

import io.circe.{Decoder, Encoder}

/**
 * Names a node of the trader cluster on the wire and in its histories: its address (`host:port`), or one
 * incarnation of it (the address and its uid, as an order's sender). An opaque `String`: no wrapper at runtime;
 * its JSON form is the bare string. Immutable.
 */
opaque type NodeId = String

/** Node ids are one word of printable text without ',' or '/' (which join the lines and the order names). */
object NodeId extends mvt.crdt.Ids.Words[NodeId]("a node id", ",/") {

  /** @throws IllegalArgumentException if `text` is no node id ([[parse]]); for names the cluster makes itself */
  def apply(text: String): NodeId = parse(text).fold(e => throw new IllegalArgumentException(e), identity)

  given Encoder[NodeId] = Encoder.encodeString
  given Decoder[NodeId] = Decoder.decodeString.emap(parse)
}
