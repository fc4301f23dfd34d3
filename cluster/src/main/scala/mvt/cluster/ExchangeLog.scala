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
 * `U,engineId,node,seq,costCents` (a buy's modify submitted with its debit, which the order's reservation now
 * holds), `R,engineId,cents` (part of an open order's reservation given back, forced before the credit is made)
 * and `M,node,seq` (any other message, or one the exchange refused itself). Exchange thread only.
 */
final class ExchangeLog private (file: LineLog) extends AutoCloseable {

  /** An add about to be submitted under `engineId`. */
  def add(engineId: Long, o: OrderMessage, c: OrderCommand.Add, replyTo: String): Unit =
    file.append(
      s"A,$engineId,${o.node.value},${o.seq},${o.account.value},${o.strategy.value},${c.orderId},${c.symbol}," +
        s"${if (c.buy) "B" else "S"},${c.qty},${c.costCents},$replyTo\n"
    )

  /** A buy's modify about to be submitted for the order `engineId`, its debit joining the order's reservation. */
  def topUp(engineId: Long, o: OrderMessage, costCents: Long): Unit =
    file.append(s"U,$engineId,${o.node.value},${o.seq},$costCents\n")

  /** `cents` of the open order `engineId`'s reservation given back; forced by the next [[commit]]. */
  def release(engineId: Long, cents: Long): Unit = file.append(s"R,$engineId,$cents\n")

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

  /** One buy's modify the log holds, with the debit it added to the order `engineId`'s reservation. */
  final case class ToppedUp(engineId: Long, node: NodeId, seq: Long, costCents: Long)

  /**
   * What the log held: its adds in order, every other message's (node, seq), the buys' modifies with their
   * debits, what was given back of open orders' reservations (engine id, cents), and the torn tail it cut.
   */
  final case class Recovered(
      adds: Vector[Added],
      others: Vector[(NodeId, Long)],
      tornBytes: Long,
      topUps: Vector[ToppedUp] = Vector.empty,
      releases: Vector[(Long, Long)] = Vector.empty
  )

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
    val topUps = Vector.newBuilder[ToppedUp]
    val releases = Vector.newBuilder[(Long, Long)]
    var error: Option[String] = None
    var i = 0
    while (error.isEmpty && i < lines.size) {
      val line = lines(i)
      val parsed =
        if (line.startsWith("U,")) parseTopUp(line).map(topUps += _)
        else if (line.startsWith("R,")) parseRelease(line).map(releases += _)
        else
          parse(line).map {
            case Left(m) => others += m
            case Right(a) => adds += a
          }
      parsed.left.foreach(e => error = Some(s"$path: line ${i + 1}: $e"))
      i += 1
    }
    error.toLeft {
      val log = new ExchangeLog(LineLog.append(path, contents, force = true))
      (log, Recovered(adds.result(), others.result(), contents.tornBytes, topUps.result(), releases.result()))
    }
  }

  private def parseTopUp(line: String): Either[String, ToppedUp] = {
    val f = line.split(",", -1)
    val nums = for {
      _ <- Option.when(f.length == 5)(())
      id <- f(1).toLongOption
      seq <- f(3).toLongOption
      cost <- f(4).toLongOption.filter(_ >= 0L)
    } yield (id, seq, cost)
    nums.toRight(s"expected U,engineId,node,seq,cost, found \"${line.take(60)}\"").flatMap {
      (id, seq, cost) =>
        NodeId.parse(f(2)).left.map(e => s"field 3 (node): $e").map(ToppedUp(id, _, seq, cost))
    }
  }

  private def parseRelease(line: String): Either[String, (Long, Long)] = {
    val f = line.split(",", -1)
    val nums = for {
      _ <- Option.when(f.length == 3)(())
      id <- f(1).toLongOption
      cents <- f(2).toLongOption.filter(_ >= 0L)
    } yield (id, cents)
    nums.toRight(s"expected R,engineId,cents, found \"${line.take(60)}\"")
  }

  private def parse(line: String): Either[String, Either[(NodeId, Long), Added]] =
    if (line.startsWith("M,")) {
      val f = line.split(",", -1)
      f.lift(2).flatMap(_.toLongOption).filter(_ => f.length == 3).toRight(
        s"expected M,node,seq, found \"${line.take(60)}\""
      ).flatMap(s => NodeId.parse(f(1)).map(n => Left((n, s))).left.map(e => s"field 2 (node): $e"))
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
        } yield Right(Added(id, node, seq, account, strategy, orderId, f(7), f(8) == "B", qty, cost, f(11)))
      }
    } else Left(s"expected a line starting A, U, R or M, found \"${line.take(40)}\"")
}
