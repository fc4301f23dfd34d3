package mvt.bench.crdt

import mvt.crdt.*

/** Replicated states as a cluster of `n` nodes would hold them, shared by the CRDT benchmarks. */
object Fixtures {

  /** Node names as a deployment would spell them: 8 bytes each. */
  def replicaIds(n: Int): Vector[ReplicaId] = Vector.tabulate(n)(i => ReplicaId(f"node-$i%03d"))

  def clientIds(n: Int): Vector[ClientId] = Vector.tabulate(n)(i => ClientId(f"client-$i%05d"))

  /** Every node has counted about a million (a 3-byte varint); `skew` shifts whose counts are ahead. */
  def gCounter(replicas: Vector[ReplicaId], skew: Int): GCounter =
    replicas.zipWithIndex.foldLeft(GCounter.empty) { case (c, (r, i)) =>
      c.increment(r, 1000000L + ((i + skew) % 2) * 1000L + i).state
    }

  def pnCounter(replicas: Vector[ReplicaId], skew: Int): PNCounter =
    replicas.zipWithIndex.foldLeft(PNCounter.empty) { case (c, (r, i)) =>
      val up = c.increment(r, 1000000L + ((i + skew) % 2) * 1000L + i).state
      up.decrement(r, 400000L + ((i + skew + 1) % 2) * 1000L).state
    }

  /** Every node has credited and debited every client once, in cents. */
  def balances(replicas: Vector[ReplicaId], clients: Vector[ClientId], skew: Int): ClientBalances =
    replicas.zipWithIndex.foldLeft(ClientBalances.empty) { case (b, (r, i)) =>
      clients.foldLeft(b) { (acc, c) =>
        val credited = acc.credit(r, c, 10000000L + ((i + skew) % 2) * 100L).state
        credited.debit(r, c, 2500000L).state
      }
    }
}
