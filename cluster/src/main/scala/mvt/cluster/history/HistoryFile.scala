package mvt.cluster.history

import io.circe.parser.decode

import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}

/** Reads history files written by `HistoryLog`: every line one operation. */
object HistoryFile {
  import HistoryCodec.given

  /**
   * The operations of `path`, or where it is wrong: `FILE: line N: ...`. A last line without its newline is the
   * line a killed node was writing: it is left out, as the checker's gap report accounts for it.
   */
  def read(path: Path): Either[String, Vector[Operation]] = {
    val bytes = Files.readAllBytes(path)
    val text = new String(bytes, StandardCharsets.UTF_8)
    val whole =
      if (text.isEmpty || text.endsWith("\n")) text else text.substring(0, text.lastIndexOf('\n') + 1)
    whole.linesIterator.zipWithIndex
      .filter(_._1.nonEmpty)
      .foldLeft[Either[String, Vector[Operation]]](Right(Vector.empty)) {
        case (Right(acc), (line, i)) =>
          decode[Operation](line).left
            .map(e => s"$path: line ${i + 1}: not an operation: ${e.getMessage}")
            .map(acc :+ _)
        case (left, _) => left
      }
  }

  /** Every operation of every file, or the first file's problem. */
  def readAll(paths: Seq[Path]): Either[String, Vector[Operation]] =
    paths.foldLeft[Either[String, Vector[Operation]]](Right(Vector.empty)) { (acc, p) =>
      acc.flatMap(ops =>
        if (!Files.isRegularFile(p))
          Left(s"$p: not a history file (it does not exist or is not a regular file)")
        else read(p).map(ops ++ _)
      )
    }
}
