package mvt.workload

import mvt.core.FormatError

/** Why a command stream stopped: a format error in a commands file, or a truncated or corrupt command log. */
enum SourceError {
  case Format(error: FormatError)
  case Log(error: CommandLog.LogError)

  /** One line for a person, naming the input (`where`: a path or "standard input"). */
  def render(where: String): String = this match {
    case Format(e) => s"${e.render} (in $where)"
    case Log(e) => s"mvt: $where: ${e.render}"
  }
}
