package mvt.cluster.nemesis

/**
 * A seeded random schedule of faults for a forked cluster of `traders` traders over `seconds` of trading: the same
 * seed gives the same schedule, so a failure is replayed from its seed. At most one trader is down at a time (a
 * killed trader is restarted before the next kill), so the cluster keeps a majority of its traders, and every cut
 * heals within its fault's time. Immutable.
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

  /**
   * One short schedule (see [[Windows]]): from `seed`, the faults of the window of `millis` starting `fromMillis`
   * into the day. With two traders or more, a third of the windows kill one trader in the window's first half and
   * restart it at the window's end. Of the others, a third cut one trader from the other traders
   * ([[Fault.Partition]], the exchange still hearing everyone; with one trader there is no such cut and the window
   * pauses instead), a third cut one trader from the exchange ([[Fault.ExchangeCut]]), each from an instant in the
   * window's first half for 100 to 500 ms, and a third pause one trader (a quarter of them two) for 50 to 500 ms
   * from an instant in the window. A pause or a cut may outlast its window; under a `--down-after` of 1,000 ms it
   * stays shorter than the failure detector's acceptable pause, so the trader stalls or goes unheard and is not
   * removed.
   */
  def window(seed: Long, traders: Int, fromMillis: Long, millis: Long): Schedule = {
    val rnd = new scala.util.Random(seed)
    val faults =
      if (traders > 1 && rnd.nextInt(3) == 0) {
        val t = rnd.nextInt(traders)
        Vector(
          At(fromMillis + rnd.nextLong(millis / 2 + 1), Fault.Kill(t)),
          At(fromMillis + millis - 1, Fault.Restart(t))
        )
      } else
        rnd.nextInt(3) match {
          case k if k < 2 && (k == 1 || traders > 1) =>
            Vector(cutFrom(rnd, traders, fromMillis, millis, k == 1))
          case _ =>
            val first = rnd.nextInt(traders)
            val who =
              if (traders > 1 && rnd.nextInt(4) == 0) Vector(first, (first + 1) % traders) else Vector(first)
            who.map(t => At(fromMillis + rnd.nextLong(millis), Fault.Pause(t, 50 + rnd.nextInt(450))))
        }
    Schedule(seed, faults.sortBy(_.millis))
  }

  /**
   * A window of one cut, from `seed`: a trader cut from the exchange (`fromExchange`) or from the other traders, as
   * [[window]] draws them.
   */
  def cut(seed: Long, traders: Int, fromMillis: Long, millis: Long, fromExchange: Boolean): Schedule =
    Schedule(seed, Vector(cutFrom(new scala.util.Random(seed), traders, fromMillis, millis, fromExchange)))

  // a cut of a random trader from an instant in the window's first half, for 100 to 500 ms
  private def cutFrom(
      rnd: scala.util.Random,
      traders: Int,
      fromMillis: Long,
      millis: Long,
      fromExchange: Boolean
  ): At = {
    val t = rnd.nextInt(traders)
    val at = fromMillis + rnd.nextLong(millis / 2 + 1)
    val ms = 100 + rnd.nextInt(401)
    At(at, if (fromExchange) Fault.ExchangeCut(t, ms) else Fault.Partition(t, exchange = false, ms))
  }

  /**
   * `count` partitions ([[Fault.Partition]]) one after another over `seconds`, from `seed`: each cuts a random
   * trader from the other traders (and with `exchange` from the exchange too) for 30 to 60% of its slot of the
   * day, starting in the slot's first fifth.
   */
  def partitions(seed: Long, traders: Int, seconds: Int, count: Int, exchange: Boolean): Schedule = {
    val rnd = new scala.util.Random(seed)
    val slot = seconds * 1000L / math.max(1, count)
    val faults = Vector.tabulate(count) { i =>
      val at = i * slot + rnd.nextLong(slot / 5 + 1)
      val millis = (slot * (30 + rnd.nextInt(31)) / 100).toInt
      At(at, Fault.Partition(rnd.nextInt(traders), exchange, millis))
    }
    Schedule(seed, faults)
  }

  /** `a`'s and `b`'s faults together in time order, under `a`'s seed. */
  def merge(a: Schedule, b: Schedule): Schedule = Schedule(a.seed, (a.faults ++ b.faults).sortBy(_.millis))

  /**
   * The exchange's kill in the window of `millis` starting `fromMillis` into the day, from `seed` (a stream of its
   * own, so the window's trader faults stay those of [[window]]): a kill in the window's first half, its restart at
   * the window's end.
   */
  def exchangeKill(seed: Long, fromMillis: Long, millis: Long): Vector[At] = {
    val rnd = new scala.util.Random(seed * 31L + 17L)
    Vector(
      At(fromMillis + rnd.nextLong(millis / 2 + 1), Fault.KillExchange),
      At(fromMillis + millis - 1, Fault.RestartExchange)
    )
  }
}
