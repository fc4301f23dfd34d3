package mvt.cluster

import mvt.core.TimeInForce
import mvt.crdt.{ClientId, ReplicaId}
import mvt.crdt.codec.{WireReader, WireWriter}
import org.apache.pekko.actor.ExtendedActorSystem
import org.apache.pekko.actor.typed.ActorRefResolver
import org.apache.pekko.actor.typed.scaladsl.adapter.*
import org.apache.pekko.serialization.SerializerWithStringManifest

import java.io.NotSerializableException

/**
 * Serializes what the cluster sends of its own: replicated `crdt` states and deltas through the `crdt` codecs
 * (the manifest names the lattice), rights requests, market updates, orders, order reports and their
 * acknowledgements, in the codecs' varint form (an order's reply-to actor as its serialized path, through Pekko's
 * resolver). Pekko's own messages keep Pekko's serializers, and Java serialization stays off. Stateless and thread-safe, as Pekko requires.
 */
final class CrdtSerializer(system: ExtendedActorSystem) extends SerializerWithStringManifest {

  def identifier: Int = CrdtSerializer.Identifier

  // created on first use: the typed view of the system is not ready while Pekko constructs its serializers
  private lazy val resolver = ActorRefResolver(system.toTyped)

  def manifest(o: AnyRef): String = o match {
    case r: Replicated[?] => r.lattice.manifest
    case _: RightsRequest => CrdtSerializer.RightsManifest
    case _: MarketUpdates => CrdtSerializer.MarketManifest
    case _: OrderMessage => CrdtSerializer.OrderManifest
    case _: OrderReport => CrdtSerializer.ReportManifest
    case _: ModifyReport => CrdtSerializer.ModifyReportManifest
    case _: OrderAck => CrdtSerializer.AckManifest
    case _: ReportAck => CrdtSerializer.ReportAckManifest
    case _: PositionRequest => CrdtSerializer.PositionRequestManifest
    case _: PositionReport => CrdtSerializer.PositionReportManifest
    case other =>
      throw new IllegalArgumentException(s"${getClass.getName} cannot serialize ${other.getClass.getName}")
  }

  def toBinary(o: AnyRef): Array[Byte] = o match {
    case r: Replicated[?] => encode(r)
    case RightsRequest(account, amount, requester) =>
      val out = new WireWriter(32)
      out.writeString(account.value)
      out.writeVarLong(amount)
      out.writeString(requester.value)
      out.toByteArray
    case MarketUpdates(updates) =>
      val out = new WireWriter(16 + updates.size * 24)
      out.writeVarLong(updates.size.toLong)
      updates.foreach { t =>
        out.writeString(t.symbol)
        out.writeVarLong(t.bidPrice)
        out.writeVarLong(t.bidQty)
        out.writeVarLong(t.askPrice)
        out.writeVarLong(t.askQty)
      }
      out.toByteArray
    case o: OrderMessage =>
      val out = new WireWriter(96)
      // a tag for the command, the envelope, then the command's own fields
      // a GTC add and a modify without a debit keep the bytes they had before times in force and top-ups
      out.writeVarLong(o.command match {
        case c: OrderCommand.Add =>
          if (c.tif == TimeInForce.Gtc) CrdtSerializer.AddTag else CrdtSerializer.AddTifTag
        case _: OrderCommand.Cancel => CrdtSerializer.CancelTag
        case OrderCommand.Withdraw => CrdtSerializer.WithdrawTag
        case c: OrderCommand.Modify =>
          if (c.costCents == 0L) CrdtSerializer.ModifyTag else CrdtSerializer.ModifyCostTag
      })
      out.writeString(o.node.value)
      out.writeVarLong(o.seq)
      out.writeString(o.account.value)
      out.writeString(o.strategy.value)
      o.command match {
        case c: OrderCommand.Add =>
          out.writeString(c.symbol)
          out.writeVarLong(c.orderId)
          out.writeByte(if (c.buy) 1 else 0)
          out.writeVarLong(c.priceRaw)
          out.writeVarLong(c.qty)
          out.writeVarLong(c.costCents)
          if (c.tif != TimeInForce.Gtc) out.writeByte(c.tif.code)
        case c: OrderCommand.Cancel =>
          out.writeString(c.symbol)
          out.writeVarLong(c.orderId)
        case c: OrderCommand.Modify =>
          out.writeString(c.symbol)
          out.writeVarLong(c.orderId)
          out.writeVarLong(c.priceRaw)
          out.writeVarLong(c.qty)
          if (c.costCents != 0L) out.writeVarLong(c.costCents)
        case OrderCommand.Withdraw => ()
      }
      out.writeString(resolver.toSerializationFormat(o.replyTo))
      out.toByteArray
    case r: OrderReport =>
      val out = new WireWriter(48)
      out.writeString(r.account.value)
      out.writeString(r.strategy.value)
      out.writeVarLong(r.orderId)
      out.writeByte(if (r.buy) 1 else 0)
      out.writeVarLong(r.fillQty)
      out.writeVarLong(r.fillPriceRaw)
      out.writeByte(if (r.closed) 1 else 0)
      out.writeVarLong(r.fills.toLong)
      out.writeVarLong(r.ref)
      out.toByteArray
    case r: ModifyReport =>
      val out = new WireWriter(64)
      out.writeString(r.account.value)
      out.writeString(r.strategy.value)
      out.writeVarLong(r.orderId)
      out.writeVarLong(r.priceRaw)
      out.writeVarLong(r.qty)
      out.writeByte(r.outcome.ordinal)
      out.writeVarLong(r.restingQty)
      out.writeVarLong(r.seq)
      out.writeVarLong(r.ref)
      out.toByteArray
    case a: OrderAck =>
      val out = new WireWriter(48)
      out.writeString(a.node.value)
      out.writeVarLong(a.seq)
      out.toByteArray
    case a: ReportAck =>
      val out = new WireWriter(10)
      out.writeVarLong(a.ref)
      out.toByteArray
    case r: PositionRequest =>
      val out = new WireWriter(64)
      out.writeString(r.node.value)
      out.writeString(r.account.value)
      out.writeString(r.strategy.value)
      out.writeString(resolver.toSerializationFormat(r.replyTo))
      out.toByteArray
    case r: PositionReport =>
      val out = new WireWriter(32 + r.holdings.size * 24)
      out.writeString(r.account.value)
      out.writeString(r.strategy.value)
      out.writeVarLong(r.holdings.size.toLong)
      r.holdings.foreach { h =>
        out.writeString(h.symbol)
        out.writeZigZagLong(h.position)
        out.writeVarLong(h.costRaw)
      }
      out.writeZigZagLong(r.realizedCents)
      out.writeVarLong(r.withdrawn.toLong)
      out.writeVarLong(r.epoch)
      out.toByteArray
    case other =>
      throw new IllegalArgumentException(s"${getClass.getName} cannot serialize ${other.getClass.getName}")
  }

