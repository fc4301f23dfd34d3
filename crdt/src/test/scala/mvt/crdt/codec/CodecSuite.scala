package mvt.crdt.codec

import mvt.crdt.*
import munit.ScalaCheckSuite
import org.scalacheck.Arbitrary.arbitrary
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

import scala.util.Random

import Generators.{*, given}

/** Every codec round-trips, refuses every truncation, corrupt tags and versions, and writes canonical bytes. */
class CodecSuite extends ScalaCheckSuite {

  private val dot: Gen[Dot] = Gen.zip(replica, Gen.choose(1L, 1L << 40)).map(Dot.apply.tupled)

  private def opReplica[S, Op](empty: S, issue: Gen[S => (S, Op)]): Gen[S] =
    Gen.listOf(issue).map(_.foldLeft(empty)((s, f) => f(s)._1))

  codecLaws("G-Counter state", CrdtCodecs.gCounter, arbitrary[GCounter])
  codecLaws("G-Counter delta", CrdtCodecs.gCounterDelta, arbitrary[Delta[GCounter]])
  codecLaws("G-Counter op", CrdtCodecs.gCounterOp, Gen.zip(dot, amount).map(GCounterOp.apply.tupled))
  codecLaws(
    "op-based G-Counter",
    CrdtCodecs.opGCounter,
    opReplica(OpGCounter.empty, Gen.zip(replica, amount).map((r, n) => _.increment(r, n)))
  )
  codecLaws("PN-Counter state", CrdtCodecs.pnCounter, arbitrary[PNCounter])
  codecLaws("PN-Counter delta", CrdtCodecs.pnCounterDelta, arbitrary[Delta[PNCounter]])
  codecLaws(
    "PN-Counter op",
    CrdtCodecs.pnCounterOp,
    Gen.oneOf(
      Gen.zip(dot, amount).map(PNCounterOp.Increment.apply.tupled),
      Gen.zip(dot, amount).map(PNCounterOp.Decrement.apply.tupled)
    )
  )
  codecLaws(
    "op-based PN-Counter",
    CrdtCodecs.opPNCounter,
    opReplica(
      OpPNCounter.empty,
      Gen.zip(replica, amount, Gen.prob(0.5)).map((r, n, up) =>
        s => if (up) s.increment(r, n) else s.decrement(r, n)
      )
    )
  )

  private val intElement: ElementCodec[Int] =
    ElementCodec.of((a, out) => out.writeZigZagLong(a.toLong), _.readZigZagLong("an int").toInt)

  codecLaws("G-Set state", CrdtCodecs.gSet(intElement), arbitrary[GSet[Int]])
  codecLaws("G-Set delta", CrdtCodecs.gSetDelta(intElement), arbitrary[Delta[GSet[Int]]])
  codecLaws(
    "G-Set op of strings",
    CrdtCodecs.gSetOp(ElementCodec.string),
    Gen.zip(dot, Gen.oneOf("", "ä", "order-\u20ac", "\ud83d\ude00")).map((d, e) => GSetOp(d, e))
  )
  codecLaws(
    "op-based G-Set of longs",
    CrdtCodecs.opGSet(ElementCodec.long),
    opReplica(
      OpGSet.empty[Long],
      Gen.zip(replica, Gen.choose(Long.MinValue, Long.MaxValue)).map((r, e) => _.add(r, e))
    )
  )
  codecLaws("2P-Set state", CrdtCodecs.twoPhaseSet(intElement), arbitrary[TwoPhaseSet[Int]])
  codecLaws("2P-Set delta", CrdtCodecs.twoPhaseSetDelta(intElement), arbitrary[Delta[TwoPhaseSet[Int]]])
  codecLaws(
    "PN-Counter map state",
    CrdtCodecs.pnCounterMap(ElementCodec.string),
    arbitrary[PNCounterMap[String]]
  )
  codecLaws(
    "PN-Counter map delta",
    CrdtCodecs.pnCounterMapDelta(ElementCodec.string),
    arbitrary[Delta[PNCounterMap[String]]]
  )
  codecLaws("client balances state", CrdtCodecs.clientBalances, arbitrary[ClientBalances])
  codecLaws("client balances delta", CrdtCodecs.clientBalancesDelta, arbitrary[Delta[ClientBalances]])
  codecLaws("blacklist state", CrdtCodecs.blacklist, arbitrary[Blacklist])
  codecLaws("blacklist delta", CrdtCodecs.blacklistDelta, arbitrary[Delta[Blacklist]])
  codecLaws("bounded counter state", CrdtCodecs.boundedCounter, arbitrary[BoundedCounter])
  codecLaws("bounded counter delta", CrdtCodecs.boundedCounterDelta, arbitrary[Delta[BoundedCounter]])

