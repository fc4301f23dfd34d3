package mvt.cluster

import mvt.crdt.codec.{WireReader, WireWriter}
import org.apache.pekko.actor.ExtendedActorSystem
import org.apache.pekko.serialization.SerializerWithStringManifest

import java.io.NotSerializableException

/**
 * Serializes what the cluster sends of its own: replicated `crdt` states and deltas through the `crdt` codecs
 * (the manifest names the lattice), and rights requests. Pekko's own messages keep Pekko's serializers, and
 * Java serialization stays off. Stateless and thread-safe, as Pekko requires.
 */
final class CrdtSerializer(system: ExtendedActorSystem) extends SerializerWithStringManifest {

  def identifier: Int = CrdtSerializer.Identifier

  def manifest(o: AnyRef): String = o match {
    case r: Replicated[?] => r.lattice.manifest
    case _: RightsRequest => CrdtSerializer.RightsManifest
    case other =>
      throw new IllegalArgumentException(s"${getClass.getName} cannot serialize ${other.getClass.getName}")
  }

  def toBinary(o: AnyRef): Array[Byte] = o match {
    case r: Replicated[?] => encode(r)
    case RightsRequest(account, amount, requester) =>
      val out = new WireWriter(32)
      out.writeString(account)
      out.writeVarLong(amount)
      out.writeString(requester)
      out.toByteArray
    case other =>
      throw new IllegalArgumentException(s"${getClass.getName} cannot serialize ${other.getClass.getName}")
  }

  def fromBinary(bytes: Array[Byte], manifest: String): AnyRef =
    if (manifest == CrdtSerializer.RightsManifest) {
      val in = new WireReader(bytes)
      try
        RightsRequest(in.readString("an account"), in.readVarLong("an amount"), in.readString("a replica id"))
      catch {
        case e: RuntimeException => throw new NotSerializableException(s"rights request: ${e.getMessage}")
      }
    } else
      Lattice.byManifest.get(manifest) match {
        case Some(l) => decode(l, bytes)
        case None =>
          throw new NotSerializableException(s"unknown manifest [$manifest] for ${getClass.getName}")
      }

  private def encode[S](r: Replicated[S]): Array[Byte] = r.lattice.codec.encode(r.state)

  private def decode[S](lattice: Lattice[S], bytes: Array[Byte]): Replicated[S] =
    lattice.codec.decode(bytes) match {
      case Right(s) => Replicated.of(lattice, s)
      case Left(e) => throw new NotSerializableException(s"${lattice.manifest}: ${e.message}")
    }
}

object CrdtSerializer {

  /** Pekko reserves 0 to 40; any other fixed number that no other serializer of the system uses. */
  val Identifier: Int = 7_151_001

  private val RightsManifest = "rr"
}
