package mvt.reporting.journal

import java.nio.file.{Files, Path}
import scala.jdk.CollectionConverters.*

/**
 * A journal directory: one trading session per pair of feed files, `NAME.trades.csv` and `NAME.quotes.csv`
 * (as `mvt match --trades/--quotes` writes them), taken in name order, so ISO dates sort as days do. A session
 * is finished when a later session exists or when `NAME.end` exists; the last session may still be growing.
 */
object Journal {

  /** One session's two feeds, and whether it is known to be over. */
  final case class Session(name: String, trades: Path, quotes: Path, finished: Boolean)

  val TradesSuffix = ".trades.csv"
  val QuotesSuffix = ".quotes.csv"
  val EndSuffix = ".end"

  /** The sessions whose two feeds both exist, in name order. */
  def sessions(dir: Path): Vector[Session] = {
    val names = {
      val s = Files.list(dir)
      try s.iterator.asScala.map(_.getFileName.toString).toSet
      finally s.close()
    }
    val complete = names.iterator
      .filter(_.endsWith(TradesSuffix))
      .map(_.dropRight(TradesSuffix.length))
      .filter(n => names.contains(n + QuotesSuffix))
      .toVector
      .sorted
    complete.zipWithIndex.map { (n, i) =>
      Session(
        n,
        dir.resolve(n + TradesSuffix),
        dir.resolve(n + QuotesSuffix),
        i < complete.size - 1 || names.contains(n + EndSuffix)
      )
    }
  }
}
