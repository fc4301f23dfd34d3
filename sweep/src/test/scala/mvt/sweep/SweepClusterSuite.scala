package mvt.sweep

import cats.effect.unsafe.implicits.global
import mvt.backtest.{DayFile, Fixtures, StrategyKind, Sweep}
import mvt.cluster.{Eventually, Partition}
import mvt.sweep.SweepProtocol.*
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.cluster.typed.{Cluster, Down}

import java.math.BigDecimal
import java.nio.file.{Files, Path}
import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicInteger
import scala.concurrent.Await
import scala.concurrent.duration.*

/**
 * Sweeps across several `ActorSystem`s on loopback in this JVM: the ranked rows equal the single-machine sweep's on
 * the same inputs (a corrupt day included), when the coordinator's node leaves mid-sweep or is cut off as if it
 * crashed (the singleton moves and the client submits again), and when a worker takes jobs and never answers (their leases expire).
 */
class SweepClusterSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 4.minutes

  private val capital = new BigDecimal("1000000")

  // the days and the single-machine sweep every test compares with: made once for the suite
  private var dayDir: Path = null
  private lazy val reference: (SweepPlan, Vector[Sweep.Row]) = {
    dayDir = Fixtures.write(Fixtures.generated(3, 4000))
    // a day that fails: its outcome must come back named, as the single machine names it
    Files.writeString(dayDir.resolve("2026-03-05.csv"), "add,1,2\nnot a command\n")
    sweep(dayDir)
  }

  override def afterAll(): Unit =
    if (dayDir ne null) { val _ = new ProcessBuilder("rm", "-rf", dayDir.toString).start().waitFor() }

  /** A test over the shared days: the plan and the single machine's rows. */
  private def sweepTest(name: String)(body: (SweepPlan, Vector[Sweep.Row]) => Unit): Unit =
    test(name)(body(reference._1, reference._2))

  private def sweep(d: Path): (SweepPlan, Vector[Sweep.Row]) = {
    val specs = Sweep
      .specs(
        StrategyKind.SpreadCapture,
        Nil,
        Vector(Sweep.Axis("spread", Vector(2L, 3L)), Sweep.Axis("size", Vector(50L, 100L)))
      )
      .toOption
      .get
    val days = DayFile.list(d, None, None).toOption.get
    val base = Fixtures.setup(StrategyKind.SpreadCapture)
    val single = Sweep.run(specs, days, base, capital, parallelism = 2).unsafeRunSync()
    assert(single.exists(_.outcome.failures.nonEmpty), "the corrupt day fails")
    assert(single.exists(_.metrics.fills > 0L), "some combination traded")
    (SweepPlan(specs, days, base), single)
  }

  // a node cut off is seen unreachable and removed within about a second each (the detector's pause follows it)
  private val DownAfter = 1.second

  // one after the other: nodes leaving all at once wait out the exiting phase's timeout (10 s)
  private def closeAll(nodes: SweepNode*): Unit = nodes.foreach(_.close())

  private def worker(seeds: Vector[String], ran: AtomicInteger = new AtomicInteger): SweepNode = {
    val n = SweepNode.start("127.0.0.1", 0, seeds, Seq(SweepNode.WorkerRole), downAfter = DownAfter)
    n.startWorker(1, identity, (_, _) => { val _ = ran.incrementAndGet() })
    n
  }

  private def client(seeds: Vector[String]): SweepNode =
    SweepNode.start("127.0.0.1", 0, seeds, Seq(SweepNode.ClientRole), downAfter = DownAfter)

  private def rows(plan: SweepPlan, node: SweepNode): (Vector[Sweep.Row], SweepClient.Status) = {
    val (future, status) = node.run(plan, _ => ())
    val outcomes = Await.result(future, 3.minutes)
    (Sweep.assemble(plan.specs, plan.days.size, outcomes, capital), status)
  }

  sweepTest("two workers and a client: the rows equal the single-machine sweep's") { (plan, single) =>
    val w1 =
      worker(Vector.empty) // the oldest: the coordinator runs here, so every message crosses the network
    val c = client(Vector(w1.name))
    val ran2 = new AtomicInteger
    val w2 = worker(Vector(w1.name), ran2)
    try {
      Eventually("two workers up")(c.workersUp == 2)
      val (cluster, status) = rows(plan, c)
      assertEquals(cluster, single)
      assertEquals(status.submissions, 1)
    } finally closeAll(c, w2, w1)
  }

  /**
   * The coordinator's node (the oldest, a worker) fails by `fail(it, the others)` once a job is done and before
   * the last (past the first two jobs, days wait for a gate that opens after the failure): the singleton moves,
   * the client submits again, and the rows equal the single machine's.
   */
  private def coordinatorFails(plan: SweepPlan, single: Vector[Sweep.Row], testMode: Boolean)(
      fail: (SweepNode, Vector[SweepNode]) => Unit
  ): Unit = {
    val started = new AtomicInteger
    val gate = new CountDownLatch(1)
    def gated(day: DayFile): DayFile = { if (started.incrementAndGet() > 2) gate.await(); day }
    def node(seeds: Vector[String], role: String) =
      SweepNode.start("127.0.0.1", 0, seeds, Seq(role), downAfter = DownAfter, testMode = testMode)
    val w1 = node(Vector.empty, SweepNode.WorkerRole) // the oldest: the coordinator runs here
    w1.startWorker(1, gated, (_, _) => ())
    val c = node(Vector(w1.name), SweepNode.ClientRole)
    val w2 = node(Vector(w1.name), SweepNode.WorkerRole)
    w2.startWorker(1, gated, (_, _) => ())
    try {
      Eventually("two workers up")(c.workersUp == 2)
      val done = new AtomicInteger
      val (future, status) = c.run(plan, n => done.set(n))
      Eventually("a job done")(done.get >= 1)
      assert(done.get < plan.jobs)
      fail(w1, Vector(c, w2))
      gate.countDown()
      val outcomes = Await.result(future, 3.minutes)
      assertEquals(Sweep.assemble(plan.specs, plan.days.size, outcomes, capital), single)
      assert(
        status.submissions >= 2,
        s"the client submitted again to the new coordinator: ${status.submissions}"
      )
    } finally { gate.countDown(); closeAll(c, w2, w1) }
  }

  sweepTest(
    "the coordinator's node leaves mid-sweep: the singleton moves, the client resubmits, the rows are equal"
  ) { (plan, single) =>
    // the singleton starts again, empty, on the next oldest
    coordinatorFails(plan, single, testMode = false)((w1, _) => w1.close())
  }

  sweepTest(
    "the coordinator's node is cut off mid-sweep, as if it crashed: it is downed, the rows are equal"
  ) { (plan, single) =>
    coordinatorFails(plan, single, testMode = true) { (w1, others) =>
      // no goodbye: every link of w1 dropped both ways, so the others see it unreachable and down it
      def address(n: SweepNode) = Cluster(n.system).selfMember.address
      for (other <- others) {
        Await.result(Partition.cut(w1.system, address(other)), 10.seconds)
        Await.result(Partition.cut(other.system, address(w1)), 10.seconds)
      }
    }
  }

  sweepTest("a client the cluster downs stops waiting: its sweep fails and says how many jobs had finished") {
    (plan, _) =>
      val c = client(Vector.empty)
      try {
        // no worker: nothing finishes, and the split-brain resolver's verdict is what ends the client's wait
        val (future, _) = c.run(plan, _ => ())
        Cluster(c.system).manager ! Down(Cluster(c.system).selfMember.address)
        val failed = Await.ready(future, 1.minute).value.flatMap(_.failed.toOption)
        failed match {
          case Some(left: SweepNode.NodeLeft) => assertEquals(left.done, 0)
          case other => fail(s"expected the sweep to fail with NodeLeft, got $other")
        }
      } finally c.close()
  }

  sweepTest("a worker that takes jobs and never answers: its leases expire and the jobs run elsewhere") {
    (plan, single) =>
      val c = SweepNode.start("127.0.0.1", 0, Vector.empty, Seq(SweepNode.ClientRole), leaseFor = 2.seconds)
      val silent = SweepNode.start("127.0.0.1", 0, Vector(c.name), Seq(SweepNode.WorkerRole))
      val taken = new AtomicInteger
      try {
        val (future, _) = c.run(plan, _ => ())
        silent.system.systemActorOf(
          Behaviors.setup[WorkerCommand] { ctx =>
            silent.coordinator ! Request(ctx.self, 2)
            Behaviors.receiveMessage { _ =>
              taken.incrementAndGet(); Behaviors.same
            }
          },
          "silent"
        )
        Eventually("the silent worker holds jobs")(taken.get >= 2)
        val w = worker(Vector(c.name))
        try {
          val outcomes = Await.result(future, 3.minutes)
          assertEquals(Sweep.assemble(plan.specs, plan.days.size, outcomes, capital), single)
        } finally w.close()
      } finally closeAll(silent, c)
  }
}
