package mvt.cluster.nemesis

/**
 * A seeded random schedule of faults for a forked cluster of `traders` traders over `seconds` of trading: the same
 * seed gives the same schedule, so a failure is replayed from its seed. At most one trader is down at a time (a
 * killed trader is restarted before the next kill), so the cluster keeps a majority of its traders. Immutable.
 */
final case class Schedule(seed: Long, faults: Vector[Schedule.At]) {

  /** The schedule as a line, for reports and failures. */
  def render: String =
    s"seed $seed: " + (if (faults.isEmpty) "no faults"
                       else faults.map(a => s"${a.fault.render} at ${a.millis} ms").mkString(", "))
}

object Schedule {

  /** A fault due `millis` after the day started. */
  final case class At(millis: Long, fault: Fault)

  /** `faults` faults (kills, each followed by its restart, and pauses) spread over `seconds`, from `seed`. */
  def of(seed: Long, traders: Int, seconds: Int, faults: Int): Schedule = {
    val rnd = new scala.util.Random(seed)
    val span = seconds * 1000L
    val step = span / (faults + 1)
    val out = Vector.newBuilder[At]
    (1 to faults).foreach { i =>
      val at = i * step + rnd.nextLong(step / 2 + 1) - step / 4
      val t = rnd.nextInt(traders)
      if (traders > 1 && rnd.nextBoolean()) {
        out += At(at, Fault.Kill(t))
        out += At(at + step / 2, Fault.Restart(t))
      } else out += At(at, Fault.Pause(t, 300 + rnd.nextInt(1200)))
    }
    Schedule(seed, out.result().sortBy(_.millis))
  }
}
