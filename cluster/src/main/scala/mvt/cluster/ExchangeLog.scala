package mvt.cluster

import mvt.core.files.LineLog
import mvt.crdt.ClientId

import java.nio.file.Path

/**
 * The exchange node's durable side file `DAY.cluster-orders`, beside the venue's journal, which carries neither a
 * trader's message identity nor its subscription: every order message taken, by (node incarnation, sequence),
 * and for each add its engine id, subscription, order and debit, and where its reports go. A batch's lines are
 * written and forced, one `force` for the batch, before any of its commands is submitted, so after a crash every
 * journaled trader order has its line and a resent message is recognised. Lines:
 * `A,engineId,node,seq,account,strategy,orderId,symbol,B|S,qty,costCents,replyTo` (an add submitted to the venue),
 * `R,node,seq,account,strategy,orderId,B|S|U,costCents` (an add, or with `U` a buy's modify, that the exchange
 * refused itself: its debit goes back at once), `V,engineId` (an add the venue refused, never journaled: its debit
 * goes back), `U,engineId,node,seq,costCents` (a buy's modify submitted with its debit, which the order's reservation
 * now holds), `G,engineId,cents` (part of an open order's reservation given back, forced before the credit is made)
 * and `M,node,seq` (any other message). Every credit the exchange makes follows a line of this file or the journal,
 * so a restarted exchange recomputes them all. Exchange thread only.
 */
final class ExchangeLog private (file: LineLog) extends AutoCloseable {

  /** An add about to be submitted under `engineId`. */
  def add(engineId: Long, o: OrderMessage, c: OrderCommand.Add, replyTo: String): Unit =
    file.append(
      s"A,$engineId,${o.node.value},${o.seq},${o.account.value},${o.strategy.value},${c.orderId},${c.symbol}," +
        s"${if (c.buy) "B" else "S"},${c.qty},${c.costCents},$replyTo\n"
    )

  /** An add the exchange refused itself (late, not the owner's, not tradable): its debit is credited back. */
  def refused(o: OrderMessage, c: OrderCommand.Add): Unit =
    file.append(
      s"R,${o.node.value},${o.seq},${o.account.value},${o.strategy.value},${c
          .orderId},${if (c.buy) "B" else "S"}," +
        s"${c.costCents}\n"
    )

  /**
   * A buy's modify the exchange refused itself (no open order of its node to modify, or not a valid one): the debit
   * it carries is credited back. The side field `U` tells it from a refused add.
   */
  def refusedModify(o: OrderMessage, c: OrderCommand.Modify): Unit =
    file.append(
      s"R,${o.node.value},${o.seq},${o.account.value},${o.strategy.value},${c.orderId},U,${c.costCents}\n"
    )

  /** The venue refused the add submitted under `engineId` (it never reached the journal); commit before crediting. */
  def venueRefused(engineId: Long): Unit = file.append(s"V,$engineId\n")

  /** A buy's modify about to be submitted for the order `engineId`, its debit joining the order's reservation. */
  def topUp(engineId: Long, o: OrderMessage, costCents: Long): Unit =
    file.append(s"U,$engineId,${o.node.value},${o.seq},$costCents\n")

  /** `cents` of the open order `engineId`'s reservation given back; forced by the next [[commit]]. */
  def release(engineId: Long, cents: Long): Unit = file.append(s"G,$engineId,$cents\n")

  /** Any other message taken (its identity only). */
  def taken(o: OrderMessage): Unit = file.append(s"M,${o.node.value},${o.seq}\n")

  /** Writes and forces what was appended since the last commit; nothing when nothing was. */
  def commit(): Unit = file.commit()

  def close(): Unit = file.close()
}

object ExchangeLog {

  /** One add the log holds. */
  final case class Added(
      engineId: Long,
      node: NodeId,
      seq: Long,
      account: ClientId,
      strategy: StrategyId,
      orderId: Long,
      symbol: String,
      buy: Boolean,
      qty: Long,
      costCents: Long,
      replyTo: String
  )

  /**
   * One add the exchange refused itself, as the log holds it, or (`modify`) a buy's modify it refused, whose debit
   * went back the same way.
   */
  final case class Refused(
      node: NodeId,
      seq: Long,
      account: ClientId,
      strategy: StrategyId,
      orderId: Long,
      buy: Boolean,
      costCents: Long,
      modify: Boolean = false
  )

  /** One buy's modify the log holds, with the debit it added to the order `engineId`'s reservation. */
  final case class ToppedUp(engineId: Long, node: NodeId, seq: Long, costCents: Long)

  /**
   * What the log held: its adds in order, every other message's (node, seq), the adds refused by the exchange and
   * by the venue (engine ids), the buys' modifies with their debits, what was given back of open orders'
   * reservations (engine id, cents), and the torn tail it cut.
   */
  final case class Recovered(
      adds: Vector[Added],
      others: Vector[(NodeId, Long)],
      tornBytes: Long,
      refused: Vector[Refused] = Vector.empty,
      venueRefused: Set[Long] = Set.empty,
      topUps: Vector[ToppedUp] = Vector.empty,
      releases: Vector[(Long, Long)] = Vector.empty
  )

  // one line as read
  private enum Line {
    case Other(node: NodeId, seq: Long)
    case Add(a: Added)
    case Refusal(r: Refused)
    case VenueRefusal(engineId: Long)
    case TopUp(t: ToppedUp)
    case Release(engineId: Long, cents: Long)
  }

  /** The side file of the venue day `day` in `dir`. */
  def pathFor(dir: Path, day: String): Path = dir.resolve(s"$day.cluster-orders")

