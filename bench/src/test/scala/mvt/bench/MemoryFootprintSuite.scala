package mvt.bench

import mvt.orderbook.Engine

/** A heap that did not grow gives no bytes-per-order figure, in the result and in its JSON. */
class MemoryFootprintSuite extends munit.FunSuite {
  import MemoryFootprint.Result

  test("a positive delta is bytes per order") {
    val r = Result(Engine.Fast, 100000, 5000, 8000000L, Some(8750000L))
    assertEquals(r.measuredPerOrder, Some(80.0))
    assertEquals(r.arrayPerOrder, Some(87.5))
  }

  test("a delta that is not positive is below the measurement's resolution: no figure, null in the JSON") {
    for (delta <- Vector(0L, -947248L, Long.MinValue)) {
      val r = Result(Engine.ListBook, 1, 1, delta, None)
      assertEquals(r.measuredPerOrder, None)
      val json = MemoryFootprint.json(Vector(r), io.circe.Json.obj())
      val doc = io.circe.parser.parse(json).fold(e => fail(s"not JSON: $e\n$json"), identity)
      val result = doc.hcursor.downField("results").downArray
      assert(result.downField("bytesPerOrder").focus.exists(_.isNull), json)
    }
  }

  test("no orders: no figure rather than a division by zero") {
    val r = Result(Engine.Fast, 0, 0, 1000L, Some(1000L))
    assertEquals((r.measuredPerOrder, r.arrayPerOrder), (None, None))
  }
}
