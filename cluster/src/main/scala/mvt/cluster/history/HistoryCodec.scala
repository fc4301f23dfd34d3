package mvt.cluster.history

import io.circe.{Codec, Decoder, Encoder}
import io.circe.generic.semiauto.deriveCodec
import mvt.cluster.ClientIdJson.given

/** The JSON form of a history: one `Operation` an object, its kind by its lower-case name. */
object HistoryCodec {

  given Encoder[OpKind] = Encoder.encodeString.contramap(_.toString.toLowerCase)

  given Decoder[OpKind] = Decoder.decodeString.emap { s =>
    OpKind.values.find(_.toString.equalsIgnoreCase(s)).toRight(
      s"unknown operation \"$s\" (one of ${OpKind.values.map(_.toString.toLowerCase).mkString(", ")})"
    )
  }

  given Codec[Operation] = deriveCodec
}
