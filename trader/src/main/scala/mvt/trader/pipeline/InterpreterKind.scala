package mvt.trader
package pipeline

/** Which interpreter the consumer side runs the pipeline with; chosen at start-up. */
enum InterpreterKind(val label: String, val description: String) {
  case Fold extends InterpreterKind("fold", "synchronous, on one consumer thread")
  case Io extends InterpreterKind("io", "cats-effect IO; decisions run in parallel on the compute pool")
}
