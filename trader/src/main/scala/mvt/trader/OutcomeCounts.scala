package mvt.trader

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.LongAdder

/** Counts by outcome kind (a drop by its reason), safe to add to from any thread. */
final class OutcomeCounts {
  private val counts = new ConcurrentHashMap[OutcomeKind, LongAdder]()

  def add(kind: OutcomeKind): Unit = counts.computeIfAbsent(kind, _ => new LongAdder).increment()

  def add(reason: DropReason): Unit = add(OutcomeKind.Dropped(reason))

  def get(kind: OutcomeKind): Long = Option(counts.get(kind)).fold(0L)(_.sum())

  def get(reason: DropReason): Long = get(OutcomeKind.Dropped(reason))

  /** Every kind counted so far, sorted by label. */
  def snapshot: Vector[(OutcomeKind, Long)] = {
    val b = Vector.newBuilder[(OutcomeKind, Long)]
    counts.forEach((k, v) => b += k -> v.sum())
    b.result().sortBy(_._1.label)
  }

  /** [[snapshot]] with each kind rendered as its label. */
  def labelled: Vector[(String, Long)] = snapshot.map((k, n) => k.label -> n)

  /** The sum over kinds that `which` accepts. */
  def total(which: OutcomeKind => Boolean): Long = snapshot.collect { case (k, n) if which(k) => n }.sum
}