  /**
   * Opens the log at `path` for appending, reading what it holds first; a last line without its newline (cut
   * short by a crash, never forced, so never submitted) is cut. A damaged line is refused with its number.
   */
  def open(path: Path): Either[String, (ExchangeLog, Recovered)] = {
    val contents = LineLog.read(path)
    val lines = contents.lines
    val adds = Vector.newBuilder[Added]
    val others = Vector.newBuilder[(NodeId, Long)]
    val refused = Vector.newBuilder[Refused]
    val venueRefused = Set.newBuilder[Long]
    val topUps = Vector.newBuilder[ToppedUp]
    val releases = Vector.newBuilder[(Long, Long)]
    var error: Option[String] = None
    var i = 0
    while (error.isEmpty && i < lines.size) {
      parse(lines(i)) match {
        case Right(Line.Other(n, s)) => others += ((n, s))
        case Right(Line.Add(a)) => adds += a
        case Right(Line.Refusal(r)) => refused += r
        case Right(Line.VenueRefusal(id)) => venueRefused += id
        case Right(Line.TopUp(t)) => topUps += t
        case Right(Line.Release(id, cents)) => releases += ((id, cents))
        case Left(e) => error = Some(s"$path: line ${i + 1}: $e")
      }
      i += 1
    }
    error.toLeft {
      val log = new ExchangeLog(LineLog.append(path, contents, force = true))
      (
        log,
        Recovered(
          adds.result(),
          others.result(),
          contents.tornBytes,
          refused.result(),
          venueRefused.result(),
          topUps.result(),
          releases.result()
        )
      )
    }
  }

  private def parse(line: String): Either[String, Line] =
    if (line.startsWith("M,")) {
      val f = line.split(",", -1)
      f.lift(2).flatMap(_.toLongOption).filter(_ => f.length == 3).toRight(
        s"expected M,node,seq, found \"${line.take(60)}\""
      ).flatMap(s => NodeId.parse(f(1)).map(n => Line.Other(n, s)).left.map(e => s"field 2 (node): $e"))
    } else if (line.startsWith("U,")) {
      val f = line.split(",", -1)
      val nums = for {
        _ <- Option.when(f.length == 5)(())
        id <- f(1).toLongOption
        seq <- f(3).toLongOption
        cost <- f(4).toLongOption.filter(_ >= 0L)
      } yield (id, seq, cost)
      nums.toRight(s"expected U,engineId,node,seq,cost, found \"${line.take(60)}\"").flatMap {
        (id, seq, cost) =>
          NodeId.parse(f(2)).left.map(e => s"field 3 (node): $e").map(n =>
            Line.TopUp(ToppedUp(id, n, seq, cost))
          )
      }
    } else if (line.startsWith("G,")) {
      val f = line.split(",", -1)
      val nums = for {
        _ <- Option.when(f.length == 3)(())
        id <- f(1).toLongOption
        cents <- f(2).toLongOption.filter(_ >= 0L)
      } yield Line.Release(id, cents)
      nums.toRight(s"expected G,engineId,cents, found \"${line.take(60)}\"")
    } else if (line.startsWith("V,")) {
      val f = line.split(",", -1)
      f.lift(1).flatMap(_.toLongOption).filter(_ => f.length == 2).map(Line.VenueRefusal(_)).toRight(
        s"expected V,engineId, found \"${line.take(60)}\""
      )
    } else if (line.startsWith("R,")) {
      val f = line.split(",", -1)
      val r = for {
        _ <- Option.when(f.length == 8 && (f(6) == "B" || f(6) == "S" || f(6) == "U"))(())
        seq <- f(2).toLongOption
        orderId <- f(5).toLongOption
        cost <- f(7).toLongOption
      } yield (seq, orderId, cost)
      r.toRight(
        s"expected R,node,seq,account,strategy,orderId,B|S|U,cost, found \"${line.take(60)}\""
      ).flatMap { (seq, orderId, cost) =>
        for {
          node <- NodeId.parse(f(1)).left.map(e => s"field 2 (node): $e")
          account <- ClientId.parse(f(3)).left.map(e => s"field 4 (account): $e")
          strategy <- StrategyId.parse(f(4)).left.map(e => s"field 5 (strategy): $e")
        } yield Line.Refusal(Refused(node, seq, account, strategy, orderId, f(6) != "S", cost, f(6) == "U"))
      }
    } else if (line.startsWith("A,")) {
      val f = line.split(",", 12)
      val a = for {
        _ <- Option.when(f.length == 12 && (f(8) == "B" || f(8) == "S"))(())
        id <- f(1).toLongOption
        seq <- f(3).toLongOption
        orderId <- f(6).toLongOption
        qty <- f(9).toLongOption
        cost <- f(10).toLongOption
      } yield (id, seq, orderId, qty, cost)
      a.toRight(
        s"expected A,engineId,node,seq,account,strategy,orderId,symbol,B|S,qty,cost,replyTo, found \"${line.take(60)}\""
      ).flatMap { (id, seq, orderId, qty, cost) =>
        for {
          node <- NodeId.parse(f(2)).left.map(e => s"field 3 (node): $e")
          account <- ClientId.parse(f(4)).left.map(e => s"field 5 (account): $e")
          strategy <- StrategyId.parse(f(5)).left.map(e => s"field 6 (strategy): $e")
        } yield Line.Add(Added(
          id,
          node,
          seq,
          account,
          strategy,
          orderId,
          f(7),
          f(8) == "B",
          qty,
          cost,
          f(11)
        ))
      }
    } else Left(s"expected a line starting A, R, V, U, G or M, found \"${line.take(40)}\"")
}
