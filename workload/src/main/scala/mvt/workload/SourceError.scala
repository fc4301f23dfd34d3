package mvt.workload

import mvt.core.FormatError

/** Why a command stream stopped: a format error in a commands file, or a truncated or corrupt command log. */
enum SourceError {
  case Format(error: FormatError)
  case Log(error: CommandLog.LogError)
}
// the message for a person is the command's to write, naming itself and the file (CommandFiles.badInput)
