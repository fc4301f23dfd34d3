package mvt.venue

import mvt.core.LineGate

import java.util.concurrent.Future
import java.util.concurrent.locks.LockSupport

/**
 * Recovery's gate while its feed file is still being scanned on another thread, so the replay need not wait for
 * the scan: a line before the last complete line the scan has counted so far is surely in the file and not its
 * last, so it is dropped unformatted at once; at the first line the scan has not yet passed, the gate waits for
 * the scan's end and hands over to a [[FeedGate]] made from what it found (the lines already dropped deducted).
 * A feed the scan finds damaged, or a quote feed whose first line is not its header, drops every line, to be
 * refused after the replay. `header` (the quote feed's, empty for trades) is written first when the file holds
 * no line. Allocates nothing per line. Engine thread only.
 */
final class PrefixGate(
    scan: Future[Either[FeedScan.Damage, FeedScan.Prefix]],
    progress: FeedScan.Progress,
    feed: FeedFile,
    out: SwitchableOut,
    header: Array[Byte]
) extends LineGate {
  // lines the file holds before the writer's first one (the quote feed's header)
  private val headerLines = if (header.length > 0) 1L else 0L
  private var dropped = 0L // lines dropped before the scan ended
  private var passed = 0L // complete lines of the writer's the scan had counted when last read
  private var gate: FeedGate = null // null until the scan has ended
  private var dead = false // the feed is damaged: nothing is written

  /** What the scan found, once `resolved`. */
  var found: Either[FeedScan.Damage, FeedScan.Prefix] = null

  @annotation.tailrec
  def next(): Int =
    if (gate ne null) gate.next()
    else if (dead) 0
    else if (dropped + 1 < passed) { dropped += 1; 0 }
    else {
      passed = progress.lines - headerLines
      if (dropped + 1 < passed) { dropped += 1; 0 }
      else if (!scan.isDone) { LockSupport.parkNanos(20000L); next() }
      else { resolve(); next() }
    }

  def probeStart(): Unit = gate.probeStart()

  def probeEnd(): Unit = gate.probeEnd()

  /** Waits for the scan's end (after the replay) and returns the gate it became, null for a damaged feed. */
  def resolved: FeedGate = {
    if ((gate eq null) && !dead) resolve()
    gate
  }

  private def resolve(): Unit = {
    found =
      try scan.get()
      catch { case e: java.util.concurrent.ExecutionException => throw e.getCause }
    found match {
      case Left(_) => dead = true
      case Right(p) if headerLines > 0 && p.lines > 0 && !java.util.Arrays.equals(p.firstLine, header) =>
        dead = true
      case Right(p) =>
        feed.skipTo(p.prefixBytes)
        if (p.lines == 0L && header.length > 0) out.write(header)
        gate = new FeedGate(math.max(0L, p.lines - headerLines - dropped), out, p.lastLine)
    }
  }
}
