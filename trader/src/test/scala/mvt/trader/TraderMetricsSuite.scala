package mvt.trader

import mvt.core.*
import mvt.trader.TraderGens.*

/** Outcome counts by label, and latency and service histograms over processed events only. */
class TraderMetricsSuite extends munit.FunSuite {
  private val e = BboEvent(around(acme, 1000), 100L)
  private val sent = Outcome.DecisionSent(Decision(acme, Side.Buy, cents(999), Quantity(1)))

  test("outcome labels") {
    assertEquals(sent.label, "sent")
    assertEquals(Outcome.NoDecision.label, "no-decision")
    assertEquals(Outcome.Dropped(DropReason.Expired("check")).label, "expired:check")
    assertEquals(Outcome.Dropped(DropReason.QueueFull).label, "queue-full")
    assertEquals(Outcome.Dropped(DropReason.Superseded).label, "superseded")
    assertEquals(Outcome.Refused("balance").label, "refused:balance")
    assertEquals(
      Vector(sent, Outcome.NoDecision, Outcome.Refused("balance"), Outcome.Dropped(DropReason.QueueFull))
        .map(_.processed),
      Vector(true, true, true, false)
    )
  }

  test("a pre-trade refusal is counted under its own label, apart from no-decision, and is processed") {
    val m = new TraderMetrics
    Vector(sent, Outcome.NoDecision, Outcome.Refused("balance"), Outcome.Refused("balance"))
      .foreach(m.record(e, _, 200L, 300L))
    assertEquals(m.outcomes.labelled, Vector("no-decision" -> 1L, "refused:balance" -> 2L, "sent" -> 1L))
    assertEquals(m.processed, 4L)
    assertEquals(m.latency.getTotalCount, 4L)
  }

  test("counts outcomes by label; processed counts decisions and no-decisions only") {
    val m = new TraderMetrics
    Vector(
      sent,
      sent,
      Outcome.NoDecision,
      Outcome.Dropped(DropReason.Expired("start")),
      Outcome.Dropped(DropReason.Expired("check"))
    )
      .foreach(m.record(e, _, 200L, 300L))
    assertEquals(
      m.outcomes.labelled,
      Vector("expired:check" -> 1L, "expired:start" -> 1L, "no-decision" -> 1L, "sent" -> 2L)
    )
    assertEquals(m.processed, 3L)
    assertEquals(m.outcomes.total(_.label.startsWith("expired:")), 2L)
  }

  test("latency runs from the sent time and service from pick-up, both to the end, for processed events") {
    val m = new TraderMetrics
    m.record(e, sent, 600L, 1100L)
    m.record(e, Outcome.NoDecision, 1000L, 1300L)
    m.record(e, Outcome.Dropped(DropReason.Expired("enrich")), 0L, 2000000L)
    assertEquals(m.latency.getTotalCount, 2L)
    assertEquals(m.service.getTotalCount, 2L)
    assertEquals((m.latency.getMinValue, m.latency.getMaxValue), (1000L, 1200L))
    assertEquals((m.service.getMinValue, m.service.getMaxValue), (300L, 500L))
  }

  test("an end before the sent time counts as zero, one beyond the histogram's range as its largest value") {
    val m = new TraderMetrics
    m.record(BboEvent(e.update, 5000L), Outcome.NoDecision, 0L, 1000L)
    assertEquals(m.latency.getMaxValue, 0L)
    assertEquals(m.service.getMaxValue, 1000L)
    m.record(BboEvent(e.update, Long.MinValue / 2), Outcome.NoDecision, 0L, Long.MaxValue / 2)
    assert(m.latency.valuesAreEquivalent(m.latency.getMaxValue, TraderMetrics.MaxNanos))
    assert(m.service.valuesAreEquivalent(m.service.getMaxValue, TraderMetrics.MaxNanos))
  }

  test("records from several threads all count") {
    val m = new TraderMetrics
    val threads = Vector.tabulate(4)(i =>
      new Thread(() =>
        (0 until 1000).foreach(_ =>
          m.record(e, if (i % 2 == 0) sent else Outcome.Dropped(DropReason.QueueFull), 100L, 200L)
        )
      )
    )
    threads.foreach(_.start())
    threads.foreach(_.join())
    assertEquals(m.outcomes.labelled, Vector("queue-full" -> 2000L, "sent" -> 2000L))
    assertEquals(m.latency.getTotalCount, 2000L)
  }
}
