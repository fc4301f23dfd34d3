package mvt.cluster

import mvt.core.TimeInForce
import mvt.crdt.{BoundedCounter, ClientId, GSet, PNCounter, ReplicaId}
import mvt.crdt.codec.WireWriter
import org.apache.pekko.actor.typed.ActorSystem
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.actor.typed.scaladsl.adapter.*
import org.apache.pekko.serialization.{SerializationExtension, Serializers}

import scala.concurrent.Await
import scala.concurrent.duration.*

/** The cluster's own messages go through the crdt codecs, and nothing falls back to Java serialization. */
class SerializerSuite extends munit.FunSuite {

  private val system = FunFixture[ActorSystem[Nothing]](
    _ =>
      ActorSystem(Behaviors.empty[Nothing], "ser", NodeConfig("127.0.0.1", 0, Nil, testMode = false, None)),
    s => { s.terminate(); Await.ready(s.whenTerminated, 30.seconds) }
  )

  private val a = ReplicaId("a:1#1")
  private val b = ReplicaId("b:1#2")
  private val acct1 = ClientId("acct-1")
  private val acct2 = ClientId("acct-2")
  private val spread = StrategyId("spread")

  private def roundTrip(system: ActorSystem[?], o: AnyRef): AnyRef = {
    val ser = SerializationExtension(system.toClassic)
    val s = ser.findSerializerFor(o)
    assert(s.isInstanceOf[CrdtSerializer], s"${o.getClass} went to ${s.getClass}")
    val bytes = s.toBinary(o)
    ser.deserialize(bytes, s.identifier, Serializers.manifestFor(s, o)).get
  }

  system.test(
    "replicated states of every lattice, rights requests, market updates, orders, reports and positions round-trip"
  ) {
    sys =>
      val trader = sys.systemActorOf(Behaviors.empty[TraderNode.Command], "trader")
      val pn = PNCounter.empty.increment(a, 500L).state.decrement(b, 20L).state
      val bc = BoundedCounter.empty.increment(a, 100L).state.transfer(a, b, 30L).state.decrement(b, 5L).state
      val bl = GSet.empty[ClientId].add(ClientId("alice")).state
      val items: List[AnyRef] = List(
        Replicated.of(Lattice.pnCounter, pn),
        Replicated.of(Lattice.boundedCounter, bc),
        Replicated.of(Lattice.blacklistDay, bl),
        RightsRequest(ClientId("alice"), 42L, a),
        MarketUpdates(Vector(
          MarketUpdates.Top("ABC", 100L, 5L, 0L, 0L),
          MarketUpdates.Top("XY", 1L, 2L, 3L, 4L)
        )),
        OrderMessage(
          NodeId("mvt@127.0.0.1:2552#9"),
          7L,
          acct1,
          spread,
          OrderCommand.Add("ABC", (1L << 62) + 3L, buy = true, 10100000000L, 10L, 10100L),
          trader
        ),
        OrderMessage(NodeId("n#1"), 8L, acct2, spread, OrderCommand.Withdraw, trader),
        OrderMessage(NodeId("n#1"), 9L, acct2, spread, OrderCommand.Cancel("XY", 5L), trader),
        OrderMessage(NodeId("n#1"), 10L, acct2, spread, OrderCommand.Modify("XY", 5L, 10000000L, 3L), trader),
        OrderMessage(
          NodeId("n#1"),
          11L,
          acct2,
          spread,
          OrderCommand.Add("XY", 6L, buy = false, 10000000L, 3L, 0L, TimeInForce.Post),
          trader
        ),
        OrderMessage(
          NodeId("n#1"),
          12L,
          acct2,
          spread,
          OrderCommand.Modify("XY", 5L, 10000000L, 3L, 31L),
          trader
        ),
        ModifyReport(
          acct1,
          spread,
          1L << 62,
          10099000000L,
          4L,
          ModifyReport.Outcome.LostPriority,
          4L,
          17L,
          ReportOutbox.firstRef(1_800_000_000_000L)
        ),
        ModifyReport(acct1, spread, 1L << 62, 10099000000L, 4L, ModifyReport.Outcome.Refused, 0L, 18L, 1L),
        OrderReport(acct1, spread, (1L << 62) + 3L, buy = true, 4L, 10099000000L, closed = false, 2, 7L),
        OrderReport(acct1, spread, 1L << 62, buy = false, 0L, 0L, closed = true, 0, Long.MaxValue),
        OrderAck(NodeId("10.0.0.1:25521#-4711"), 42L),
        ReportAck(ReportOutbox.firstRef(1_800_000_000_000L) + 5L),
        PositionRequest(NodeId("mvt@127.0.0.1:2552#9"), acct1, spread, trader),
        PositionReport(
          acct1,
          spread,
          Vector(
            PositionReport.Holding("ABC", -300L, 3_030_000_000_000L),
            PositionReport.Holding("XY", 0L, 0L)
          ),
          -12_345L,
          2,
          7L
        ),
        PositionReport(acct2, spread, Vector.empty, 0L, 0)
      )
      items.foreach(o => assertEquals(roundTrip(sys, o), o))
      // a state with pending deltas arrives as the state alone: only the sender ships its deltas
      val withPending = Replicated.empty(Lattice.pnCounter).joinLocal(pn)
      val back = roundTrip(sys, withPending).asInstanceOf[Replicated[PNCounter]]
      assertEquals(back.state, pn)
      assertEquals(back.delta, None)
  }

