package mvt.bench.fix

/** How the load finds an order of its run from the ClOrdID the gateway's stages name. */
class FixLoadSuite extends munit.FunSuite {
  test("an order's index is read from its ClOrdID only for the run it names") {
    assertEquals(FixLoad.orderOf("r3-1234", 3), 1234)
    assertEquals(FixLoad.orderOf("r3-1234", 2), -1)
    assertEquals(FixLoad.orderOf("r12-0", 12), 0)
    assertEquals(FixLoad.orderOf("r3-", 3), -1)
    assertEquals(FixLoad.orderOf("r3-12x", 3), -1)
    assertEquals(FixLoad.orderOf("x3-12", 3), -1)
  }
}
