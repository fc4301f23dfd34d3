package mvt.core

class DurationTextSuite extends munit.FunSuite {
  import DurationText.nanos

  test("budgets parse with units") {
    assertEquals(nanos("20us"), Some(20000L))
    assertEquals(nanos("1.5ms"), Some(1500000L))
    assertEquals(nanos("2s"), Some(2000000000L))
    assertEquals(nanos("750ns"), Some(750L))
    assertEquals(nanos("fast"), None)
    assertEquals(nanos("0ns"), None)
    assertEquals(nanos("-5us"), None)
  }
}
