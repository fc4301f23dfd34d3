package mvt.bench.latency

import cats.data.{Validated, ValidatedNel}
import cats.syntax.all.*
import mvt.workload.{CommandBatch, ProfileGenerator, WorkloadProfile}

/** The bounds of a latency sweep as `mvt bench latency` takes it: its rates, and commands per run. */
object LatencyLimits {

  /** The rates a sweep sends at, each for `seconds`. */
  final case class Sweep(rates: Vector[Long], seconds: Double)

  /**
   * The highest rate `--rates` takes: above what the open-loop driver can pace (on the development machine it
   * falls behind from the start at this rate, to a p50 of hundreds of ms), so it only refuses rates that could
   * never be met. Unbounded, a rate of 1e12/s generated commands past 1.6 GB before it began.
   */
  val MaxRate: Long = 10000000L

  /**
   * The most commands one run (one engine at one rate) sends, `rate × duration`: 10,000,000/s for the default
   * 5 s. It is also the most commands generated for the default flow (about 34 bytes each in memory), so a
   * generated flow always covers a run.
   */
  val MaxCommandsPerRun: Long = 50000000L

  /** Comma-separated rates, each a whole number of commands per second from 1 to [[MaxRate]]; every bad one said. */
  def rates(s: String): ValidatedNel[String, Vector[Long]] = s.split(",", -1).toVector.traverse(rate)

  private def rate(s: String): ValidatedNel[String, Long] = {
    val text = s.trim
    if (!text.matches("[0-9]+") || BigInt(text) < 1)
      Validated.invalidNel(s"bad rate '$s' (expected a whole number of commands per second)")
    else if (BigInt(text) > MaxRate)
      Validated.invalidNel(
        f"rate $text is above the most --rates takes, $MaxRate%,d commands/s (far more than the open-loop driver can pace)"
      )
    else Validated.validNel(text.toLong)
  }

  /** The rates and seconds a run takes, unless the highest rate would send more than [[MaxCommandsPerRun]]. */
  def sweep(rates: Vector[Long], seconds: Double): ValidatedNel[String, Sweep] = {
    val commands = rates.max.toDouble * seconds
    if (commands <= MaxCommandsPerRun) Validated.validNel(Sweep(rates, seconds))
    else
      Validated.invalidNel(
        f"a run may send at most $MaxCommandsPerRun%,d commands (rate × duration), but ${rates.max}%,d/s for $seconds%s s is $commands%,.0f: lower the rate or the duration"
      )
  }

  /** The normal flow (seed 42) long enough for a run at the highest rate, or [[MaxCommandsPerRun]]. */
  def generated(s: Sweep): CommandBatch =
    ProfileGenerator.generate(
      WorkloadProfile.normal,
      math.min((s.rates.max * s.seconds).toLong, MaxCommandsPerRun).toInt.max(1),
      42L
    ).batch
}
