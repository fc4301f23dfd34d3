package mvt.cli

import mvt.analytics.ExecutionFormatError
import mvt.workload.{CommandFiles, SourceError}

// A command's runtime is mvt.core.console's (streams, inputs, outputs, statuses) and workload's CommandFiles;
// these names are the ones the commands use.
export mvt.core.console.{Blocking, CommaList, Outputs, Status, Terminal}

/** Bad data in an input: [[mvt.core.console.BadInput]]. */
type BadInput = mvt.core.console.BadInput

/** Bad input from each reader's error. */
object BadInput {
  export mvt.core.console.BadInput.{fromText, Line, Offset, where, Whole}
  def apply(e: SourceError): BadInput = CommandFiles.badInput(e)
  def apply(e: ExecutionFormatError): BadInput = Line(e.line, e.detail)
}

/** Opening a command's inputs and command streams. */
object Files {
  export mvt.core.console.Inputs.withInput
  export CommandFiles.{source, sourceError}
}

/** A command stream read whole into memory. */
object BatchFiles { export CommandFiles.readBatch as read }

/** The progress bar the long commands show on stderr. */
type ProgressBar = mvt.demo.ProgressBar
val ProgressBar = mvt.demo.ProgressBar
