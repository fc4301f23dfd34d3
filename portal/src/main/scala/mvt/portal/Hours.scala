package mvt.portal

import mvt.core.Timestamp
import mvt.reporting.PnlFold.NanosPerHour

/** Whole hours as the API takes and gives them: epoch hours inside, canonical ISO instants outside. */
object Hours {

  def render(hour: Long): String = Timestamp.fromEpochNanos(hour * NanosPerHour).render

  /** The epoch hour of `text`, or why it is not one: not an instant, or not on a whole hour. */
  def parse(name: String, text: String): Either[String, Long] =
    Timestamp.parse(text) match {
      case None => Left(s"$name: expected an instant such as 2026-03-02T15:00:00Z, found \"$text\"")
      case Some(t) =>
        val n = t.epochNanos
        if (Math.floorMod(n, NanosPerHour) != 0L)
          Left(s"$name: $text is not a whole hour (minutes, seconds and fraction must be zero)")
        else Right(Math.floorDiv(n, NanosPerHour))
    }
}
