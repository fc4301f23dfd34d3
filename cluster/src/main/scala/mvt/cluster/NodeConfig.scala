package mvt.cluster

import com.typesafe.config.{Config, ConfigFactory}

import scala.util.chaining.*

/**
 * The Pekko configuration of one cluster node: Artery TCP on `host:port` (0 picks a free port), the cluster
 * provider with `roles`, the `crdt` serializer bound and Java serialization off. `testMode` turns on Artery's
 * test mode, which [[Partition]] needs to cut links. `downAfter` turns on Pekko's split-brain resolver (keep
 * majority) so a killed node is removed and its work moves; without it an unreachable node stays a member,
 * which is what a partition that heals wants. A `downAfter` under 2 s also shortens the failure detector's
 * acceptable heartbeat pause to it (tests detect a killed node sooner; 2 s otherwise). Membership gossip and the
 * leader's actions run every 200 ms (Pekko's default is 1 s): a cluster of a few nodes joins, leaves and moves
 * work in a fraction of the time for a few small messages more. With `tls`, Artery runs over mutually
 * authenticated TLS ([[ArteryTls]]), so only nodes holding a trusted certificate can connect. With `store`, the
 * ledger's keys are durable: Pekko's LMDB store in that directory, written before the replicator answers a write.
 */
object NodeConfig {

  /** Every node of one cluster uses this actor-system name. */
  val SystemName = "mvt"

  /**
   * The JVM options LMDB's Java binding needs on Java 17 (it reads a direct buffer's address by reflection): our
   * launchers (the `mvt` script, [[fork.Launcher]]) start every JVM with them.
   */
  val LmdbJvmOptions: Vector[String] =
    Vector("--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED")

  /** Whether this JVM was started with [[LmdbJvmOptions]], so a durable ledger can open its store. */
  def lmdbReady: Boolean = {
    val base = classOf[java.nio.Buffer].getModule
    val me = getClass.getModule
    base.isOpen("java.nio", me) && base.isOpen("sun.nio.ch", me)
  }

  /** Where a node whose directory is `dir` keeps its ledger's durable store. */
  def storeOf(dir: java.nio.file.Path): java.nio.file.Path = dir.resolve("ledger.lmdb")

  def apply(
      host: String,
      port: Int,
      roles: Seq[String],
      testMode: Boolean,
      downAfter: Option[scala.concurrent.duration.FiniteDuration],
      tls: Option[ArteryTls] = None,
      store: Option[java.nio.file.Path] = None
  ): Config = {
    val rolesList = roles.map(r => "\"" + r + "\"").mkString("[", ",", "]")
    // the detector's pause bounds how soon a silent node is even seen unreachable; the resolver waits downAfter more
    val pause = downAfter.fold(2000L)(d => math.min(2000L, math.max(500L, d.toMillis)))
    val heartbeat = math.min(500L, pause / 4)
    val downing = downAfter match {
      case Some(d) =>
        s"""pekko.cluster.downing-provider-class = "org.apache.pekko.cluster.sbr.SplitBrainResolverProvider"
           |pekko.cluster.split-brain-resolver.active-strategy = keep-majority
           |pekko.cluster.split-brain-resolver.stable-after = ${d.toMillis}ms
           |""".stripMargin
      case None => """pekko.cluster.downing-provider-class = """""
    }
    ConfigFactory
      .parseString(
        s"""pekko.actor.provider = cluster
           |pekko.actor.allow-java-serialization = off
           |pekko.actor.warn-about-java-serializer-usage = on
           |pekko.actor.serializers.mvt-crdt = "mvt.cluster.CrdtSerializer"
           |pekko.actor.serialization-bindings {
           |  "mvt.cluster.Replicated" = mvt-crdt
           |  "mvt.cluster.RightsRequest" = mvt-crdt
           |  "mvt.cluster.MarketUpdates" = mvt-crdt
           |  "mvt.cluster.OrderMessage" = mvt-crdt
           |  "mvt.cluster.OrderReport" = mvt-crdt
           |  "mvt.cluster.ModifyReport" = mvt-crdt
           |  "mvt.cluster.OrderAck" = mvt-crdt
           |  "mvt.cluster.ReportAck" = mvt-crdt
           |  "mvt.cluster.PositionRequest" = mvt-crdt
           |  "mvt.cluster.PositionReport" = mvt-crdt
           |}
           |pekko.remote.artery.transport = tcp
           |pekko.remote.artery.canonical.hostname = "$host"
           |pekko.remote.artery.canonical.port = $port
           |pekko.remote.artery.advanced.test-mode = ${if (testMode) "on" else "off"}
           |pekko.cluster.roles = $rolesList
           |pekko.cluster.jmx.enabled = off
           |pekko.cluster.gossip-interval = 200ms
           |pekko.cluster.leader-actions-interval = 200ms
           |pekko.cluster.unreachable-nodes-reaper-interval = 250ms
           |pekko.cluster.periodic-tasks-initial-delay = 100ms
           |pekko.cluster.log-info = off
           |pekko.cluster.distributed-data.notify-subscribers-interval = 20ms
           |pekko.cluster.distributed-data.gossip-interval = 300ms
           |pekko.cluster.distributed-data.delta-crdt.enabled = on
           |pekko.cluster.failure-detector.acceptable-heartbeat-pause = ${pause}ms
           |pekko.cluster.failure-detector.heartbeat-interval = ${heartbeat}ms
           |pekko.coordinated-shutdown.exit-jvm = off
           |pekko.coordinated-shutdown.run-by-jvm-shutdown-hook = off
           |pekko.loglevel = WARNING
           |pekko.stdout-loglevel = OFF
           |pekko.log-dead-letters = off
           |pekko.log-dead-letters-during-shutdown = off
           |$downing
           |${store.fold("")(durable)}
           |""".stripMargin
      )
      .pipe(base => tls.fold(base)(t => ConfigFactory.parseString(ArteryTls.config(t)).withFallback(base)))
      .withFallback(ConfigFactory.load())
  }

  // every ledger key (their names start `balance-`), in `dir` exactly (a name ending in `ddata` would get the port
  // appended, and a trader's port changes between runs); no write-behind, so the replicator answers a write only once
  // LMDB has committed it (a commit is synced to disk)
  private def durable(dir: java.nio.file.Path): String = {
    val quoted = io.circe.Json.fromString(dir.toAbsolutePath.toString).noSpaces
    s"""pekko.cluster.distributed-data.durable.keys = ["balance-*"]
       |pekko.cluster.distributed-data.durable.lmdb.dir = $quoted
       |pekko.cluster.distributed-data.durable.lmdb.map-size = 100 MiB
       |pekko.cluster.distributed-data.durable.lmdb.write-behind-interval = off
       |""".stripMargin
  }
}
