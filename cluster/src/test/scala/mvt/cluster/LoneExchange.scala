package mvt.cluster

import scala.concurrent.duration.*

/** One exchange node on loopback with no peers, for tests that play the traders themselves. */
object LoneExchange {

  /** Starts it with every account provisioned `provision` cents; the caller closes it. */
  def start(provision: Long): ClusterNode =
    ClusterNode.start(
      ClusterNode.Settings(
        ExchangeNode.Role,
        "127.0.0.1",
        0,
        Vector.empty,
        Consistency.Local,
        Vector.empty,
        provision,
        publishEvery = 1.hour,
        writeTimeout = 2.seconds,
        downAfter = None,
        testMode = false
      ),
      _ => ()
    )
}
