package mvt.workload

import java.time.LocalDate

/** `mvt generate`'s options checked together: what needs what, the defaults, and the flow they ask for. */
class FlowChoiceSuite extends munit.FunSuite {

  private val day = LocalDate.of(2026, 3, 2)

  private def refusals[A](v: cats.data.ValidatedNel[String, A]): List[String] =
    v.fold(_.toList, _ => Nil)

  test("nothing asked: a single stream by the house alone") {
    assertEquals(
      FlowChoice.of(None, None, None, None, None, None).toOption,
      Some(FlowChoice.Choice(None, None))
    )
  }

  test("days: the calendar, a default gap, and by default 100 accounts with the default exponent") {
    val c = FlowChoice.of(Some(5L), Some(day), None, None, None, None).toOption.get
    assertEquals(c.days, Some(FlowChoice.Days(day, 5, DayPlan.DefaultGapTicks)))
    assertEquals(c.accounts, Some(AccountMix(FlowChoice.DefaultAccounts, AccountMix.DefaultExponent, 0.0)))
    val chosen = FlowChoice.of(Some(5L), Some(day), Some(0L), Some(7L), Some(2.0), Some(0.5)).toOption.get
    assertEquals(chosen, FlowChoice.Choice(Some(FlowChoice.Days(day, 5, 0)), Some(AccountMix(7, 2.0, 0.5))))
  }

  test("every option missing its partner is named, all of them at once") {
    assertEquals(
      refusals(FlowChoice.of(Some(5L), None, None, None, None, None)),
      List("--days needs --start DATE")
    )
    assertEquals(
      refusals(FlowChoice.of(None, Some(day), Some(3L), None, Some(2.0), Some(0.1))),
      List(
        "--start needs --days N",
        "--gap needs --days N",
        "--zipf needs --accounts K or --days N",
        "--house-share needs --accounts K or --days N"
      )
    )
    assert(FlowChoice.of(None, None, None, Some(3L), Some(2.0), Some(0.1)).isValid)
  }

  test("--start: a date the days fit the clock from, or one line naming the range") {
    assertEquals(FlowChoice.start("2026-03-02").toOption, Some(day))
    for (bad <- List("1969-12-31", "2200-01-01", "tomorrow"))
      assertEquals(
        refusals(FlowChoice.start(bad)),
        List(s"--start must be a date YYYY-MM-DD from 1970-01-01 to 2199-12-31; got '$bad'")
      )
  }

  test(
    "where the commands go and how many: days need a directory and default their count; one stream needs it"
  ) {
    val days = FlowChoice.Choice(Some(FlowChoice.Days(day, 2, 5)), None)
    val single = FlowChoice.Choice(None, None)
    assertEquals(
      FlowChoice.sized("d", days, None).toOption,
      Some(("d", days, FlowChoice.DefaultCommandsPerDay))
    )
    assertEquals(FlowChoice.sized("-", single, Some(9)).toOption, Some(("-", single, 9)))
    assertEquals(
      refusals(FlowChoice.sized("-", days, None)),
      List("--out must be a directory with --days, not -")
    )
    assertEquals(
      refusals(FlowChoice.sized("-", single, None)),
      List("--commands N is required without --days")
    )
  }

  test("the flow: a single stream with its accounts, or a plan of days with the default accounts") {
    val p = WorkloadProfile.normal
    val mix = Some(AccountMix(3))
    assertEquals(
      FlowChoice.flow(FlowChoice.Choice(None, mix), 50, p, 9L),
      FlowFiles.Flow.Single(50, p, 9L, mix)
    )
    FlowChoice.flow(FlowChoice.Choice(Some(FlowChoice.Days(day, 2, 4)), None), 50, p, 9L) match {
      case FlowFiles.Flow.Days(plan) =>
        assertEquals((plan.start, plan.days, plan.gapTicks), (day, 2, 4))
        assertEquals(plan.accounts, AccountMix(FlowChoice.DefaultAccounts))
      case other => fail(s"expected days, got $other")
    }
  }
}
