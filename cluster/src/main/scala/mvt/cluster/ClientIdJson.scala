package mvt.cluster

import io.circe.{Decoder, Encoder}
import mvt.crdt.ClientId

/**
 * The JSON form of an account ([[mvt.crdt.ClientId]], the key of its replicated balance) in the cluster's events
 * and histories: the bare string, checked by `ClientId.parse` when read. Import its givens where a codec is derived.
 */
object ClientIdJson {
  given Encoder[ClientId] = Encoder.encodeString.contramap(_.value)
  given Decoder[ClientId] = Decoder.decodeString.emap(ClientId.parse)
}
