package mvt.reporting

/** The canonical text of an exact amount lives in core ([[mvt.core.Money]]); reporting's name for it. */
export mvt.core.Money
