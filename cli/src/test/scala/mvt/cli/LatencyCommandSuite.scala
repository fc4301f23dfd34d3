package mvt.cli

class LatencyCommandSuite extends munit.FunSuite {
  import LatencyCommand.parseNanos

  test("budgets parse with units") {
    assertEquals(parseNanos("20us"), Some(20000L))
    assertEquals(parseNanos("1.5ms"), Some(1500000L))
    assertEquals(parseNanos("2s"), Some(2000000000L))
    assertEquals(parseNanos("750ns"), Some(750L))
    assertEquals(parseNanos("fast"), None)
    assertEquals(parseNanos("0ns"), None)
    assertEquals(parseNanos("-5us"), None)
  }
}
