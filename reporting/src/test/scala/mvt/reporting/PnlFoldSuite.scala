package mvt.reporting

import org.scalacheck.{Gen, Prop}

import java.math.BigDecimal as JBig
import scala.util.Random

/** The fold against an exact model written here, from scratch, on generated feeds. */
class PnlFoldSuite extends munit.ScalaCheckSuite {
  import PnlFold.*

  private val H = NanosPerHour
  private val T0 = 20000L * 24 * H // a Monday-ish start, on a whole hour

  /** The model: PnL of (account, symbol) at instant t, recomputed from every line at or before t. */
  private def modelPnl(
      lines: Vector[FeedLine],
      fee: BigDecimal,
      account: Int,
      symbol: String,
      t: Long
  ): BigDecimal = {
    val upTo = lines.filter(_.time <= t)
    var lots = List.empty[(BigDecimal, BigDecimal)] // (signed qty, price), oldest first
    var realized = BigDecimal(0)
    var fees = BigDecimal(0)
    def fill(buy: Boolean, qty: BigDecimal, price: BigDecimal): Unit = {
      fees += fee * qty
      var left = qty
      while (left > 0 && lots.nonEmpty && (lots.head._1 < 0) == buy) {
        val (q, p) = lots.head
        val c = left.min(q.abs)
        realized += (if (buy) c * (p - price) else c * (price - p))
        lots = if (c == q.abs) lots.tail else ((if (buy) q + c else q - c), p) :: lots.tail
        left -= c
      }
      if (left > 0) lots = lots :+ ((if (buy) left else -left), price)
    }
    upTo.foreach {
      case FeedLine.Trade(_, s, p, q, b, se) if s == symbol =>
        val price = BigDecimal(p, 8)
        if (b == account) fill(true, BigDecimal(q), price)
        if (se == account) fill(false, BigDecimal(q), price)
      case _ => ()
    }
    val mark = upTo.reverse.collectFirst {
      case q: FeedLine.Quote if q.symbol == symbol && q.twoSided =>
        (BigDecimal(q.bid, 8) + BigDecimal(q.ask, 8)) / 2
    }.orElse(upTo.reverse.collectFirst {
      case t: FeedLine.Trade if t.symbol == symbol => BigDecimal(t.price, 8)
    })
      .getOrElse(BigDecimal(0))
    realized + lots.map((q, p) => q * (mark - p)).sum - fees
  }

  private def trend(d: BigDecimal) = if (d > 0) "positive" else if (d < 0) "negative" else "flat"

  /** A generated multi-day feed: trades between a few accounts (the house too, self-trades, flips), quotes. */
  private def feed(seed: Long, n: Int): (Vector[FeedLine.Trade], Vector[FeedLine.Quote]) = {
    val rnd = new Random(seed)
    var t = T0 + rnd.nextInt(3600) * 1000000000L
    val trades = Vector.newBuilder[FeedLine.Trade]
    val quotes = Vector.newBuilder[FeedLine.Quote]
    val syms = Vector("ACME", "BETA")
    val mid = Array(1000000000L, 250000000L)
    for (_ <- 0 until n) {
      // mostly seconds apart, now and then hours or a day with nothing
      t += (rnd.nextInt(20) match {
        case 0 => H * (1 + rnd.nextInt(30))
        case 1 => 0L
        case _ => 1000000000L * (1 + rnd.nextInt(600))
      })
      val s = rnd.nextInt(2)
      mid(s) = math.max(1000000L, mid(s) + (rnd.nextInt(5) - 2) * 1000000L)
      if (rnd.nextBoolean()) {
        val acct = () => if (rnd.nextInt(4) == 0) 0 else 1 + rnd.nextInt(3)
        trades += FeedLine.Trade(
          t,
          syms(s),
          mid(s) + (rnd.nextInt(3) - 1) * 1000000L,
          1 + rnd.nextInt(500),
          acct(),
          acct()
        )
      } else {
        val twoSided = rnd.nextInt(5) != 0
        quotes += FeedLine.Quote(
          t,
          syms(s),
          mid(s) - 1000000L,
          mid(s) + (if (rnd.nextBoolean()) 1000000L else 2000000L),
          twoSided
        )
      }
    }
    (trades.result(), quotes.result())
  }

  private def checkAgainstModel(seed: Long, n: Int, fee: String): Int = {
    var checked = 0
    val (trades, quotes) = feed(seed, n)
    val all: Vector[FeedLine] = (trades ++ quotes).sortBy(_.time)
    val fees = BigDecimal(fee)
    val last = all.last.time
    // every whole hour from the first line's to the last one's, a few of them
    val hours = (Math.floorDiv(all.head.time, H) + 1 to Math.floorDiv(last, H)).filter(_ % 7 == seed % 7)
    for (hour <- hours.take(6)) {
      val at = hour * H
      val Right((_, rows)) = ReportRun(trades, quotes, Some(at), fees.bigDecimal): @unchecked
      val keys = all.collect {
        case t: FeedLine.Trade if t.time <= at => Vector(t.buyAccount -> t.symbol, t.sellAccount -> t.symbol)
      }
        .flatten.filter(_._1 != 0).distinct.sortBy(k => (k._1, k._2))
      assertEquals(rows.map(r => r.key.account -> r.key.symbol), keys, s"keys at hour $hour")
      for (r <- rows) {
        val p = modelPnl(all, fees, r.key.account, r.key.symbol, at)
        assertEquals(BigDecimal(r.pnl), p, s"${r.key} at $hour")
        val back = (h: Int) => modelPnl(all, fees, r.key.account, r.key.symbol, at - h * H)
        assertEquals(r.lastHour.word, trend(p - back(1)), s"${r.key} last hour")
        assertEquals(r.lastDay.word, trend(p - back(24)), s"${r.key} last day")
        assertEquals(r.last7Days.word, trend(p - back(168)), s"${r.key} last 7 days")
        assertEquals(
          BigDecimal(r.realized) + BigDecimal(r.unrealized) - BigDecimal(r.fees),
          BigDecimal(r.pnl)
        )
        checked += 1
      }
    }
    checked
  }