  private def codecLaws[A](name: String, codec: BinaryCodec[A], gen: Gen[A]): Unit = {
    property(s"$name: decode(encode(x)) == x") {
      forAll(gen)(a => codec.decode(codec.encode(a)) == Right(a))
    }
    property(s"$name: every truncation is refused with the offset where input ran out") {
      forAll(gen) { a =>
        val bytes = codec.encode(a)
        (0 until bytes.length).forall { n =>
          codec.decode(java.util.Arrays.copyOf(bytes, n)) match {
            case Left(e) => e.offset <= n && e.message.startsWith(s"at byte ${e.offset}: expected ")
            case Right(_) => false
          }
        }
      }
    }
    property(s"$name: any other tag byte is refused at byte 0") {
      forAll(gen, Gen.choose(0, 255)) { (a, t) =>
        val bytes = codec.encode(a)
        t == (bytes(0) & 0xff) || {
          bytes(0) = t.toByte
          codec.decode(bytes).left.toOption.exists(e => e.offset == 0 && e.expected.startsWith("tag 0x"))
        }
      }
    }
    property(s"$name: another format version and trailing bytes are refused") {
      forAll(gen) { a =>
        val bytes = codec.encode(a)
        val trailing = bytes :+ 0.toByte
        bytes(1) = 2.toByte
        codec.decode(bytes) == Left(DecodeError(1, "format version 1", "version 2")) &&
        codec.decode(trailing) == Left(DecodeError(trailing.length - 1, "end of input", "1 more bytes"))
      }
    }
  }

  property("equal states built in different orders encode to the same bytes") {
    forAll(Gen.listOf(Gen.zip(replica, client, amount)), Gen.listOf(Gen.choose(-50, 50)), Gen.long) {
      (credits, elements, seed) =>
        val rnd = new Random(seed)
        // Each replica credits on its own; the replicas' states then meet in two different orders.
        val perReplica = credits
          .groupBy(_._1)
          .values
          .map(_.foldLeft(ClientBalances.empty)((s, c) => s.credit(c._1, c._2, c._3).state))
          .toList
        val a = perReplica.foldLeft(ClientBalances.empty)(_.merge(_))
        val b = rnd.shuffle(perReplica).foldLeft(ClientBalances.empty)(_.merge(_))
        val s1 = elements.foldLeft(GSet.empty[Int])(_.add(_).state)
        val s2 = rnd.shuffle(elements).foldLeft(GSet.empty[Int])(_.add(_).state)
        val sets = CrdtCodecs.gSet(intElement)
        a == b && CrdtCodecs.clientBalances.encode(a).sameElements(CrdtCodecs.clientBalances.encode(b)) &&
        sets.encode(s1).sameElements(sets.encode(s2))
    }
  }

  test("a delta does not decode as a state, nor a state as a delta") {
    val up = GCounter.empty.increment(replicas.head, 3L)
    val err = CrdtCodecs.gCounter.decode(CrdtCodecs.gCounterDelta.encode(up.delta))
    assertEquals(err, Left(DecodeError(0, "tag 0x04 (G-Counter state)", "tag 0x05 (G-Counter delta)")))
    assert(CrdtCodecs.gCounterDelta.decode(CrdtCodecs.gCounter.encode(up.state)).isLeft)
  }

