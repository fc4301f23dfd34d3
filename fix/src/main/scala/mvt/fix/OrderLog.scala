package mvt.fix

import mvt.core.{Price, Side, Symbol}

import mvt.core.files.LineLog

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}
import scala.jdk.CollectionConverters.*

/**
 * The gateway's durable side file `DAY.fix-orders`: which session and ClOrdID each FIX order id belongs to, and
 * every ClOrdID a session used, since the venue's journal (the command-log format) carries neither. A record is
 * appended and forced to disk before its command is submitted, one `force` for every record of a batch (the
 * venue's group discipline), so after a crash every journaled FIX order has its line. Lines:
 * `N,id,compid,symbol,side,price,qty,clordid`, `C,compid,clordid` and, for a replace sent to the venue as a modify,
 * `R,id,price,remaining,orderqty,clordid` (the modify's price and remaining quantity, the new OrderQty and
 * ClOrdID); the ClOrdID last, so it may hold commas.
 * Gateway thread only.
 */
final class OrderLog private (file: LineLog) extends AutoCloseable {
  private val line = new java.lang.StringBuilder(128)

  /** True when `commit` and `force` reach the disk (the venue is durable); false when they only write. */
  def forced: Boolean = file.forced

  def newOrder(o: FixOrder): Unit = {
    line.setLength(0)
    line.append("N,").append(o.id).append(',').append(o.compId).append(',').append(o.symbol.name).append(',')
    line.append(o.side.render).append(',')
    mvt.core.DecimalText.appendPrice(line, o.price.raw)
    line.append(',').append(o.qty).append(',').append(o.clOrdId).append('\n')
    file.append(line.toString)
  }

  def clOrdIdUsed(compId: String, clOrdId: String): Unit = file.append(s"C,$compId,$clOrdId\n")

  def replace(r: OrderLog.Replace): Unit =
    file.append(s"R,${r.id},${r.price.render},${r.remaining},${r.qty},${r.clOrdId}\n")

  /**
   * Writes and forces what was appended since the last commit (written only, not forced, when the venue runs
   * without durability); nothing when nothing was.
   */
  def commit(): Unit = file.commit()

  /**
   * What was appended since the last `take` or `commit`, for `write` on another thread (the appending thread goes
   * on appending meanwhile); empty when nothing was.
   */
  def take(): Array[Byte] = file.take()

  /** Writes records `take` returned, in the order taken; forced only by `force`. One thread at a time. */
  def write(records: Array[Byte]): Unit = file.write(records)

  /** Forces what `write` wrote to the disk when the log is `forced`; nothing otherwise. */
  def force(): Unit = file.force()

  def close(): Unit = file.close()
}

object OrderLog {

  /** What the log held: the orders in id order, their replaces in log order, every ClOrdID each CompID used. */
  final case class Recovered(
      orders: Vector[FixOrder],
      replaces: Vector[Replace],
      used: Map[String, Set[String]],
      tornBytes: Long
  )

  /**
   * A replace of order `id` sent as `modify,...,price,remaining`: on the venue's `modified` the order takes
   * `clOrdId`, `price` and OrderQty `qty`.
   */
  final case class Replace(id: Long, price: Price, remaining: Long, qty: Long, clOrdId: String)

  /**
   * Opens the log at `path` for appending, reading what it holds first; a last line without its newline (a
   * write a crash cut short, never forced, so never submitted) is cut.
   */
  def open(path: Path, force: Boolean = true): Either[String, (OrderLog, Recovered)] = {
    val contents = LineLog.read(path)
    val orders = Vector.newBuilder[FixOrder]
    val replaces = Vector.newBuilder[Replace]
    val owner = scala.collection.mutable.HashMap.empty[Long, String]
    val used = scala.collection.mutable.HashMap.empty[String, Set[String]]
    val lines = contents.lines
    var error: Option[String] = None
    var i = 0
    while (error.isEmpty && i < lines.size) {
      parse(lines(i)) match {
        case Right(Left((c, id))) => used(c) = used.getOrElse(c, Set.empty) + id
        case Right(Right(Left(o))) =>
          orders += o; owner(o.id) = o.compId
          used(o.compId) = used.getOrElse(o.compId, Set.empty) + o.clOrdId
        case Right(Right(Right(r))) =>
          owner.get(r.id) match {
            case Some(c) => replaces += r; used(c) = used.getOrElse(c, Set.empty) + r.clOrdId
            case None =>
              error = Some(s"$path: line ${i + 1}: a replace of order ${r.id}, which no N line names")
          }
        case Left(e) => error = Some(s"$path: line ${i + 1}: $e")
      }
      i += 1
    }
    error.toLeft {
      val recovered =
        Recovered(orders.result().sortBy(_.id), replaces.result(), used.toMap, contents.tornBytes)
      (new OrderLog(LineLog.append(path, contents, force)), recovered)
    }
  }

  private def parse(line: String): Either[String, Either[(String, String), Either[FixOrder, Replace]]] =
    if (line.startsWith("C,")) {
      val f = line.split(",", 3)
      if (f.length == 3) Right(Left((f(1), f(2)))) else Left("expected C,compid,clordid")
    } else if (line.startsWith("N,")) {
      val f = line.split(",", 8)
      val o = for {
        _ <- Option.when(f.length == 8)(())
        id <- f(1).toLongOption
        sym <- Symbol.parse(f(3))
        side <- Side.parse(f(4))
        px <- Price.parse(f(5))
        q <- f(6).toLongOption
      } yield new FixOrder(id, f(2), f(7), sym, side, px, q)
      o.map(o => Right(Left(o))).toRight("expected N,id,compid,symbol,side,price,qty,clordid")
    } else if (line.startsWith("R,")) {
      val f = line.split(",", 6)
      val r = for {
        _ <- Option.when(f.length == 6)(())
        id <- f(1).toLongOption
        px <- Price.parse(f(2))
        left <- f(3).toLongOption
        q <- f(4).toLongOption
      } yield Replace(id, px, left, q, f(5))
      r.map(r => Right(Right(r))).toRight("expected R,id,price,remaining,orderqty,clordid")
    } else Left(s"expected a line starting N, C or R, found \"${line.take(40)}\"")

  /** The log's file for a venue day. */
  def pathFor(dir: Path, day: String): Path = dir.resolve(s"$day.fix-orders")

  private[fix] def lines(path: Path): Vector[String] = Files.readAllLines(path, UTF_8).asScala.toVector
}