  test("the fold matches the exact model on generated multi-day feeds, with fees, self-trades and flips") {
    val checked =
      (1L to 12L).map(seed => checkAgainstModel(seed, 400, if (seed % 2 == 0) "0" else "0.0035")).sum
    assert(checked > 100, s"only $checked rows compared")
  }

  property("the fold matches the model on random feeds") {
    Prop.forAll(Gen.choose(100L, 100000L), Gen.choose(20, 200)) { (seed, n) =>
      checkAgainstModel(seed, n, "0.001")
      true
    }
  }

  test("worked example: a long, a partial close, a flip to short within one fill, marks at the mid") {
    val fold = new PnlFold(new JBig("0.01"))
    val t = T0
    fold.trade(t, "ACME", 1000000000L, 100, 7, 0) // buys 100 at 10
    fold.trade(t + 1, "ACME", 1100000000L, 40, 0, 7) // sells 40 at 11: +40
    fold.trade(
      t + 2,
      "ACME",
      1200000000L,
      100,
      0,
      7
    ) // sells 100 at 12: closes 60 (+120), opens short 40 at 12
    fold.quote(t + 3, "ACME", 1150000000L, 1160000000L, twoSided = true) // mid 11.55
    fold.closeThrough(t + H)
    val Vector(row) = fold.report(Math.floorDiv(t + H, H)): @unchecked
    assertEquals(row.position, -40L)
    assertEquals(Money.render(row.realized), "160")
    assertEquals(Money.render(row.unrealized), "18") // -40 × (11.55 − 12)
    assertEquals(Money.render(row.fees), "2.4") // 240 shares × 0.01
    assertEquals(Money.render(row.pnl), "175.6")
    assertEquals(row.render, "7,ACME,-40,160,18,2.4,175.6,positive,positive,positive")
  }

  test("zero is flat, the house is left out, and money is canonical") {
    assertEquals(Money.render(new JBig("0.000")), "0")
    assertEquals(Money.render(new JBig("-0.50")), "-0.5")
    assertEquals(Money.render(new JBig("12.000")), "12")
    assertEquals(Money.render(new JBig("0.000000005")), "0.000000005")
    val fold = new PnlFold(JBig.ZERO)
    fold.trade(T0, "ACME", 100000000L, 10, 0, 0)
    fold.closeThrough(T0 + H)
    assertEquals(fold.report(Math.floorDiv(T0 + H, H)), Vector.empty)
    assertEquals(Trend.of(JBig.ZERO), Trend.Flat)
  }

  test("an hour with no trade still closes: the clock passing it emits its figures") {
    val fold = new PnlFold(JBig.ZERO)
    fold.trade(T0 + 10, "ACME", 100000000L, 10, 5, 0)
    fold.quote(T0 + 3 * H + 5, "ACME", 110000000L, 130000000L, twoSided = true)
    // hours T0+1h and T0+2h closed when the quote came, with the trade price as the mark
    assertEquals(Money.render(fold.pnlAt(Key(5, "ACME"), Math.floorDiv(T0, H) + 1)), "0")
    assertEquals(Money.render(fold.pnlAt(Key(5, "ACME"), Math.floorDiv(T0, H) + 2)), "0")
    fold.closeThrough(T0 + 4 * H)
    assertEquals(Money.render(fold.pnlAt(Key(5, "ACME"), Math.floorDiv(T0, H) + 4)), "2") // 10 × (1.2 − 1)
  }

  test("--at must be a whole hour the feeds reach") {
    val (trades, quotes) = feed(3L, 50)
    assert(ReportRun(trades, quotes, Some(T0 + 1), JBig.ZERO).isLeft)
    assert(ReportRun(trades, quotes, Some((trades.last.time / H + 1000) * H), JBig.ZERO).isLeft)
    assert(ReportRun(Vector.empty, Vector.empty, None, JBig.ZERO).isLeft)
  }

  test("a symbol first seen in a two-sided quote after the first 16 gets its mark") {
    val fold = new PnlFold(JBig.ZERO)
    (0 until 16).foreach(i => fold.trade(T0, s"S$i", 100000000L, 1L, 1, 2))
    // the 17th symbol grows the tables while its quote is written
    fold.quote(T0, "S16", 99000000L, 101000000L, twoSided = true)
    fold.trade(T0, "S16", 100000000L, 1L, 1, 2)
    fold.closeThrough(T0 + H)
    val row = fold.report(fold.lastClosedHour).find(r => r.key == Key(1, "S16")).get
    // bought one at 1.00, marked at the mid 1.00
    assertEquals(row.unrealized.signum, 0)
    assertEquals(row.position, 1L)
  }
}
