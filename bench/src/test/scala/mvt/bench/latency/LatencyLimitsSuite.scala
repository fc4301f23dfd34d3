package mvt.bench.latency

import cats.data.{NonEmptyList, Validated}

/** The rates and run lengths `mvt bench latency` takes, and the flow it generates when given no file. */
class LatencyLimitsSuite extends munit.FunSuite {

  test("rates: whole numbers from 1 to the most the driver could pace, every bad one named") {
    assertEquals(LatencyLimits.rates("45000,1000000"), Validated.validNel(Vector(45000L, 1000000L)))
    assertEquals(
      LatencyLimits.rates("0,x"),
      Validated.invalid(NonEmptyList.of(
        "bad rate '0' (expected a whole number of commands per second)",
        "bad rate 'x' (expected a whole number of commands per second)"
      ))
    )
    assert(LatencyLimits.rates("10000001").isInvalid)
    assert(LatencyLimits.rates("10000000").isValid)
  }

  test("a run sends at most MaxCommandsPerRun commands at its highest rate") {
    assert(LatencyLimits.sweep(Vector(1000L, 10000000L), 5.0).isValid)
    assert(LatencyLimits.sweep(Vector(10000000L), 5.1).isInvalid)
  }

  test("the generated flow covers a run at the highest rate") {
    assertEquals(LatencyLimits.generated(LatencyLimits.Sweep(Vector(100L, 2000L), 1.5)).size, 3000)
  }
}
