package mvt.venue

import mvt.core.*
import mvt.workload.CommandLogWriter

import java.nio.file.{Files, Path}

/** Recorded days for the venue's replay tests. */
object RecordedDays {

  /** A recorded day of `commands` adds and cancels on three symbols, the clock a second further every 40 commands. */
  def write(path: Path, commands: Int): Unit = {
    val out = new java.io.BufferedOutputStream(Files.newOutputStream(path))
    val w = new CommandLogWriter(out)
    val rnd = new java.util.SplittableRandom(5L)
    val start = java.time.Instant.parse("2026-01-06T14:30:00Z")
    for (i <- 1 to commands) {
      if (i % 40 == 1) w.time((start.getEpochSecond + i / 40) * 1000000000L)
      val s = CrashChild.Symbols(rnd.nextInt(3))
      if (i > 20 && rnd.nextInt(4) == 0) w.cancel(s, i - 1L - rnd.nextInt(20))
      else
        w.add(
          s,
          i.toLong,
          if (rnd.nextBoolean()) Side.Buy else Side.Sell,
          (100L + rnd.nextInt(8)) * Price.Scale,
          1L + rnd.nextInt(20),
          rnd.nextInt(5)
        )
    }
    w.finish()
    out.close()
  }
}
