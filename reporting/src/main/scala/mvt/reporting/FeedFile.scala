package mvt.reporting

import mvt.core.FormatError

import java.io.{BufferedReader, InputStream, InputStreamReader}
import java.nio.charset.StandardCharsets.UTF_8

/**
 * A whole feed file read at once, as `mvt report` reads it: its lines in order, or the first bad one, by the
 * rules and messages ingest applies to the same files ([[FeedLine]]): the quote feed's header, a byte order
 * mark before the first line, a time that goes back. Empty lines are skipped. Blocking; one call per file.
 */
object FeedFile {

  /** The trade feed's lines (no header). */
  def trades(in: InputStream): Either[FormatError, Vector[FeedLine.Trade]] =
    read(in, header = false, FeedLine.trade)

  /** The quote feed's lines after its header. */
  def quotes(in: InputStream): Either[FormatError, Vector[FeedLine.Quote]] =
    read(in, header = true, FeedLine.quote)

  private def read[A <: FeedLine](
      in: InputStream,
      header: Boolean,
      parse: (Long, String) => Either[FormatError, A]
  ): Either[FormatError, Vector[A]] = {
    val lines = new BufferedReader(new InputStreamReader(in, UTF_8))
    val out = Vector.newBuilder[A]
    var n = 0L
    var last = Long.MinValue
    var error: Option[FormatError] = None
    var line = lines.readLine()
    while (line != null && error.isEmpty) {
      n += 1
      if (n == 1 && header) error = FeedLine.header(line)
      else if (line.nonEmpty)
        parse(n, if (n == 1) line.stripPrefix(FeedLine.Bom) else line) match {
          case Left(e) => error = Some(e)
          case Right(a) if a.time < last => error = Some(FormatError(n, FeedLine.timeGoesBack(true, last)))
          case Right(a) => last = a.time; out += a
        }
      if (error.isEmpty) line = lines.readLine()
    }
    error.toLeft(out.result())
  }
}
