package mvt.reporting.live

import mvt.reporting.PnlFold

/**
 * Ingest's hook for live figures: `folded` is called after every poll, on ingest's own thread, with the fold
 * as that poll left it (the only moment the fold may be read from outside). It must be quick and must not throw.
 */
trait FoldWatcher {
  def folded(fold: PnlFold): Unit
}

object FoldWatcher {

  /** Watches nothing. */
  val None: FoldWatcher = _ => ()
}
