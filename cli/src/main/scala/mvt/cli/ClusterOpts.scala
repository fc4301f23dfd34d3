package mvt.cli

import cats.data.ValidatedNel
import cats.syntax.all.*
import com.monovore.decline.{Argument, Opts}
import mvt.cluster.Consistency

/** The options `mvt node`, `mvt cluster` and `mvt bench cluster` share. */
object ClusterOpts {

  given Named[Consistency] = new Named[Consistency] {
    def what: String = "consistency"
    def values: Seq[Consistency] = Consistency.values.toSeq
    def label(e: Consistency): String = e.label
  }

  given Argument[Consistency] = new Argument[Consistency] {
    def read(s: String): ValidatedNel[String, Consistency] = summon[Named[Consistency]].read(s)
    def defaultMetavar: String = summon[Named[Consistency]].names
  }

  val consistency: Opts[Consistency] =
    Opts.option[Consistency](
      "consistency",
      "How a spend is checked: local (the firm's sketch), majority (written to a majority first) or bounded " +
        "(escrowed rights, no overspend; default)."
    ).withDefault(Consistency.Bounded)

  val accounts: Opts[Int] =
    Opts.option[Int]("accounts", "Client accounts traded, acct-1 ... acct-N (default 12).", metavar = "N")
      .withDefault(12)
      .validate("--accounts must be 1 to 10000")(n => n >= 1 && n <= 10000)

  val balance: Opts[Long] =
    Opts.option[Long](
      "balance",
      "Each account's provisioned balance in cents (default 20000000).",
      metavar = "CENTS"
    )
      .withDefault(20_000_000L)
      .validate("--balance must be positive")(_ > 0L)

  val pauseMillis: Opts[Long] =
    Opts.option[Long](
      "pause-ms",
      "The exchange's pause after each block of 8,192 commands, in ms: the day's pace (default 100; 0 is full speed).",
      metavar = "MS"
    ).withDefault(100L)
      .validate("--pause-ms must be 0 to 60000")(n => n >= 0L && n <= 60000L)

  /** `HOST:PORT`, checked for a port in range. */
  def hostPort(s: String): ValidatedNel[String, (String, Int)] = {
    val i = s.lastIndexOf(':')
    val port = if (i > 0) s.substring(i + 1).toIntOption else None
    port.filter(p => p > 0 && p < 65536).map(p => (s.substring(0, i), p)).toValidNel(
      s"expected HOST:PORT, got '$s'"
    )
  }
}