  def fromBinary(bytes: Array[Byte], manifest: String): AnyRef =
    if (manifest == CrdtSerializer.RightsManifest)
      message(bytes, "rights request") { in =>
        RightsRequest(readAccount(in), in.readVarLong("an amount"), readReplica(in))
      }
    else if (manifest == CrdtSerializer.MarketManifest)
      message(bytes, "market updates") { in =>
        val n = in.readCount("top-of-book entries")
        MarketUpdates(Vector.fill(n) {
          MarketUpdates.Top(
            in.readString("a symbol"),
            in.readVarLong("a bid price"),
            in.readVarLong("a bid quantity"),
            in.readVarLong("an ask price"),
            in.readVarLong("an ask quantity")
          )
        })
      }
    else if (manifest == CrdtSerializer.OrderManifest)
      message(bytes, "order") { in =>
        val tag = in.readVarLong("a kind")
        if (tag < CrdtSerializer.AddTag || tag > CrdtSerializer.ModifyCostTag)
          throw new IllegalArgumentException(s"unknown order kind $tag")
        val node = readNode(in)
        val seq = in.readVarLong("a sequence number")
        val account = readAccount(in)
        val strategy = readStrategy(in)
        val command =
          if (tag == CrdtSerializer.AddTag || tag == CrdtSerializer.AddTifTag)
            OrderCommand.Add(
              in.readString("a symbol"),
              in.readVarLong("an order id"),
              in.readByte("a side") == 1,
              in.readVarLong("a price"),
              in.readVarLong("a quantity"),
              in.readVarLong("a cost"),
              if (tag == CrdtSerializer.AddTag) TimeInForce.Gtc else readTif(in)
            )
          else if (tag == CrdtSerializer.CancelTag)
            OrderCommand.Cancel(in.readString("a symbol"), in.readVarLong("an order id"))
          else if (tag == CrdtSerializer.ModifyTag || tag == CrdtSerializer.ModifyCostTag)
            OrderCommand.Modify(
              in.readString("a symbol"),
              in.readVarLong("an order id"),
              in.readVarLong("a price"),
              in.readVarLong("a quantity"),
              if (tag == CrdtSerializer.ModifyTag) 0L else in.readVarLong("a cost")
            )
          else OrderCommand.Withdraw
        OrderMessage(
          node,
          seq,
          account,
          strategy,
          command,
          resolver.resolveActorRef[TraderNode.Command](in.readString("a reply-to actor"))
        )
      }
    else if (manifest == CrdtSerializer.ReportManifest)
      message(bytes, "order report") { in =>
        OrderReport(
          readAccount(in),
          readStrategy(in),
          in.readVarLong("an order id"),
          in.readByte("a side") == 1,
          in.readVarLong("a quantity"),
          in.readVarLong("a price"),
          in.readByte("closed") == 1,
          fillNumber(in.readVarLong("a fill number")),
          in.readVarLong("a report ref")
        )
      }
    else if (manifest == CrdtSerializer.ModifyReportManifest)
      message(bytes, "modify report") { in =>
        val account = readAccount(in)
        val strategy = readStrategy(in)
        val id = in.readVarLong("an order id")
        val price = in.readVarLong("a price")
        val qty = in.readVarLong("a quantity")
        val code = in.readByte("an outcome")
        if (code >= ModifyReport.Outcome.values.length)
          throw new IllegalArgumentException(s"unknown modify outcome $code")
        ModifyReport(
          account,
          strategy,
          id,
          price,
          qty,
          ModifyReport.Outcome.fromOrdinal(code),
          in.readVarLong("a quantity"),
          in.readVarLong("a sequence number"),
          in.readVarLong("a report ref")
        )
      }
    else if (manifest == CrdtSerializer.AckManifest)
      message(bytes, "order acknowledgement") { in =>
        OrderAck(readNode(in), in.readVarLong("a sequence number"))
      }
    else if (manifest == CrdtSerializer.ReportAckManifest)
      message(bytes, "report acknowledgement")(in => ReportAck(in.readVarLong("a report ref")))
    else if (manifest == CrdtSerializer.PositionRequestManifest)
      message(bytes, "position request") { in =>
        PositionRequest(
          readNode(in),
          readAccount(in),
          readStrategy(in),
          resolver.resolveActorRef[TraderNode.Command](in.readString("a reply-to actor"))
        )
      }
    else if (manifest == CrdtSerializer.PositionReportManifest)
      message(bytes, "position report") { in =>
        val account = readAccount(in)
        val strategy = readStrategy(in)
        val n = in.readCount("holdings")
        val holdings = Vector.fill(n)(
          PositionReport.Holding(
            in.readString("a symbol"),
            in.readZigZagLong("a position"),
            in.readVarLong("a cost")
          )
        )
        PositionReport(
          account,
          strategy,
          holdings,
          in.readZigZagLong("a realized result"),
          in.readVarLong("withdrawn").toInt,
          in.readVarLong("an epoch")
        )
      }
    else
      Lattice.byManifest.get(manifest) match {
        case Some(l) => decode(l, bytes)
        case None =>
          throw new NotSerializableException(s"unknown manifest [$manifest] for ${getClass.getName}")
      }

