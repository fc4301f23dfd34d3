package mvt.reporting.store

import mvt.reporting.ReportModel.{Key, text}
import mvt.reporting.journal.Ingest
import mvt.reporting.{ReportFlow, ReportModel, ReportRun, StoreFixtures}
import org.scalacheck.{Gen, Prop}

import java.math.BigDecimal as JBig

/**
 * The store, filled by ingesting a journal of several sessions into real SQLite, against `mvt report` and an
 * exact model written from scratch: every figure and trend at every closed whole hour, the hourly series and
 * the day's ranking.
 */
class ReportStoreSuite extends munit.ScalaCheckSuite with StoreFixtures {
  import ReportFlow.H

  // every hour of several sessions against the model is CPU-bound: generous beside another test JVM
  override val munitTimeout = scala.concurrent.duration.Duration(5, "min")

  override def scalaCheckTestParameters =
    super.scalaCheckTestParameters.withMinSuccessfulTests(3).withMaxDiscardRatio(1)

  /** What one flow covered, so a run that compares nothing interesting fails. */
  final case class Covered(
      rows: Int,
      hours: Int,
      flips: Int,
      houseTrades: Int,
      selfTrades: Int,
      oneSided: Int
  ) {
    def +(o: Covered) = Covered(
      rows + o.rows,
      hours + o.hours,
      flips + o.flips,
      houseTrades + o.houseTrades,
      selfTrades + o.selfTrades,
      oneSided + o.oneSided
    )
  }

  private def check(seed: Long, days: Int, steps: Int, fee: String, everyHour: Int): Covered =
    withTempDir { dir =>
      val flow = ReportFlow.generate(seed, days, steps)
      val journal = writeJournal(dir, flow)
      val feePerShare = new JBig(fee)
      val model = new ReportModel(flow, BigDecimal(feePerShare))
      val (trades, quotes) = readFeeds(journal, flow)
      var rows = 0
      var hoursChecked = 0
      withStore(dir.resolve("reports.db"), Some(feePerShare)) { store =>
        val ingest = run(Ingest(store, journal))
        run(ingest.catchUp)
        assertEquals(ingest.failed, None)
        assertEquals(
          run(store.lastClosedHour),
          Some(model.lastHour),
          "the last session's last hour is closed"
        )
        val accounts = ReportFlow.Accounts
        for (
          hour <- model.firstHour to model.lastHour
          if hour % everyHour == seed % everyHour || hour == model.lastHour
        ) {
          hoursChecked += 1
          val Right((_, report)) = ReportRun(trades, quotes, Some(hour * H), feePerShare): @unchecked
          val fig = model.at(hour)
          for (a <- accounts) {
            val got = run(store.performance(a, hour))
            val keys = model.keys(a, hour)
            val where = s"seed $seed, account $a at hour $hour"
            assertEquals(got.map(_.symbol), keys.map(_.symbol), where)
            val fromReport = report.filter(_.key.account == a)
            assertEquals(fromReport.map(_.key.symbol), keys.map(_.symbol), s"$where: mvt report's rows")
            for ((p, r) <- got.zip(fromReport)) {
              val k = Key(a, p.symbol)
              val m = fig(k)
              val w = s"$where, ${p.symbol}"
              assertEquals(BigDecimal(p.position), m.position, w)
              assertEquals(text(p.realized), text(m.realized), w)
              assertEquals(text(p.unrealized), text(m.unrealized), w)
              assertEquals(text(p.fees), text(m.fees), w)
              assertEquals(text(p.pnl), text(m.pnl), w)
              assertEquals(
                (p.position, text(p.realized), text(p.unrealized), text(p.fees), text(p.pnl)),
                (r.position, text(r.realized), text(r.unrealized), text(r.fees), text(r.pnl)),
                s"$w: mvt report"
              )
              for (
                (change, back, trend) <- Vector(
                  (p.lastHour, 1, r.lastHour),
                  (p.lastDay, 24, r.lastDay),
                  (p.last7Days, 168, r.last7Days)
                )
              ) {
                assertEquals(
                  text(change.amount),
                  text(m.pnl - model.pnl(k, hour - back)),
                  s"$w: change over $back h"
                )
                assertEquals(change.trend, trend, s"$w: trend over $back h")
              }
              rows += 1
            }
          }
          val day = run(store.day(hour))
          val expectedDay = fig.keys.map(_.account).toVector.distinct.map { a =>
            val ks = fig.keys.filter(_.account == a)
            val pnl = ks.foldLeft(ReportModel.Zero)(_ + fig(_).pnl)
            val before = ks.foldLeft(ReportModel.Zero)((s, k) => s + model.pnl(k, hour - 24))
            (a, pnl, pnl - before)
          }.sortBy(d => (-d._3, d._1))
          assertEquals(
            day.map(d => (d.account, text(d.pnl), text(d.change))),
            expectedDay.map(d => (d._1, text(d._2), text(d._3))),
            s"seed $seed: the day's ranking at hour $hour"
          )
        }
        val from = model.firstHour - 2
        for (a <- accounts; symbol <- ReportFlow.Symbols.map(Some(_)) :+ None) {
          val got = run(store.series(a, symbol, from, model.lastHour))
          val expected = (from to model.lastHour).map { h =>
            h -> model.at(h).iterator.filter((k, _) => k.account == a && symbol.forall(_ == k.symbol))
              .foldLeft(ReportModel.Zero)(_ + _._2.pnl)
          }
          assertEquals(
            got.map((h, v) => (h, text(v))),
            expected.map((h, v) => (h, text(v))).toVector,
            s"seed $seed: series of account $a, ${symbol.getOrElse("all symbols")}"
          )
        }
        assertEquals(run(store.performance(0, model.lastHour)), Vector.empty, "the house has no report")
        assert(!run(store.knows(0)))
        assert(run(store.knows(1)))
      }
      Covered(
        rows,
        hoursChecked,
        flips = flips(flow),
        houseTrades = flow.trades.count(t => t.buyAccount == 0 || t.sellAccount == 0),
        selfTrades = flow.trades.count(t => t.buyAccount == t.sellAccount && t.buyAccount != 0),
        oneSided = flow.steps.count(s => !s.quote.twoSided)
      )
    }

