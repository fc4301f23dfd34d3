package mvt.bench.venue

import mvt.venue.StageTimes

/**
 * Where the acknowledgement latency went, stage by stage, for every command and for the slowest 1% (those at or
 * above the p99): how late the client offered it, the wait in the inbound queue until the engine took it, the
 * wait for the commit thread's slot, the commit thread's wake-up and write, the force, the feed lines, and the
 * delivery of the acknowledgement; in microseconds, means and the tail's maxima; and the collections the JVM ran
 * meanwhile. Immutable.
 */
final case class StageBreakdown(
    names: Vector[String],
    meanAll: Vector[Double],
    meanTail: Vector[Double],
    maxTail: Vector[Double],
    tailCommands: Int,
    tailBatches: Int,
    gc: GcTotals
) {

  /** Three lines for the bench's output. */
  def render: Vector[String] = {
    def row(label: String, v: Vector[Double]) =
      f"      $label%-14s" + v.map(x => f"$x%9.1f").mkString
    Vector(
      f"      ${"stage (us)"}%-14s" + names.map(n => f"$n%9s").mkString,
      row("mean, all", meanAll),
      row(f"mean, p99+", meanTail),
      row(f"max, p99+", maxTail),
      f"      the p99+ are $tailCommands%,d commands in $tailBatches%,d batches; ${gc.render}"
    )
  }
}

object StageBreakdown {
  val Names: Vector[String] = Vector("late", "queue", "slot", "write", "force", "feeds", "ack")

  /**
   * From a latency run's stage times: `intended`, `offered` and `acked` by sequence number minus one, `accepted`
   * commands; the tail is every command whose latency is at least `p99` nanoseconds.
   */
  def of(
      t: StageTimes,
      intended: Array[Long],
      offered: Array[Long],
      acked: Array[Long],
      accepted: Int,
      p99: Long,
      gc: GcTotals
  ): StageBreakdown = {
    val k = Names.size
    val sumAll = new Array[Double](k)
    val sumTail = new Array[Double](k)
    val maxTail = new Array[Double](k)
    val stage = new Array[Long](k)
    val batches = new java.util.BitSet
    var all = 0
    var tail = 0
    var j = 0
    val n = math.min(accepted, t.capacity)
    while (j < n) {
      val b = t.batchOf(j)
      if (b >= 0 && acked(j) > 0L) {
        stage(0) = offered(j) - intended(j)
        stage(1) = t.taken(j) - offered(j)
        stage(2) = t.handed(b) - t.taken(j)
        stage(3) = t.written(b) - t.handed(b)
        stage(4) = t.forced(b) - t.written(b)
        stage(5) = t.fed(b) - t.forced(b)
        stage(6) = acked(j) - t.fed(b)
        val inTail = acked(j) - intended(j) >= p99
        var s = 0
        while (s < k) {
          sumAll(s) += stage(s)
          if (inTail) { sumTail(s) += stage(s); maxTail(s) = math.max(maxTail(s), stage(s).toDouble) }
          s += 1
        }
        all += 1
        if (inTail) { tail += 1; batches.set(b) }
      }
      j += 1
    }
    def us(a: Array[Double], d: Int) = a.toVector.map(x => if (d == 0) 0.0 else x / d / 1000.0)
    StageBreakdown(Names, us(sumAll, all), us(sumTail, tail), us(maxTail, 1), tail, batches.cardinality, gc)
  }
}

/** The JVM's collections so far: how many and the milliseconds they took (all collectors). Immutable. */
final case class GcTotals(count: Long, millis: Long) {
  def minus(o: GcTotals): GcTotals = GcTotals(count - o.count, millis - o.millis)
  def render: String = s"$count collections took $millis ms meanwhile"
}

object GcTotals {
  def now(): GcTotals = {
    val beans = java.lang.management.ManagementFactory.getGarbageCollectorMXBeans
    var c = 0L
    var ms = 0L
    beans.forEach { b =>
      c += math.max(0L, b.getCollectionCount); ms += math.max(0L, b.getCollectionTime)
    }
    GcTotals(c, ms)
  }
}
