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
 * `A,engineId,node,seq,account,strategy,orderId,symbol,B|S,qty,costCents,replyTo` (an add submitted to the venue)
 * and `M,node,seq` (any other message, or an add the exchange refused itself). Exchange thread only.
 */
final class ExchangeLog private (file: LineLog) extends AutoCloseable {

  /** An add about to be submitted under `engineId`. */
  def add(engineId: Long, o: OrderMessage, c: OrderCommand.Add, replyTo: String): Unit =
    file.append(
      s"A,$engineId,${o.node.value},${o.seq},${o.account.value},${o.strategy.value},${c.orderId},${c.symbol}," +
        s"${if (c.buy) "B" else "S"},${c.qty},${c.costCents},$replyTo\n"
    )

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

  /** What the log held: its adds in order, every other message's (node, seq), and the torn tail it cut. */
  final case class Recovered(adds: Vector[Added], others: Vector[(NodeId, Long)], tornBytes: Long)

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
    var error: Option[String] = None
    var i = 0
    while (error.isEmpty && i < lines.size) {
      parse(lines(i)) match {
        case Right(Left(m)) => others += m
        case Right(Right(a)) => adds += a
        case Left(e) => error = Some(s"$path: line ${i + 1}: $e")
      }
      i += 1
    }
    error.toLeft {
      val log = new ExchangeLog(LineLog.append(path, contents, force = true))
      (log, Recovered(adds.result(), others.result(), contents.tornBytes))
    }
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
    } else Left(s"expected a line starting A, or M, found \"${line.take(40)}\"")
}
