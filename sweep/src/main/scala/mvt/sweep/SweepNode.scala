package mvt.sweep

import com.typesafe.config.{Config, ConfigFactory}
import mvt.backtest.{DayFailure, DayFile, DayResult, DayRun, DaySetup}
import mvt.cluster.NodeConfig
import mvt.sweep.SweepProtocol.*
import org.apache.pekko.actor.AddressFromURIString
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.actor.typed.{ActorRef, ActorSystem}
import org.apache.pekko.cluster.ClusterEvent.{MemberRemoved, UnreachableMember}
import org.apache.pekko.cluster.MemberStatus
import org.apache.pekko.cluster.typed.{Cluster, ClusterSingleton, JoinSeedNodes, SingletonActor, Subscribe}

import java.util.concurrent.{ExecutorService, Executors}
import scala.concurrent.duration.*
import scala.concurrent.{Await, ExecutionContext, Future, Promise}

/**
 * One node of a sweep cluster: its actor system (the trader cluster's [[NodeConfig]] plus [[SweepSerializer]]),
 * the proxy to the coordinator singleton (which runs on the oldest node), and, as asked, a worker that runs jobs
 * or a client that submits a sweep. Created by [[SweepNode.start]]; `close` leaves the cluster.
 */
final class SweepNode private (
    val system: ActorSystem[Nothing],
    val coordinator: ActorRef[CoordinatorCommand]
) extends AutoCloseable {

  @volatile private var pool: Option[ExecutorService] = None

  /** This node's address as `host:port`. */
  def name: String = SweepNode.hostPort(Cluster(system).selfMember.address)

  /** How many worker nodes this node sees up. */
  def workersUp: Int =
    Cluster(system).state.members.count(m => m.status == MemberStatus.Up && m.hasRole(SweepNode.WorkerRole))

  /**
   * Whether a client node (one that submits sweeps) is a member, in any state short of removed: a client that is
   * leaving is still present until the cluster has removed it, so a worker that waits for this to turn false does
   * not leave at the same time and hold up the client's own leaving.
   */
  def clientPresent: Boolean = Cluster(system).state.members.exists(_.hasRole(SweepNode.ClientRole))

  /** Whether this node is still a member that is up. */
  def isUp: Boolean = Cluster(system).selfMember.status == MemberStatus.Up

  /**
   * Starts this node's worker: `capacity` jobs at once on as many threads, each day read with `remap` applied to
   * its file (a worker on another machine may keep the days elsewhere). `done` is told each job it reported.
   */
  def startWorker(capacity: Int, remap: DayFile => DayFile, done: (Assign, Outcome) => Unit): Unit = {
    val threads = Executors.newFixedThreadPool(
      capacity,
      r => { val t = new Thread(r, "mvt-sweep-job"); t.setDaemon(true); t }
    )
    pool = Some(threads)
    val run = (setup: DaySetup, day: DayFile) => DayRun(remap(day), setup).left.map(_.problem)
    system.systemActorOf(
      SweepWorker(coordinator, capacity, ExecutionContext.fromExecutor(threads), run, done),
      "sweep-worker"
    ): Unit
  }

  /**
   * Submits `plan` and completes with the outcome of every job in job order (a failure names the plan's file), once
   * each job has one. `progress` is told the count of jobs done. The status tells what the coordinator saw.
   */
  def run(
      plan: SweepPlan,
      progress: Int => Unit
  ): (Future[Vector[Either[DayFailure, DayResult]]], SweepClient.Status) = {
    val id = java.util.UUID.randomUUID.toString
    val result = Promise[Vector[Outcome]]()
    val status = new SweepClient.Status
    system.systemActorOf(
      SweepClient(id, plan, coordinator, result, progress, status),
      s"sweep-client-$id"
    ): Unit
    // a node the cluster removes (its split-brain resolver downs a node it cannot reach) stops its actor system:
    // the sweep cannot finish here, and the caller hears so instead of waiting for ever
    system.whenTerminated.foreach(_ => result.tryFailure(new SweepNode.NodeLeft(status.done)): Unit)(
      ExecutionContext.parasitic
    )
    val named = result.future.map(_.zipWithIndex.map((o, j) => o.left.map(p => DayFailure(plan.day(j), p))))(
      ExecutionContext.parasitic
    )
    (named, status)
  }

  /** Tells `say` of every node that becomes unreachable or is removed: `unreachable HOST:PORT (roles)`. */
  def watchMembers(say: String => Unit): Unit =
    system.systemActorOf(
      Behaviors.setup[AnyRef] { ctx =>
        val cluster = Cluster(ctx.system)
        cluster.subscriptions ! Subscribe(ctx.self.narrow[UnreachableMember], classOf[UnreachableMember])
        cluster.subscriptions ! Subscribe(ctx.self.narrow[MemberRemoved], classOf[MemberRemoved])
        Behaviors.receiveMessage {
          case UnreachableMember(m) =>
            say(
              s"unreachable ${SweepNode.hostPort(m.address)} (${m.roles.filter(_.startsWith("sweep")).mkString(",")})"
            )
            Behaviors.same
          case MemberRemoved(m, _) =>
            say(
              s"removed ${SweepNode.hostPort(m.address)} (${m.roles.filter(_.startsWith("sweep")).mkString(",")})"
            )
            Behaviors.same
          case _ => Behaviors.same
        }
      },
      "sweep-members"
    ): Unit

  def close(): Unit = {
    system.terminate()
    Await.ready(system.whenTerminated, 60.seconds)
    pool.foreach(_.shutdownNow())
  }
}

