package mvt.venue

/**
 * For benchmarks only: when each command of a new venue passed each stage on its way to its acknowledgement
 * (`System.nanoTime`), in arrays allocated up front for the first `capacity` commands. The engine thread writes
 * `taken` (the command left the inbound queue and was sequenced); the commit thread writes, for each of its
 * batches, when the engine handed it over, when its journal bytes were written, forced, and its feed lines
 * appended, and for each command the batch it went in. Read the arrays only once the venue has terminated (its
 * threads' ends order their writes before that). Commands past `capacity` are not recorded.
 */
final class StageTimes(val capacity: Int) {

  /** By sequence number minus one: when the engine took the command. */
  val taken = new Array[Long](capacity)

  /** By sequence number minus one: the index of the command's batch in the batch arrays (-1 if none yet). */
  val batchOf: Array[Int] = Array.fill(capacity)(-1)

  /** By batch index: when the engine handed it over, its records were written, forced, its feed lines appended. */
  val handed = new Array[Long](capacity)
  val written = new Array[Long](capacity)
  val forced = new Array[Long](capacity)
  val fed = new Array[Long](capacity)

  /** Batches recorded so far (commit thread). */
  var batches = 0

  // engine thread
  private[venue] def take(seq: Long): Unit =
    if (seq >= 1L && seq <= capacity) taken((seq - 1).toInt) = System.nanoTime()

  // commit thread, after a batch's feed lines, before its replies
  private[venue] def committed(b: Batch, wroteAt: Long, forcedAt: Long, fedAt: Long): Unit =
    if (batches < capacity && b.count > 0) {
      val k = batches
      handed(k) = b.handedAt
      written(k) = wroteAt
      forced(k) = forcedAt
      fed(k) = fedAt
      var i = 0
      while (i < b.count) {
        val s = b.seqs(i)
        if (s >= 1L && s <= capacity) batchOf((s - 1).toInt) = k
        i += 1
      }
      batches = k + 1
    }
}
