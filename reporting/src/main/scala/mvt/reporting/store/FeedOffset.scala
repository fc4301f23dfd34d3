package mvt.reporting.store

/**
 * How far the store has folded one feed file (by its name in the journal): the byte just after the last line folded, that line's number,
 * and whether the file is finished (its session is over, so it will not grow).
 */
final case class FeedOffset(path: String, bytes: Long, line: Long, done: Boolean)
