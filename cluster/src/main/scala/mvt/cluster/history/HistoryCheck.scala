package mvt.cluster.history

import mvt.core.RunFailure

import java.io.PrintStream
import java.nio.file.{Files, Path}

/** `mvt cluster check`: reads history files, checks them together and says what it found. */
object HistoryCheck {

  /** How a check of files ended. */
  enum Outcome {

    /** A file is missing or cannot be read (which, and why). */
    case Unreadable(why: String)

    /** A line of a file is not an operation (`FILE: line N: ...`). */
    case BadLine(why: String)

    /** The files were checked: the report's lines, and whether it is clean. */
    case Checked(lines: Vector[String], clean: Boolean)
  }

  /**
   * Checks every operation of `paths` as one history; an overspend is a violation unless `overspendAllowed` (the
   * `local` mode, where it is reported as found).
   */
  def files(paths: Seq[Path], overspendAllowed: Boolean): Outcome =
    paths.find(p => !Files.isRegularFile(p) || !Files.isReadable(p)) match {
      case Some(p) =>
        Outcome.Unreadable(s"$p: not a readable history file (it does not exist or cannot be read)")
      case None =>
        try
          HistoryFile.readAll(paths) match {
            case Left(why) => Outcome.BadLine(why)
            case Right(ops) =>
              val verdict = HistoryChecker.check(ops)
              Outcome.Checked(
                CheckReport.render(verdict, ops.size, overspendAllowed),
                verdict.ok(overspendAllowed)
              )
          }
        catch {
          case e: java.io.IOException =>
            Outcome.Unreadable(s"cannot read the histories: ${Option(e.getMessage).getOrElse(e.toString)}")
        }
    }

  /**
   * How `mvt cluster check` ends on `o`: the report's lines on `out` and status 0 when clean, 2 with a violation;
   * or why nothing was checked (status 1 a file that cannot be read, 2 a bad line).
   */
  def report(o: Outcome, out: PrintStream): Either[RunFailure, Int] = o match {
    case Outcome.Unreadable(why) => Left(RunFailure.io(why))
    case Outcome.BadLine(why) => Left(RunFailure.badData(why))
    case Outcome.Checked(lines, clean) =>
      lines.foreach(out.println)
      out.flush()
      Right(if (clean) 0 else 2)
  }
}
