package mvt.bench.crdt

import mvt.crdt.*
import mvt.crdt.codec.{CrdtCodecs, ElementCodec}

/**
 * Prints, as a Markdown table, the bytes on the wire for one update in each replication form: the
 * full state, the delta, and the operation, at 3, 10 and 100 replicas. Run it with
 * `./sbt "bench/runMain mvt.bench.crdt.MessageSizes"`. Operations carry sequence number 1000, a replica
 * some way into its life rather than at its first operation.
 */
object MessageSizes {

  private val replicaCounts = List(3, 10, 100)

  /** One row: the data type, then (state, delta, operation) bytes at each replica count. */
  final case class Row(name: String, sizes: List[(Int, Int, Option[Int])])

  def rows: List[Row] = {
    val elements = ElementCodec.string
    List(
      row("G-Counter, increment") { ids =>
        val up = Fixtures.gCounter(ids, 0).increment(ids.head, 250L)
        val op = GCounterOp(Dot(ids.head, 1000L), 250L)
        (
          CrdtCodecs.gCounter.encode(up.state).length,
          CrdtCodecs.gCounterDelta.encode(up.delta).length,
          Some(CrdtCodecs.gCounterOp.encode(op).length)
        )
      },
      row("PN-Counter, decrement") { ids =>
        val up = Fixtures.pnCounter(ids, 0).decrement(ids.head, 250L)
        val op = PNCounterOp.Decrement(Dot(ids.head, 1000L), 250L)
        (
          CrdtCodecs.pnCounter.encode(up.state).length,
          CrdtCodecs.pnCounterDelta.encode(up.delta).length,
          Some(CrdtCodecs.pnCounterOp.encode(op).length)
        )
      },
      row("client balances (100 clients), debit") { ids =>
        val clients = Fixtures.clientIds(100)
        val up = Fixtures.balances(ids, clients, 0).debit(ids.head, clients.head, 250L)
        (
          CrdtCodecs.clientBalances.encode(up.state).length,
          CrdtCodecs.clientBalancesDelta.encode(up.delta).length,
          None
        )
      },
      row("G-Set (1,000 strings), add") { ids =>
        val set = (0 until 1000).foldLeft(GSet.empty[String])((s, i) => s.add(f"ORD-$i%06d").state)
        val up = set.add("ORD-999999")
        val op = GSetOp(Dot(ids.head, 1000L), "ORD-999999")
        (
          CrdtCodecs.gSet(elements).encode(up.state).length,
          CrdtCodecs.gSetDelta(elements).encode(up.delta).length,
          Some(CrdtCodecs.gSetOp(elements).encode(op).length)
        )
      }
    )
  }

  private def row(name: String)(sizes: Vector[ReplicaId] => (Int, Int, Option[Int])): Row =
    Row(name, replicaCounts.map(n => sizes(Fixtures.replicaIds(n))))

  def table: String = {
    val header =
      "| update | " + replicaCounts.map(n => s"$n replicas: state / delta / op").mkString(" | ") + " |"
    val rule = "| --- | " + replicaCounts.map(_ => "---").mkString(" | ") + " |"
    val lines = rows.map { r =>
      val cells = r.sizes.map { case (s, d, o) => s"$s / $d / ${o.fold("n/a")(_.toString)}" }
      s"| ${r.name} | ${cells.mkString(" | ")} |"
    }
    (header :: rule :: lines).mkString("\n")
  }

  def main(args: Array[String]): Unit = println(table)
}
