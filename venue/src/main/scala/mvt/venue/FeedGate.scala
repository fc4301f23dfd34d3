package mvt.venue

import mvt.core.*

/**
 * Recovery's gate in a feed writer: the first `skip` lines the engine produces are already in the feed
 * file, so they are counted and dropped before any formatting; the last of them is formatted once and compared
 * with the file's last line (a cheap check of the prefix), and every later line goes through. A failed check
 * drops every later line too, so nothing is written and recovery refuses. Engine thread only.
 */
final class FeedGate(private var skip: Long, out: SwitchableOut, lastLine: Array[Byte]) extends LineGate {
  private val probe = new ByteSink(256)
  private var saved: java.io.OutputStream = null

  /** Whether the last kept line disagreed with the journal's line. */
  var mismatch = false

  /** Lines still to skip: above zero after replay means the file holds lines the journal does not imply. */
  def remaining: Long = if (mismatch) 0L else skip

  // a probed line is formatted into `probe` instead of the file
  def next(): Int =
    if (skip == 0L) 2
    else if (skip > 1L) { skip -= 1; 0 }
    else { skip = 0L; if (mismatch) 0 else 1 }

  def probeStart(): Unit = { saved = out.target; probe.reset(); out.target = probe }

  def probeEnd(): Unit = {
    out.target = saved
    if (!java.util.Arrays.equals(probe.bytes, 0, probe.size, lastLine, 0, lastLine.length)) {
      mismatch = true; skip = Long.MaxValue
    }
  }
}