  test("the G-Counter format is the documented one") {
    val s = GCounter.empty.increment(ReplicaId("b"), 300L).state.merge(GCounter.empty.increment(
      ReplicaId("a"),
      1L
    ).state)
    // tag, version, 2 entries, "a" -> 1, "b" -> 300 (LEB128 0xac 0x02)
    val expected = Array(0x04, 0x01, 0x02, 0x01, 'a', 0x01, 0x01, 'b', 0xac, 0x02).map(_.toByte)
    assert(CrdtCodecs.gCounter.encode(s).sameElements(expected))
  }

  private def gCounterBytes(body: Int*): Array[Byte] = (Seq(0x04, 0x01) ++ body).map(_.toByte).toArray

  test("non-canonical encodings are refused with the offset and what was expected") {
    val cases = List(
      gCounterBytes(0x02, 0x01, 'b', 0x01, 0x01, 'a', 0x01) -> DecodeError(
        6,
        "G-Counter entries in strictly ascending byte order",
        "an entry out of order or repeated"
      ),
      gCounterBytes(0x02, 0x01, 'a', 0x01, 0x01, 'a', 0x02) -> DecodeError(
        6,
        "G-Counter entries in strictly ascending byte order",
        "an entry out of order or repeated"
      ),
      gCounterBytes(0x01, 0x01, 'a', 0x00) -> DecodeError(
        5,
        "a count above 0 (zero entries are not stored)",
        "0"
      ),
      gCounterBytes(0x01, 0x01, 'a', 0x81, 0x00) -> DecodeError(
        5,
        "a count as a minimal varint",
        "a redundant trailing zero byte"
      ),
      gCounterBytes(0x01, 0x00, 0x01) -> DecodeError(
        3,
        "a replica id of at least one character",
        "an empty string"
      ),
      gCounterBytes(0x01, 0x01, 0xff, 0x01) -> DecodeError(3, "a replica id in UTF-8", "malformed UTF-8"),
      gCounterBytes(0x05, 0x01) -> DecodeError(
        2,
        "at most 1 G-Counter entries (the bytes left)",
        "a count of 5"
      ),
      gCounterBytes(0x01, 0x01, 'a', 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0x01) -> DecodeError(
        5,
        "a count",
        "a varint above Long.MaxValue"
      ),
      Array(0x7f, 0x01).map(_.toByte) -> DecodeError(0, "tag 0x04 (G-Counter state)", "tag 0x7f (unknown)"),
      Array.emptyByteArray -> DecodeError(0, "tag 0x04 (G-Counter state)", "end of input")
    )
    cases.foreach { case (bytes, expected) =>
      assertEquals(CrdtCodecs.gCounter.decode(bytes), Left(expected))
    }
  }

  test("a PN-Counter op with an unknown sign byte is refused") {
    val bytes = CrdtCodecs.pnCounterOp.encode(PNCounterOp.Decrement(Dot(ReplicaId("a"), 1L), 5L))
    bytes(bytes.length - 2) = 7.toByte
    assertEquals(
      CrdtCodecs.pnCounterOp.decode(bytes),
      Left(DecodeError(bytes.length - 2, "0 (increment) or 1 (decrement)", "byte 7"))
    )
  }

  property("varints round-trip every non-negative Long and zigzag every Long") {
    forAll(Gen.choose(0L, Long.MaxValue), Gen.choose(Long.MinValue, Long.MaxValue)) { (u, z) =>
      val out = new WireWriter()
      out.writeVarLong(u)
      out.writeZigZagLong(z)
      val in = new WireReader(out.toByteArray)
      in.readVarLong("u") == u && in.readZigZagLong("z") == z && in.remaining == 0
    }
  }
}
