package mvt.reporting.journal

import java.nio.file.Path

/**
 * Why ingest stopped: a malformed line in a feed (which file, which line), a feed that is not what was read, or
 * an error of ingest's own that retrying cannot mend.
 */
enum IngestFailure {
  case BadLine(file: Path, line: Long, detail: String)
  case BadFile(file: Path, detail: String)
  case Halted(detail: String)

  def message: String = this match {
    case BadLine(f, n, d) => s"$f: line $n: $d"
    case BadFile(f, d) => s"$f: $d"
    case Halted(d) => d
  }
}
