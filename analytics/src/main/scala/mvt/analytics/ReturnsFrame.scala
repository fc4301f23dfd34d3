package mvt.analytics

/**
 * Several symbols' return series on their common minutes: one column per symbol, in symbol order,
 * every column `rows` long from `start`. Immutable.
 */
final class ReturnsFrame(
    val start: Minute,
    val symbols: IndexedSeq[String],
    val columns: IndexedSeq[IArray[Double]]
) {
  require(symbols.length == columns.length, "one column per symbol")
  require(columns.forall(_.length == rows), "columns of equal length")

  def rows: Int = columns.headOption.fold(0)(_.length)

  def minuteAt(row: Int): Minute = start.plus(row.toLong)

  /** Each column divided by its largest absolute value: every value in [-1, 1], every sign kept. */
  def scaled(calculator: ReturnsCalculator): ReturnsFrame =
    new ReturnsFrame(start, symbols, columns.map(calculator.scaledOf))
}

object ReturnsFrame {

  /**
   * The minutes every series has. Each series is gap-free, so they form one interval: from the latest
   * start to the earliest end. No symbols, or no minute in common, gives a frame with no rows.
   */
  def align(series: Seq[MinuteSeries]): ReturnsFrame = {
    val sorted = series.sortBy(_.symbol).toIndexedSeq
    if (sorted.isEmpty) new ReturnsFrame(Minute.ofEpochMinute(0L), IndexedSeq.empty, IndexedSeq.empty)
    else {
      val from = sorted.map(_.start).max
      val until = sorted.map(_.end).min.max(from)
      val common = sorted.map(_.slice(from, until))
      new ReturnsFrame(from, sorted.map(_.symbol), common.map(_.values))
    }
  }
}
