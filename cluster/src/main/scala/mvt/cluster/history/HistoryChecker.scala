package mvt.cluster.history

import mvt.cluster.NodeId
import mvt.crdt.ClientId

/**
 * Checks a trading day's history the way Jepsen's counter checker checks a counter, applied to balances: per account,
 * that no reserved money was lost (every debit is paid out by its order's fills and refunds, to the cent, and every
 * observed final balance equals provisions plus credits less filled cost), that no order was applied or reserved twice,
 * and how far money committed ever ran ahead of money provided (an overspend, which the `bounded` and `majority` modes
 * promise never happens). Money is committed when the add or the buy's modify that reserved it leaves its trader (a
 * `majority` reservation waits for its majority first); a reservation its own trader gave back before the order went (a
 * `majority` write that did not hold) was never committed. Also checks that each node incarnation's history is complete
 * (its sequence numbers run 1, 2, 3, ... with no gap). A settlement or provision that a later incarnation restates (an
 * exchange restarted on its journal settles again, with the same amounts, what closed before its crash, since its
 * earlier run may have been killed before it wrote them) counts once. Pure.
 */
object HistoryChecker {

  /** The verdict on a whole history: per account, and the gaps found in nodes' histories. */
  final case class Verdict(accounts: Vector[AccountVerdict], gaps: Vector[String]) {

    /** True when nothing is lost, duplicated or missing, and no account overspent unless that is allowed. */
    def ok(overspendAllowed: Boolean): Boolean =
      gaps.isEmpty && accounts.forall(a => a.conserved && (overspendAllowed || a.maxOverspendCents == 0))

    /** Money lost over every account (cents). */
    def lostCents: Long = accounts.map(_.lostCents).sum

    /** Orders applied twice over every account. */
    def appliedTwice: Int = accounts.map(_.appliedTwice.size).sum

    /** The largest overspend of any account (cents). */
    def maxOverspendCents: Long = accounts.map(_.maxOverspendCents).maxOption.getOrElse(0L)
  }

  /** Checks `history`, the operations of every node in any order. */
  def check(history: Seq[Operation]): Verdict = {
    val ordered = history.sortBy(o => (o.atNanos, o.node, o.incarnation, o.seq))
    Verdict(
      ordered.groupBy(_.account).toVector.sortBy(_._1).map((a, ops) => account(a, ops)),
      gaps(history)
    )
  }

  private def gaps(history: Seq[Operation]): Vector[String] =
    history
      .groupBy(o => (o.node, o.incarnation))
      .toVector
      .sortBy(_._1)
      .flatMap { case ((node, inc), ops) =>
        val seqs = ops.map(_.seq).sorted
        val expected = 1L to seqs.size.toLong
        if (seqs == expected) None
        else {
          val missing = (1L to seqs.lastOption.getOrElse(0L)).filterNot(seqs.toSet).take(5)
          val repeated = seqs.diff(seqs.distinct).distinct.take(5)
          Some(
            s"node $node incarnation $inc: " +
              (if (missing.nonEmpty) s"operations missing (seq ${missing.mkString(", ")})" else "") +
              (if (missing.nonEmpty && repeated.nonEmpty) "; " else "") +
              (if (repeated.nonEmpty) s"sequence numbers repeated (${repeated.mkString(", ")})" else "")
          )
        }
      }

  // The kinds an exchange restarted on its day states again for what closed before its crash.
  private val restatable: Set[OpKind] = Set(OpKind.Provision, OpKind.Fill, OpKind.Refund, OpKind.Credit)

  // Each restatable (order, kind, cents) counts as often as the incarnation that stated it most often, the earliest
  // statements first: a restatement by another incarnation is dropped, a repeat within one incarnation is not.
  private def unrestated(ops: Seq[Operation]): Seq[Operation] = {
    val counted = scala.collection.mutable.HashMap.empty[(String, OpKind, Long), Int]
    val stated = scala.collection.mutable.HashMap.empty[(String, OpKind, Long, NodeId, Long), Int]
    ops.filter { o =>
      !restatable(o.kind) || {
        val key = (o.order, o.kind, o.cents)
        val n = stated.getOrElse((o.order, o.kind, o.cents, o.node, o.incarnation), 0) + 1
        stated((o.order, o.kind, o.cents, o.node, o.incarnation)) = n
        val counts = n > counted.getOrElse(key, 0)
        if (counts) counted(key) = n
        counts
      }
    }
  }

  // A refund the trader that reserved the money writes itself: a `majority` write (or its check read) that failed,
  // so the add or the modify never went. Its order's name starts with that trader incarnation's.
  private def undo(o: Operation): Boolean =
    o.kind == OpKind.Refund && o.order.startsWith(s"${o.node.value}#${o.incarnation}/")