  // fills that take a key's position across zero, from long to short or back
  private def flips(flow: ReportFlow.Flow): Int = {
    var pos = Map.empty[(Int, String), Long].withDefaultValue(0L)
    var n = 0
    for (t <- flow.trades; (a, q) <- Vector(t.buyAccount -> t.qty, t.sellAccount -> -t.qty) if a != 0) {
      val k = (a, t.symbol)
      val after = pos(k) + q
      if (pos(k) != 0 && after != 0 && (pos(k) > 0) != (after > 0)) n += 1
      pos = pos.updated(k, after)
    }
    n
  }

  test(
    "a multi-day journal at every third closed hour: figures, trends and the day's ranking; its series; with a fee"
  ) {
    val c = check(7L, days = 9, steps = 40, fee = "0.0035", everyHour = 3)
    assert(c.hours > 70, c)
    assert(c.rows > 300, c)
    assert(c.flips > 5 && c.houseTrades > 20 && c.selfTrades > 5 && c.oneSided > 20, c)
  }

  test("the same without fees, and with a fee of one unit of the last digit") {
    val a = check(11L, days = 8, steps = 40, fee = "0", everyHour = 5)
    val b = check(12L, days = 8, steps = 40, fee = "0.00000001", everyHour = 5)
    assert((a + b).rows > 500, a + b)
  }

  property("the store equals mvt report and the model on generated journals") {
    Prop.forAllNoShrink(Gen.choose(1000L, 1000000L), Gen.oneOf("0", "0.001", "0.25")) { (seed, fee) =>
      val c = check(seed, days = 6, steps = 20, fee = fee, everyHour = 7)
      c.rows > 0
    }
  }
}
