package mvt.cli

import mvt.core.files.FileTree
import io.circe.parser.parse

import java.nio.file.{Files as JFiles, Path}
import scala.concurrent.duration.*

/**
 * `mvt backtest --cluster`: the output equals the single-machine run's, with forked loopback workers, and when a
 * worker JVM is killed with SIGKILL mid-sweep; `mvt worker`; the usage errors.
 */
class BacktestClusterSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 4.minutes

  // the days every test reads, generated once for the suite
  private var generated: Path = null
  private lazy val dayDir: Path = {
    val dir = JFiles.createTempDirectory("mvt-backtest-cluster")
    generated = dir
    CliRun.generate(dir, days = 4, accounts = 20, commands = 20000)
    dir
  }

  override def afterAll(): Unit =
    if (generated ne null) FileTree.delete(generated)

  /** A test over the shared days. */
  private def daysTest(name: String)(body: Path => Unit): Unit = test(name)(body(dayDir))

  // what the single machine prints for the sweep: the reference of two tests, run once
  private lazy val singleSweep: CliRun.Result = {
    val r = CliRun(sweepArgs(dayDir)*)()
    assertEquals(r.status, 0, r.err)
    r
  }

  private def freePort(): Int = mvt.cluster.fork.ForkedNode.freePort()

  private def sweepArgs(dir: Path): Vector[String] = CliRun.sweep(dir) ++ Vector("--fee-per-share", "0.001")

  daysTest("a sweep on two forked workers prints what the single-machine sweep prints") { dir =>
    val single = singleSweep
    val port = freePort()
    val r = CliRun((sweepArgs(dir) ++ Vector(
      "--cluster",
      s"127.0.0.1:$port",
      "--workers",
      "2",
      "--parallelism",
      "1"
    ))*)()
    assertEquals(r.status, 0, r.err)
    assertEquals(r.out, single.out)
    assert(r.err.contains("cluster: 2 worker(s) up"), r.err)
    assert(r.err.contains("16 jobs in"), r.err)
  }

  daysTest("a single run on one forked worker prints and writes the same JSON as on one machine") { dir =>
    val args = Vector("backtest", "--data", dir.toString, "--strategy", "momentum", "--param", "size=70")
    CliRun.withTempFile(".json") { local =>
      CliRun.withTempFile(".json") { remote =>
        val single = CliRun((args ++ Vector("--json", local.toString))*)()
        assertEquals(single.status, 0, single.err)
        val port = freePort()
        val r = CliRun(
          (args ++ Vector("--json", remote.toString, "--cluster", s"127.0.0.1:$port", "--workers", "1"))*
        )()
        assertEquals(r.status, 0, r.err)
        assertEquals(r.out, single.out)
        assertEquals(parse(JFiles.readString(remote)), parse(JFiles.readString(local)))
      }
    }
  }

  daysTest(
    "SIGKILL of a worker JVM mid-sweep: its jobs run on the other, and the output is the single machine's"
  ) {
    dir =>
      val single = singleSweep
      val port = freePort()
      val seed = s"127.0.0.1:$port"
      // the processes' output files go beside the days, not among them
      val logs = JFiles.createTempDirectory(dir.getParent, "mvt-backtest-cluster-logs")
      // the sweep starts once both workers are in: with one, a slow second JVM saw the first run every job
      val backtest =
        ForkedMvt.start(logs, None, (sweepArgs(dir) ++ Vector("--cluster", seed, "--min-workers", "2"))*)
      val workers =
        Vector.fill(2)(ForkedMvt.start(logs, None, "worker", "--seed", seed, "--parallelism", "1"))
      try {
        val deadline = 120.seconds.fromNow
        def ranJob(w: ForkedMvt.Running) = JFiles.readString(w.out).linesIterator.exists(_.startsWith("job "))
        def up(w: ForkedMvt.Running) = JFiles.readString(w.out).linesIterator.exists(_.startsWith("worker "))
        // the first worker to run a job is killed once both are up: two of three nodes are left, a majority (killed
        // while the other was still joining, it would leave the backtest node alone against it, a tie that the
        // split-brain resolver settles for the lower address, often the killed one)
        while (
          !(workers.exists(ranJob) && workers.forall(up)) && backtest.process.isAlive && deadline.hasTimeLeft()
        ) Thread.sleep(50)
        val victim = workers.indexWhere(ranJob)
        assert(victim >= 0, s"a worker ran a job: ${workers.map(w => JFiles.readString(w.out) + w.stderr)}")
        assert(backtest.process.isAlive, "the sweep was still running when the worker was killed")
        val (w1, w2) = (workers(victim), workers(1 - victim))
        w1.process.destroyForcibly() // SIGKILL: no goodbye to the cluster
        assertEquals(backtest.await(180), Some(0), backtest.stderr)
        assert(backtest.stderr.contains("waiting for 2 worker(s)"), backtest.stderr)
        assert(backtest.stderr.contains("2 worker(s) up after"), backtest.stderr)
        assertEquals(JFiles.readString(backtest.out), single.out)
        val w1Port = JFiles.readString(w1.out).linesIterator.collectFirst {
          case l if l.startsWith("worker ") => l.split(' ')(1)
        }
        assert(w1Port.exists(p => backtest.stderr.contains(s"unreachable $p")), backtest.stderr)
        // the surviving worker stops by itself once the backtest node has left
        assertEquals(w2.await(60), Some(0), w2.stderr)
        assert(JFiles.readString(w2.out).contains("the backtest node left"), JFiles.readString(w2.out))
      } finally {
        (backtest +: workers).foreach(_.process.destroyForcibly())
        FileTree.delete(logs)
      }
  }

  test("usage errors of backtest --cluster and worker are one line, status 1") {
    // a backtest that would run on one machine; each case adds the cluster options it gets wrong
    val backtest = Vector("backtest", "--data", ".", "--strategy", "momentum")
    val cases = Vector(
      (backtest ++ Vector("--workers", "2")) -> "--workers needs --cluster",
      (backtest ++ Vector("--cluster", "localhost")) -> "expected HOST:PORT",
      (backtest ++ Vector("--cluster", "h:1", "--workers", "-1")) -> "--workers must be 0 to 64",
      (backtest ++ Vector("--min-workers", "2")) -> "--min-workers needs --cluster",
      (backtest ++ Vector("--cluster", "h:1", "--min-workers", "0")) -> "--min-workers must be 1 to 64",
      (backtest ++ Vector("--cluster", "h:1", "--workers", "2", "--min-workers", "2")) ->
        "--min-workers is for mvt worker nodes that join",
      Vector("worker") -> "--seed",
      Vector("worker", "--seed", "h:0") -> "expected HOST:PORT",
      Vector("worker", "--seed", "h:1", "--parallelism", "0") -> "--parallelism must be 1 to 1024"
    )
    for ((args, says) <- cases) CliRun.assertUsageError(args, says)
    val d = CliRun("worker", "--seed", "127.0.0.1:1", "--data", "/no/such/dir")()
    assertEquals(d.status, 1, d.err)
    assertEquals(d.err.trim, "mvt worker: /no/such/dir is not a directory")
  }
}
