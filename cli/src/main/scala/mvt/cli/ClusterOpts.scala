package mvt.cli

import cats.data.ValidatedNel
import cats.syntax.all.*
import com.monovore.decline.{Argument, Opts}
import mvt.cluster.{Consistency, ReplaySpeed}

/** The options `mvt node`, `mvt cluster`, `mvt worker` and `mvt bench cluster` share. */
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

  val speed: Opts[ReplaySpeed] =
    Opts.option[String](
      "speed",
      "The exchange's pace by the day's clock: 1 is real time, N is N times faster, max is as fast as it goes " +
        "(default 1000).",
      metavar = "1|N|max"
    ).withDefault("1000").mapValidated(s => ReplaySpeed.parse(s).toValidatedNel)

  /** `--down-after` when not given: the nodes' own default, long enough that a busy JVM is not taken for dead. */
  val DefaultDownAfterMillis: Int = mvt.cluster.fork.ForkedCluster.DefaultDownAfterMillis

  val downAfter: Opts[Int] =
    Opts.option[Int](
      "down-after",
      s"Remove a node silent this long (and, under 2000, detect silence this soon); milliseconds (default $DefaultDownAfterMillis).",
      metavar = "MS"
    ).withDefault(DefaultDownAfterMillis).validate("--down-after must be 500 to 60000")(ms =>
      ms >= 500 && ms <= 60_000
    )

  /** `--host`: the address a node listens on. */
  val host: Opts[String] =
    Opts.option[String]("host", "Address to listen on (default 127.0.0.1).").withDefault("127.0.0.1")

  /** `--port`: the port a node listens on, 0 for any free one. */
  val port: Opts[Int] =
    Opts.option[Int]("port", "Port to listen on (default 0: any free port).").withDefault(0)
      .validate("--port must be 0 to 65535")(p => p >= 0 && p < 65536)

  /** `HOST:PORT`, checked for a port in range. */
  def hostPort(s: String): ValidatedNel[String, (String, Int)] = {
    val i = s.lastIndexOf(':')
    val port = if (i > 0) s.substring(i + 1).toIntOption else None
    port.filter(p => p > 0 && p < 65536).map(p => (s.substring(0, i), p)).toValidNel(
      s"expected HOST:PORT, got '$s'"
    )
  }
}
