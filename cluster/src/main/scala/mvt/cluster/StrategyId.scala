package mvt.cluster

import io.circe.{Decoder, Encoder}

/**
 * Names the strategy of a subscription (with its account, the unit of work the trader nodes share) on the wire
 * and in the cluster's histories. An opaque `String`: no wrapper at runtime; its JSON form is the bare string.
 * Immutable.
 */
opaque type StrategyId = String

/** Strategy ids are one word of printable text without '/' or ',' (which join a subscription's label and lists). */
object StrategyId extends mvt.crdt.Ids.Words[StrategyId]("a strategy id", "/,") {

  /** @throws IllegalArgumentException if `text` is no strategy id ([[parse]]); for names the cluster makes itself */
  def apply(text: String): StrategyId = parse(text).fold(e => throw new IllegalArgumentException(e), identity)

  given Encoder[StrategyId] = Encoder.encodeString
  given Decoder[StrategyId] = Decoder.decodeString.emap(parse)
}