  system.test("a GTC add and a modify without a debit keep the bytes they had before times in force") { sys =>
    val ser = SerializationExtension(sys.toClassic)
    val trader = sys.systemActorOf(Behaviors.empty[TraderNode.Command], "trader")
    def bytes(c: OrderCommand) =
      ser.serialize(OrderMessage(NodeId("n#1"), 1L, acct1, spread, c, trader)).get.toVector
    val add = OrderCommand.Add("XY", 6L, buy = true, 10000000L, 3L, 30L)
    // the old forms' first byte is their kind's old tag: 0 for an add, 3 for a modify
    assertEquals(bytes(add).head, 0.toByte)
    assertEquals(bytes(add.copy(tif = TimeInForce.Ioc)).head, 4.toByte)
    assertEquals(bytes(OrderCommand.Modify("XY", 6L, 1L, 1L)).head, 3.toByte)
    assertEquals(bytes(OrderCommand.Modify("XY", 6L, 1L, 1L, 1L)).head, 5.toByte)
  }

  system.test("Java serialization is off: a plain Serializable message has no serializer") { sys =>
    val ser = SerializationExtension(sys.toClassic)
    assert(ser.serialize(new java.util.ArrayList[String]()).isFailure)
  }

  system.test("corrupt bytes are refused with a NotSerializableException, not a wrong value") { sys =>
    val ser = SerializationExtension(sys.toClassic)
    val r = ser.deserialize(Array[Byte](1, 2, 3), CrdtSerializer.Identifier, "bc")
    assert(r.isFailure)
    assert(r.failed.get.isInstanceOf[java.io.NotSerializableException], r.toString)
  }

  system.test("ids travel as the bare text they always did, and a bad id on the wire fails its message") {
    sys =>
      val ser = SerializationExtension(sys.toClassic)
      val ack = OrderAck(NodeId("10.0.0.1:25521#-4711"), 42L)
      val s = ser.findSerializerFor(ack)
      val old = new WireWriter(48)
      old.writeString("10.0.0.1:25521#-4711")
      old.writeVarLong(42L)
      assertEquals(s.toBinary(ack).toVector, old.toByteArray.toVector)
      val bad = new WireWriter(48)
      bad.writeString("n/1")
      bad.writeVarLong(42L)
      val r = ser.deserialize(bad.toByteArray, s.identifier, Serializers.manifestFor(s, ack))
      assert(r.isFailure, r.toString)
      assert(r.failed.get.isInstanceOf[java.io.NotSerializableException], r.toString)
      assert(r.failed.get.getMessage.contains("a node id must not hold"), r.failed.get.getMessage)
  }
}