object SweepNode {

  /** The sweep's node left the cluster (it was removed, or stopped) after `done` jobs had an outcome. */
  final class NodeLeft(val done: Int)
      extends RuntimeException(s"this node left the sweep cluster after $done job(s) finished")

  /** The role of a node that runs jobs. */
  val WorkerRole = "sweep-worker"

  /** The role of a node that submits a sweep (`mvt backtest --cluster`). */
  val ClientRole = "sweep-client"

  /** How long a job is leased before it is handed to another worker, by default: far longer than any day. */
  val DefaultLease: FiniteDuration = 10.minutes

  /**
   * The configuration of a sweep node: the trader cluster's node configuration, Pekko's split-brain resolver
   * removing a node silent for `downAfter` (so a killed node's singleton can move), and the sweep serializer.
   */
  def config(
      host: String,
      port: Int,
      roles: Seq[String],
      downAfter: FiniteDuration,
      testMode: Boolean
  ): Config =
    ConfigFactory
      .parseString(
        s"""pekko.actor.serializers.mvt-sweep = "mvt.sweep.SweepSerializer"
           |pekko.actor.serialization-bindings {
           |  "mvt.sweep.SweepMessage" = mvt-sweep
           |}
           |""".stripMargin
      )
      .withFallback(NodeConfig(host, port, roles, testMode, Some(downAfter)))

  /**
   * Starts a node on `host:port` (0: any free port) with `roles`, joining `seeds` (`host:port`; none: this node
   * starts the cluster), and the coordinator singleton's manager and proxy. Waits up to `upWithin` for the node to
   * be up.
   * @throws IllegalStateException if it is not up by then
   */
  def start(
      host: String,
      port: Int,
      seeds: Vector[String],
      roles: Seq[String],
      downAfter: FiniteDuration = 3.seconds,
      leaseFor: FiniteDuration = DefaultLease,
      testMode: Boolean = false,
      upWithin: FiniteDuration = 60.seconds
  ): SweepNode = {
    val system = ActorSystem(
      Behaviors.empty[Nothing],
      NodeConfig.SystemName,
      config(host, port, roles, downAfter, testMode)
    )
    val cluster = Cluster(system)
    val seedAddresses =
      if (seeds.isEmpty) List(cluster.selfMember.address)
      else seeds.toList.map(hp => AddressFromURIString(s"pekko://${NodeConfig.SystemName}@$hp"))
    cluster.manager ! JoinSeedNodes(seedAddresses)
    val deadline = upWithin.fromNow
    while (cluster.selfMember.status != MemberStatus.Up && deadline.hasTimeLeft()) Thread.sleep(20)
    if (cluster.selfMember.status != MemberStatus.Up) {
      system.terminate()
      throw new IllegalStateException(s"not up within $upWithin: is a seed (${seeds.mkString(",")}) running?")
    }
    val coordinator =
      ClusterSingleton(system).init(SingletonActor(SweepCoordinator(leaseFor), SweepCoordinator.Name))
    new SweepNode(system, coordinator)
  }

  private def hostPort(a: org.apache.pekko.actor.Address): String =
    s"${a.host.getOrElse("?")}:${a.port.getOrElse(0)}"
}
