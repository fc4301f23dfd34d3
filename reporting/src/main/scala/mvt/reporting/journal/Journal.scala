package mvt.reporting.journal

import java.nio.file.{Files, LinkOption, Path}
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

  /** The sessions, or why the journal cannot be listed (as the failure that stops ingest). */
  def listed(dir: Path): Either[IngestFailure, Vector[Session]] =
    try Right(sessions(dir))
    catch {
      case e: java.io.IOException =>
        Left(IngestFailure.BadFile(dir, s"cannot list the journal: ${e.getMessage}"))
    }

  /**
   * The session's first feed that is not a regular file (a FIFO, a device, a directory), refused by name: such a
   * file has no size to follow, and would read as empty.
   */
  def notRegular(s: Session): Option[IngestFailure] =
    List(s.trades, s.quotes).find(p => !Files.isRegularFile(p)).map { p =>
      val what =
        if (Files.isDirectory(p)) "a directory"
        else if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) "gone"
        else if (!Files.exists(p)) "a symbolic link to nothing"
        else "not a regular file (a FIFO or a device)"
      IngestFailure.BadFile(p, s"$what; a feed must be a regular file")
    }

  /**
   * Why `file` cannot be a store beside the journal in `dir`, if it cannot: it is one of the journal's files, or
   * would be taken for one (a name ending as a feed or an end marker does, in the journal).
   */
  def claims(dir: Path, file: Path): Option[String] = {
    val name = file.getFileName.toString
    val suffix = List(TradesSuffix, QuotesSuffix, EndSuffix).find(name.endsWith)
    def same(a: Path, b: Path) =
      try Files.isSameFile(a, b)
      catch { case _: java.io.IOException => false }
    val parent = Option(file.toAbsolutePath.normalize.getParent)
    val inside = parent.exists(p => Files.isDirectory(p) && same(p, dir))
    val existing =
      if (!Files.exists(file)) None
      else {
        val s = Files.list(dir)
        try s.iterator.asScala.find(p => same(p, file))
        finally s.close()
      }
    existing.map(p => s"it is ${p.getFileName} of the journal $dir; the store must be a file of its own")
      .orElse(suffix.filter(_ => inside).map(x =>
        s"a name ending $x in the journal $dir is the journal's; name the store otherwise"
      ))
  }

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
