package mvt.trader

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.LongAdder

/** Counts by label (an outcome's or a drop reason's), safe to add to from any thread. */
final class OutcomeCounts {
  private val counts = new ConcurrentHashMap[String, LongAdder]()

  def add(label: String): Unit = counts.computeIfAbsent(label, _ => new LongAdder).increment()

  def get(label: String): Long = Option(counts.get(label)).fold(0L)(_.sum())

  /** Every label counted so far, sorted by label. */
  def snapshot: Vector[(String, Long)] = {
    val b = Vector.newBuilder[(String, Long)]
    counts.forEach((k, v) => b += k -> v.sum())
    b.result().sortBy(_._1)
  }

  /** The sum over labels that `which` accepts. */
  def total(which: String => Boolean): Long = snapshot.collect { case (k, n) if which(k) => n }.sum
}
