package mvt.venue

import mvt.core.Symbol

import java.nio.file.{Files, Path}
import scala.jdk.CollectionConverters.*

/** Reads `--symbols FILE`: one symbol a line; blank lines are skipped. Errors name the line. */
object SymbolsFile {

  def read(path: Path): Either[String, Vector[Symbol]] = {
    val lines = Files.readAllLines(path).asScala.toVector
    lines.zipWithIndex.foldLeft[Either[String, Vector[Symbol]]](Right(Vector.empty)) {
      case (Right(done), (raw, i)) =>
        val text = raw.trim
        if (text.isEmpty) Right(done)
        else if (!Symbol.isValid(text))
          Left(
            s"line ${i + 1}: field 1 (symbol): expected 1 to ${Symbol.MaxLength} of A-Z, 0-9, '.' and '-', found \"${mvt.core.FormatError.visible(raw)}\""
          )
        else if (done.exists(_.name == text)) Left(s"line ${i + 1}: symbol $text is listed twice")
        else Right(done :+ Symbol.unsafe(text))
      case (failed, _) => failed
    }
  }
}
