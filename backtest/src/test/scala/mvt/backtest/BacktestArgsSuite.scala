package mvt.backtest

import java.time.LocalDate

/** `mvt backtest`'s values from text: the dates to run and a parameter, each refused in one line naming its option. */
class BacktestArgsSuite extends munit.FunSuite {

  private def refusals[A](v: cats.data.ValidatedNel[String, A]): List[String] = v.fold(_.toList, _ => Nil)

  private val (a, b) = (LocalDate.of(2026, 3, 2), LocalDate.of(2026, 3, 6))

  test("--days: a range, either end left out, or one date") {
    assertEquals(BacktestArgs.days("2026-03-02..2026-03-06").toOption, Some((Some(a), Some(b))))
    assertEquals(BacktestArgs.days("2026-03-02..").toOption, Some((Some(a), None)))
    assertEquals(BacktestArgs.days("..2026-03-06").toOption, Some((None, Some(b))))
    assertEquals(BacktestArgs.days("..").toOption, Some((None, None)))
    assertEquals(BacktestArgs.days("2026-03-02").toOption, Some((Some(a), Some(a))))
  }

  test("--days: a bad date is named once per end, a range that ends before it starts says so") {
    val bad = (t: String) => s"--days: expected FROM..TO with dates YYYY-MM-DD, found \"$t\""
    assertEquals(refusals(BacktestArgs.days("x..y")), List(bad("x..y"), bad("x..y")))
    assertEquals(refusals(BacktestArgs.days("")), List(bad("")))
    assertEquals(refusals(BacktestArgs.days("a..b..c")), List(bad("a..b..c")))
    assertEquals(
      refusals(BacktestArgs.days("2026-03-06..2026-03-02")),
      List("--days: the range ends (2026-03-02) before it starts (2026-03-06)")
    )
  }

  test("--param: name=whole number, up to 18 digits, or one refusal") {
    assertEquals(BacktestArgs.param("size=50").toOption, Some("size" -> 50L))
    assertEquals(BacktestArgs.param("spread=-3").toOption, Some("spread" -> -3L))
    for (bad <- List("size", "size=1.5", "Size=1", "size=1234567890123456789"))
      assertEquals(
        refusals(BacktestArgs.param(bad)),
        List(s"--param: expected name=whole number, found \"$bad\"")
      )
  }
}
