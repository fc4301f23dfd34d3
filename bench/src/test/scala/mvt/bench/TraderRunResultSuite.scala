package mvt.bench

import mvt.bench.trader.TraderRunResult
import mvt.trader.{DropReason, OutcomeKind}

/** A trader run's figures: pre-trade refusals are processed events, not drops. */
class TraderRunResultSuite extends munit.FunSuite {

  test("refused:balance counts as processed and is not listed among the drops") {
    val r = TraderRunResult(
      "block",
      Some(8),
      "fold",
      "plain",
      1000L,
      10,
      Vector(
        OutcomeKind.Dropped(DropReason.Expired("start")) -> 1L,
        OutcomeKind.NoDecision -> 2L,
        OutcomeKind.Dropped(DropReason.QueueFull) -> 1L,
        OutcomeKind.Refused("balance") -> 4L,
        OutcomeKind.Sent -> 2L
      ),
      TraderRunResult.Percentiles.map((_, p) => p -> 0L).toMap,
      0L,
      0.0,
      Map(50.0 -> 0L, 99.0 -> 0L),
      0L,
      0,
      0L,
      0L
    )
    assertEquals(r.processed, 8L)
    assertEquals(r.decisions, 2L)
    assertEquals(r.dropped, Vector(DropReason.Expired("start") -> 1L, DropReason.QueueFull -> 1L))
    val json = TraderRunResult.json(r)
    val doc = io.circe.parser.parse(json).fold(e => fail(s"not JSON: $e\n$json"), identity)
    assertEquals(doc.hcursor.downField("processed").as[Long], Right(8L), json)
    assertEquals(doc.hcursor.downField("dropped").downField("queue-full").as[Long], Right(1L), json)
  }
}
