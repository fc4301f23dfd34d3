package mvt.cluster

import cats.kernel.BoundedSemilattice
import mvt.crdt.codec.{BinaryCodec, CrdtCodecs, ElementCodec}
import mvt.crdt.{BoundedCounter, ClientId, GSet, PNCounter}

/**
 * One of the `crdt` state types as the cluster replicates it: its join, its codec and the manifest that names
 * it on the wire. Immutable; the three instances below are the only ones.
 */
final class Lattice[S] private (val manifest: String, val codec: BinaryCodec[S])(using
    val join: BoundedSemilattice[S]
) {
  override def toString: String = s"Lattice($manifest)"
}

object Lattice {

  /** A balance in the `local` and `majority` modes: credits and debits of every node. */
  val pnCounter: Lattice[PNCounter] = new Lattice("pn", CrdtCodecs.pnCounter)

  /** A balance in the `bounded` mode: every node's spending rights. */
  val boundedCounter: Lattice[BoundedCounter] = new Lattice("bc", CrdtCodecs.boundedCounter)

  /** One trading day's blacklist: the clients barred on that day, a grow-only set under a per-day key. */
  val blacklistDay: Lattice[GSet[ClientId]] = new Lattice("bl", CrdtCodecs.gSet(ElementCodec.clientId))

  /** Every lattice by its manifest, for the serializer. */
  val byManifest: Map[String, Lattice[?]] =
    List(pnCounter, boundedCounter, blacklistDay).map(l => l.manifest -> l).toMap
}
