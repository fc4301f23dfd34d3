package mvt.workload

import java.time.{DayOfWeek, LocalDate}

class SessionCalendarSuite extends munit.FunSuite {

  private def utc(date: String): (String, String) = {
    val s = SessionCalendar.session(LocalDate.parse(date))
    (s.open.render, s.close.render)
  }

  test("a January day is 14:30-21:00 UTC (EST), a July day 13:30-20:00 UTC (EDT)") {
    assertEquals(utc("2026-01-05"), ("2026-01-05T14:30:00Z", "2026-01-05T21:00:00Z"))
    assertEquals(utc("2026-07-15"), ("2026-07-15T13:30:00Z", "2026-07-15T20:00:00Z"))
  }

  test("the offset changes over the March and November 2026 switches (8 March, 1 November)") {
    assertEquals(utc("2026-03-06"), ("2026-03-06T14:30:00Z", "2026-03-06T21:00:00Z")) // Friday, still EST
    assertEquals(utc("2026-03-09"), ("2026-03-09T13:30:00Z", "2026-03-09T20:00:00Z")) // Monday, EDT
    assertEquals(utc("2026-10-30"), ("2026-10-30T13:30:00Z", "2026-10-30T20:00:00Z")) // Friday, still EDT
    assertEquals(utc("2026-11-02"), ("2026-11-02T14:30:00Z", "2026-11-02T21:00:00Z")) // Monday, EST
  }

  test("every session lasts six and a half hours, DST or not") {
    for (d <- SessionCalendar.tradingDays(LocalDate.parse("2026-01-01"), 261))
      assertEquals(SessionCalendar.session(d).lengthNanos, 390L * 60 * 1000000000L, d.toString)
  }

  test("trading days are weekdays, in order, from the start (a weekend start begins on Monday)") {
    val days = SessionCalendar.tradingDays(LocalDate.parse("2026-03-05"), 5).map(_.toString)
    assertEquals(days, Vector("2026-03-05", "2026-03-06", "2026-03-09", "2026-03-10", "2026-03-11"))
    assertEquals(
      SessionCalendar.tradingDays(LocalDate.parse("2026-03-07"), 1).map(_.toString),
      Vector("2026-03-09")
    )
    assertEquals(SessionCalendar.tradingDays(LocalDate.parse("2026-03-07"), 0), Vector.empty)
    val year = SessionCalendar.tradingDays(LocalDate.parse("2026-01-01"), 261)
    assert(year.forall(d => d.getDayOfWeek != DayOfWeek.SATURDAY && d.getDayOfWeek != DayOfWeek.SUNDAY))
    assertEquals(year.last.toString, "2026-12-31") // 2026 has 261 weekdays
  }

  test("a weekend has no session") {
    intercept[IllegalArgumentException](SessionCalendar.session(LocalDate.parse("2026-03-07")))
  }
}