  // ops of one account, in time order
  private def account(account: ClientId, timeOrdered: Seq[Operation]): AccountVerdict = {
    val ops = unrestated(timeOrdered)
    // a reservation its trader gave back before the order went was never committed: neither it nor its undo moves
    // the money committed (both still count for what is accounted for)
    val undone = scala.collection.mutable.HashMap.empty[(String, Long), Int]
    ops.foreach(o => if (undo(o)) undone((o.order, o.cents)) = undone.getOrElse((o.order, o.cents), 0) + 1)
    val uncommitted = scala.collection.mutable.HashMap.empty[(String, Long), Int]
    // whether `o`, a reservation, is one its trader undoes later; counted so each undo matches one reservation
    def undoneLater(o: Operation): Boolean = {
      val k = (o.order, o.cents)
      val n = undone.getOrElse(k, 0)
      if (n > 0) { undone(k) = n - 1; uncommitted(k) = uncommitted.getOrElse(k, 0) + 1 }
      n > 0
    }
    def undoOfUncommitted(o: Operation): Boolean = undo(o) && {
      val k = (o.order, o.cents)
      val n = uncommitted.getOrElse(k, 0)
      if (n > 0) uncommitted(k) = n - 1
      n > 0
    }
    val reserved = scala.collection.mutable.LinkedHashMap.empty[String, Long]
    val paidOut = scala.collection.mutable.HashMap.empty[String, Long]
    val debits = scala.collection.mutable.HashMap.empty[String, Int]
    val applies = scala.collection.mutable.HashMap.empty[String, Int]
    var provisioned, filled, credited = 0L
    // when each order's add, and each of its buy's top-up modifies, left its trader, in time order
    val sends = scala.collection.mutable.HashMap.empty[String, Vector[Long]]
    ops.foreach(o =>
      if (o.kind == OpKind.Send) sends(o.order) = sends.getOrElse(o.order, Vector.empty) :+ o.atNanos
    )
    // A reservation commits its money when its message leaves the trader: at once in `local` and `bounded`, once a
    // majority holds it and a majority read covers it in `majority` (until then the trader may still give it back).
    // Without a send (a trader killed first), from the reservation itself.
    def committedAt(o: Operation): Long =
      sends.get(o.order).flatMap(_.find(_ >= o.atNanos)).getOrElse(o.atNanos)
    // the money provided and committed as the day went: (instant, provided, committed) changes
    val moves = Vector.newBuilder[(Long, Long, Long)]
    for (o <- ops) o.kind match {
      case OpKind.Provision =>
        provisioned += o.cents; moves += ((o.atNanos, o.cents, 0L))
      case OpKind.Credit =>
        credited += o.cents; moves += ((o.atNanos, o.cents, 0L))
      case OpKind.Debit =>
        reserved(o.order) = reserved.getOrElse(o.order, 0L) + o.cents
        debits(o.order) = debits.getOrElse(o.order, 0) + 1
        if (!undoneLater(o)) moves += ((committedAt(o), 0L, o.cents))
      case OpKind.TopUp =>
        // a modify's reservation belongs to its order: the order's fills and refunds pay it out like its debit
        reserved(o.order) = reserved.getOrElse(o.order, 0L) + o.cents
        if (!undoneLater(o)) moves += ((committedAt(o), 0L, o.cents))
      case OpKind.Fill =>
        filled += o.cents
        paidOut(o.order) = paidOut.getOrElse(o.order, 0L) + o.cents
      case OpKind.Refund =>
        paidOut(o.order) = paidOut.getOrElse(o.order, 0L) + o.cents
        if (!undoOfUncommitted(o)) moves += ((o.atNanos, 0L, -o.cents))
      case OpKind.Apply =>
        applies(o.order) = applies.getOrElse(o.order, 0) + 1
      case OpKind.Authorize | OpKind.Refuse | OpKind.Send | OpKind.Ack | OpKind.Balance => ()
    }
    var provided, committed, maxOver = 0L
    // stable: moves at one instant keep the history's order
    moves.result().sortBy(_._1).foreach { (_, p, c) =>
      provided += p; committed += c
      if (c > 0L) maxOver = math.max(maxOver, committed - provided)
    }
    // an order's reservation less what its fills used and its refunds gave back; a sale reserves nothing
    val orders = (reserved.keys ++ paidOut.keys.toSeq.sorted.filterNot(reserved.contains)).toVector
    val unaccounted = orders.map(k => k -> (reserved.getOrElse(k, 0L) - paidOut.getOrElse(k, 0L)))
    val lost = unaccounted.filter(_._2 != 0)
    val expected = provisioned + credited - filled
    val mismatches = ops.collect {
      case o if o.kind == OpKind.Balance && o.cents != expected =>
        s"node ${o.node} (incarnation ${o.incarnation}) ends with ${o.cents} cents, the history implies $expected"
    }.toVector
    AccountVerdict(
      account,
      provisioned,
      filled,
      credited,
      lost.map(_._2).sum,
      lost.map(_._1),
      applies.collect { case (k, n) if n > 1 => k }.toVector.sorted,
      debits.collect { case (k, n) if n > 1 => k }.toVector.sorted,
      maxOver,
      mismatches
    )
  }
}
