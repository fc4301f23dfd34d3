package mvt.cli

/** `mvt generate` option errors: what is wrong and the accepted range, with the usage. */
class GenerateParamSuite extends munit.FunSuite {

  test("--param with a number past Int is out of range, with the largest accepted value") {
    for (
      (param, message) <- Vector(
        "symbols=99999999999" -> "parameter symbols: 99999999999 is out of range; the largest accepted value is 10000",
        "maxLots=99999999999" -> "parameter maxLots: 99999999999 is out of range; the largest accepted value is 2147483647"
      )
    ) {
      val r = CliRun("generate", "--out", "-", "--commands", "10", "--param", param)()
      assertEquals(r.status, 1, r.err)
      assertEquals(r.out, "")
      assert(r.err.contains(message), r.err)
      assert(r.err.contains("--help shows the usage"), r.err)
      assert(!r.err.contains("expected a whole number"), r.err)
    }
  }

  test("--param symbols= and --symbols take the same range") {
    val viaParam = CliRun("generate", "--out", "-", "--commands", "10", "--param", "symbols=10001")()
    val viaOption = CliRun("generate", "--out", "-", "--commands", "10", "--symbols", "10001")()
    assertEquals((viaParam.status, viaOption.status), (1, 1))
    assert(viaParam.err.contains("the largest accepted value is 10000"), viaParam.err)
    assert(viaOption.err.contains("--symbols must be between 1 and 10000"), viaOption.err)
    val ok = CliRun("generate", "--out", "-", "--commands", "10", "--param", "symbols=10000")()
    assertEquals(ok.status, 0, ok.err)
  }
}
