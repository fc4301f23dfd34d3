package mvt.cli

import cats.data.ValidatedNel
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.cluster.{Consistency, HostPort, ReplaySpeed, Subscription, TlsFiles}
import mvt.cluster.fork.ForkedCluster.DefaultDownAfterMillis
import Named.given

/** The options `mvt node`, `mvt cluster`, `mvt worker` and `mvt bench cluster` share. */
object ClusterOpts {

  given Named[Consistency] = Named("consistency", Consistency.values.toSeq)(_.label)

  val consistency: Opts[Consistency] = Opts.option[Consistency](
    "consistency",
    "How a spend is checked: local (the firm's sketch), majority (written to a majority first) or bounded " +
      "(escrowed rights, no overspend; default)."
  ).withDefault(Consistency.Bounded)

  val accounts: Opts[Int] =
    Opt.int("accounts", 12, 1 to 10000)("Client accounts traded, acct-1 ... acct-N (default 12).")

  val strategies: Opts[Int] = Opt.int("strategies", 1, 1 to Subscription.MaxPerAccount, metavar = "K")(
    "Subscriptions per account (STRATEGY-1 ... STRATEGY-K when K > 1), spread over the traders (default 1)."
  )

  val balance: Opts[Long] = Opt.checked(
    "balance",
    "Each account's provisioned balance in cents (default 20000000).",
    "CENTS",
    20_000_000L,
    "--balance must be positive"
  )(_ > 0L)

  val speed: Opts[ReplaySpeed] = Opt.text("speed", "1|N|max")(
    "The exchange's pace by the day's clock: 1 is real time, N is N times faster, max is as fast as it goes " +
      "(default 1000)."
  ).withDefault("1000").mapValidated(s => ReplaySpeed.parse(s).toValidatedNel)

  // when not given, the nodes' own default: long enough that a busy JVM is not taken for dead
  val downAfter: Opts[Int] = Opt.int("down-after", DefaultDownAfterMillis, 500 to 60000, metavar = "MS")(
    s"Remove a node silent this long (and, under 2000, detect silence this soon); milliseconds (default $DefaultDownAfterMillis)."
  )

  /** `--host`: the address a node listens on. */
  val host: Opts[String] =
    Opt.text("host", "string")("Address to listen on (default 127.0.0.1).").withDefault("127.0.0.1")

  /** `--port`: the port a node listens on, 0 for any free one. */
  val port: Opts[Int] =
    Opts.option[Int]("port", "Port to listen on (default 0: any free port).").withDefault(0)
      .validate("--port must be 0 to 65535")(p => p >= 0 && p < 65536)

  /** `HOST:PORT`, checked for a port in range. */
  def hostPort(s: String): ValidatedNel[String, (String, Int)] = HostPort.parse(s).toValidatedNel

  /** The address of a node to join, `HOST:PORT` checked as [[hostPort]]. */
  def seed(s: String): ValidatedNel[String, String] = hostPort(s).map((h, p) => s"$h:$p")

  /** `--tls-keystore`, `--tls-truststore` and `--tls-password-file`: none, or the key store and password file. */
  val tls: Opts[Option[TlsFiles]] = (
    Opt.file("tls-keystore")("Run Artery over mutual TLS with this PKCS#12 key store (the node's key and certificate); only nodes whose " +
      "certificate the trust store holds can join or send. Without it a node listens on loopback only."),
    Opt.file("tls-truststore")("The PKCS#12 store of the certificates let in (default: the key store)."),
    Opt.file("tls-password-file")(
      "A file whose first line is the stores' password (never give it as an argument)."
    )
  ).tupled.mapValidated((ks, ts, pf) => TlsFiles.of(ks, ts, pf).toValidatedNel)
}
