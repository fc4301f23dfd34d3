package mvt.reporting

import org.scalacheck.{Gen, Prop}

import java.math.BigDecimal as JBig

/** `Lots` against a naive FIFO model, and its bytes: decoding what it encoded gives lots that act the same. */
class LotsSuite extends munit.ScalaCheckSuite {

  /** A fill: buy or sell, units, price in 1e-8 units; big ones make realized money overflow a Long. */
  private val fill: Gen[(Boolean, Long, Long)] = for {
    buy <- Gen.oneOf(true, false)
    units <- Gen.frequency(8 -> Gen.choose(1L, 500L), 1 -> Gen.choose(1L, 1000000000L))
    price <- Gen.frequency(
      8 -> Gen.choose(90000000L, 110000000L),
      1 -> Gen.choose(1L, 999999999999999999L)
    )
  } yield (buy, units, price)

  private val fills: Gen[List[(Boolean, Long, Long)]] = Gen.choose(0, 60).flatMap(Gen.listOfN(_, fill))

  private def lotsOf(fs: Seq[(Boolean, Long, Long)]): Lots = {
    val l = new Lots
    fs.foreach((b, u, p) => l.fill(b, u, p))
    l
  }

  // the naive model: a list of (signed units, price), realized money in 1e-8 units
  private def model(fs: Seq[(Boolean, Long, Long)]): (List[(BigInt, BigInt)], BigInt, BigInt) = {
    var lots = List.empty[(BigInt, BigInt)]
    var realized = BigInt(0)
    var units = BigInt(0)
    for ((buy, u, p) <- fs) {
      units += u
      var left = BigInt(u)
      while (left > 0 && lots.nonEmpty && (lots.head._1 < 0) == buy) {
        val (q, lp) = lots.head
        val c = left.min(q.abs)
        realized += (if (buy) c * (lp - p) else c * (p - lp))
        lots = if (c == q.abs) lots.tail else (if (buy) q + c else q - c, lp) :: lots.tail
        left -= c
      }
      if (left > 0) lots = lots :+ (if (buy) left else -left, BigInt(p))
    }
    (lots, realized, units)
  }

  private def same(a: JBig, b: JBig): Boolean = a.compareTo(b) == 0

  property("lots match the naive FIFO model: position, realized, fees and unrealized") {
    Prop.forAll(fills, Gen.choose(1L, 999999999999999999L)) { (fs, markUnits) =>
      val l = lotsOf(fs)
      val (open, realized, units) = model(fs)
      val mark = JBig.valueOf(markUnits, 8)
      val unrealized =
        open.map((q, p) => BigDecimal(q) * (BigDecimal(mark) - BigDecimal(p.bigInteger, 8))).sum
      val fee = new JBig("0.0035")
      assertEquals(BigInt(l.position), open.map(_._1).sum)
      assert(same(l.realized, new JBig(realized.bigInteger, 8)), s"${l.realized} vs $realized")
      assert(same(l.fees(fee), fee.multiply(new JBig(units.bigInteger))))
      assert(same(l.unrealized(mark), unrealized.bigDecimal), s"${l.unrealized(mark)} vs $unrealized")
      // the state the store keeps gives the same PnL at any mark
      val st = l.state(fee)
      assert(same(st.pnl(mark), l.pnl(mark, fee)), s"${st.pnl(mark)} vs ${l.pnl(mark, fee)}")
      assertEquals(BigInt(st.position), open.map(_._1).sum)
    }
  }

  property(
    "the state asked between fills is always that of the fills so far, and exactly the model's realized"
  ) {
    Prop.forAll(fills) { fs =>
      val fee = new JBig("0.0035")
      val l = new Lots
      fs.indices.foreach { i =>
        val (b, u, p) = fs(i)
        l.fill(b, u, p)
        val st = l.state(fee)
        val (open, realized, _) = model(fs.take(i + 1))
        assertEquals(l.state(fee), st, "asked twice without a fill: the same")
        assertEquals(BigInt(st.position), open.map(_._1).sum, s"after fill $i")
        // the same value and scale as the general form would give
        assertEquals(st.realized, new JBig(realized.bigInteger).movePointLeft(8), s"after fill $i")
        assertEquals(st, lotsOf(fs.take(i + 1)).state(fee), s"after fill $i")
      }
    }
  }

  property("decode(encode) gives lots with the same figures and bookkeeping, that go on alike") {
    Prop.forAll(
      fills,
      fills,
      Gen.oneOf(true, false)
    ) {
      (before, after, filled) =>
        val l = lotsOf(before)
        l.filledSinceClose = filled
        val d = Lots.decode(l.encode)
        assertEquals(d.encode.toVector, l.encode.toVector)
        assertEquals(d.filledSinceClose, l.filledSinceClose)
        after.foreach((b, u, p) => { l.fill(b, u, p); d.fill(b, u, p) })
        val mark = JBig.valueOf(123456789L, 8)
        assertEquals(d.position, l.position)
        assert(same(d.realized, l.realized))
        assert(same(d.unrealized(mark), l.unrealized(mark)))
        assert(same(d.fees(JBig.ONE), l.fees(JBig.ONE)))
        assertEquals(d.encode.toVector, l.encode.toVector)
    }
  }

  test("realized money past a Long is carried exactly") {
    val l = new Lots
    // 10^9 units bought at 1e-8 and sold at just under 10^10: 10^9 × ~10^18 units overflows a Long
    l.fill(true, 1000000000L, 1L)
    l.fill(false, 1000000000L, 999999999999999999L)
    l.fill(true, 1000000000L, 1L)
    l.fill(false, 1000000000L, 999999999999999999L)
    assertEquals(l.realized.toPlainString, "19999999999999999960.00000000")
    assertEquals(Lots.decode(l.encode).realized, l.realized)
    assertEquals(l.position, 0L)
    assertEquals(l.state(JBig.ZERO).cost.signum, 0)
  }
}
