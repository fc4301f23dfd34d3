package mvt.bench.load

/**
 * The two lines of an HTTP/1.1 answer whose meaning the bench's own clients read: the status line and a chunk's
 * size line (RFC 9112). Pure.
 */
object HttpLines {

  /** The status code of a status line such as `HTTP/1.1 200 OK`; 0 when it has none. */
  def status(line: String): Int = line.split(' ').lift(1).flatMap(_.toIntOption).getOrElse(0)

  /** The size of the chunk a size line announces, in hexadecimal before any `;` extension. */
  def chunkSize(line: CharSequence): Long =
    java.lang.Long.parseLong(line.toString.trim.takeWhile(_ != ';'), 16)
}
