package mvt.cluster

import mvt.crdt.{BoundedCounter, ClientId, GSet, PNCounter, ReplicaId}
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
        RightsRequest("alice", 42L, a.value),
        MarketUpdates(Vector(
          MarketUpdates.Top("ABC", 100L, 5L, 0L, 0L),
          MarketUpdates.Top("XY", 1L, 2L, 3L, 4L)
        )),
        OrderMessage(
          "mvt@127.0.0.1:2552#9",
          7L,
          "acct-1",
          "spread",
          OrderCommand.Add("ABC", (1L << 62) + 3L, buy = true, 10100000000L, 10L, 10100L),
          trader
        ),
        OrderMessage("n#1", 8L, "acct-2", "spread", OrderCommand.Withdraw, trader),
        OrderMessage("n#1", 9L, "acct-2", "spread", OrderCommand.Cancel("XY", 5L), trader),
        OrderMessage("n#1", 10L, "acct-2", "spread", OrderCommand.Modify("XY", 5L, 10000000L, 3L), trader),
        OrderReport("acct-1", "spread", (1L << 62) + 3L, buy = true, 4L, 10099000000L, closed = false),
        OrderReport("acct-1", "spread", 1L << 62, buy = false, 0L, 0L, closed = true),
        OrderAck("10.0.0.1:25521#-4711", 42L),
        PositionRequest("mvt@127.0.0.1:2552#9", "acct-1", "spread", trader),
        PositionReport(
          "acct-1",
          "spread",
          Vector(
            PositionReport.Holding("ABC", -300L, 3_030_000_000_000L),
            PositionReport.Holding("XY", 0L, 0L)
          ),
          -12_345L,
          2,
          7L
        ),
        PositionReport("acct-2", "spread", Vector.empty, 0L, 0)
      )
      items.foreach(o => assertEquals(roundTrip(sys, o), o))
      // a state with pending deltas arrives as the state alone: only the sender ships its deltas
      val withPending = Replicated.empty(Lattice.pnCounter).joinLocal(pn)
      val back = roundTrip(sys, withPending).asInstanceOf[Replicated[PNCounter]]
      assertEquals(back.state, pn)
      assertEquals(back.delta, None)
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
}
