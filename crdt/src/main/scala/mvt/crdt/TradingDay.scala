package mvt.crdt

import java.time.LocalDate

/**
 * One trading day, by its calendar date. An opaque `LocalDate`, so a day used as a map key needs no
 * boxing. Immutable.
 */
opaque type TradingDay = LocalDate

object TradingDay {

  def apply(date: LocalDate): TradingDay = date

  /** The day `epochDay` days after 1970-01-01, as codecs store it. */
  def ofEpochDay(epochDay: Long): TradingDay = LocalDate.ofEpochDay(epochDay)

  extension (d: TradingDay) {
    def date: LocalDate = d
    def epochDay: Long = d.toEpochDay
  }

  given Ordering[TradingDay] = Ordering.fromLessThan((a, b) => a.isBefore(b))
}
