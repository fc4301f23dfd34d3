package mvt.backtest

import java.nio.file.{Files, Path}
import java.time.LocalDate
import scala.jdk.CollectionConverters.*

/** One recorded day: its date and its file (a command log or a commands file). */
final case class DayFile(date: LocalDate, path: Path)

object DayFile {
  private val Name = """(\d{4}-\d{2}-\d{2})\.(mvtc|csv)""".r

  /**
   * The days in `dir` (files named `YYYY-MM-DD.mvtc` or `.csv`, as `mvt generate --days` writes them) within
   * `[from, to]`, in date order; or why not: no such directory, a range that ends before it starts, or two
   * files for one date.
   */
  def list(dir: Path, from: Option[LocalDate], to: Option[LocalDate]): Either[String, Vector[DayFile]] =
    if (!Files.exists(dir)) Left(s"$dir does not exist")
    else if (!Files.isDirectory(dir)) Left(s"$dir is not a directory")
    else if (from.zip(to).exists((a, b) => a.isAfter(b)))
      Left(s"the --days range ends (${to.get}) before it starts (${from.get})")
    else {
      val stream = Files.list(dir)
      val found =
        try
          stream.iterator.asScala.toVector.flatMap { p =>
            p.getFileName.toString match {
              case Name(d, _) =>
                scala.util.Try(LocalDate.parse(d)).toOption.map(DayFile(_, p))
              case _ => None
            }
          }
        finally stream.close()
      val inRange = found.filter(d => from.forall(!d.date.isBefore(_)) && to.forall(!d.date.isAfter(_)))
      inRange.groupBy(_.date).collectFirst { case (d, fs) if fs.size > 1 => d } match {
        case Some(d) => Left(s"two files for $d in $dir; keep one")
        case None => Right(inRange.sortBy(_.date.toEpochDay))
      }
    }
}
