package mvt.cli

/** The progress bar the cli's long commands show on stderr (`mvt.demo.ProgressBar`). */
type ProgressBar = mvt.demo.ProgressBar
val ProgressBar = mvt.demo.ProgressBar