  // an id read off the wire is checked as it would be anywhere else; a bad one fails the message
  private def id[A](in: WireReader, what: String, parse: String => Either[String, A]): A =
    parse(in.readString(what)).fold(e => throw new IllegalArgumentException(e), identity)
  private def readTif(in: WireReader): TimeInForce = {
    val code = in.readByte("a time in force")
    if (code < 0 || code >= TimeInForce.values.size)
      throw new IllegalArgumentException(s"unknown time in force $code")
    TimeInForce.fromCode(code)
  }
  private def fillNumber(n: Long): Int =
    if (n > Int.MaxValue) throw new IllegalArgumentException(s"fill number $n out of range") else n.toInt
  private def readNode(in: WireReader): NodeId = id(in, "a node", NodeId.parse)
  private def readAccount(in: WireReader): ClientId = id(in, "an account", ClientId.parse)
  private def readStrategy(in: WireReader): StrategyId = id(in, "a strategy", StrategyId.parse)
  private def readReplica(in: WireReader): ReplicaId = id(in, "a replica id", ReplicaId.parse)

  private def message[A](bytes: Array[Byte], what: String)(read: WireReader => A): A = {
    val in = new WireReader(bytes)
    try {
      val a = read(in)
      in.requireEnd()
      a
    } catch { case e: RuntimeException => throw new NotSerializableException(s"$what: ${e.getMessage}") }
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
  private val MarketManifest = "mu"
  private val OrderManifest = "om"
  private val ReportManifest = "or"
  private val AckManifest = "oa"
  private val ModifyReportManifest = "mr"
  private val ReportAckManifest = "ra"
  private val PositionRequestManifest = "pq"
  private val PositionReportManifest = "pr"

  // an order command's tag on the wire: the first three keep the numbers the kinds had before modify
  private val AddTag = 0L
  private val CancelTag = 1L
  private val WithdrawTag = 2L
  private val ModifyTag = 3L
  private val AddTifTag = 4L // an add with a time in force other than GTC: its code follows the cost
  private val ModifyCostTag = 5L // a buy's modify with its debit: the cost follows the quantity
}
