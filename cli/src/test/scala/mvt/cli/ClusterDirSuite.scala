package mvt.cli

import mvt.cluster.fork.{Agreement, ForkedCluster, ForkedNode}
import mvt.cluster.{Consistency, NodeEvent, ReplaySpeed}
import mvt.core.files.FileTree

import java.nio.file.Files as JFiles

/**
 * `mvt cluster --dir DIR` keeps every node's directory in DIR: after a run (real forked JVMs), its trader's and its
 * exchange's durable ledgers are there, and nodes started again on them, with nothing else of the run left, have
 * every account's balance back, equal to the exchange's reconciliation of the day to the cent. A second run of the
 * same day on DIR finds it closed, says so and exits with status 1 at once.
 */
class ClusterDirSuite extends munit.FunSuite {

  override val munitTimeout: scala.concurrent.duration.Duration = scala.concurrent.duration.Duration(4, "min")

  test("mvt cluster --dir: every node keeps its ledger in DIR, and the balances come back from it") {
    val dir = JFiles.createTempDirectory("mvt-cluster-dir")
    val nodes = dir.resolve("nodes")
    var again: Vector[ForkedNode] = Vector.empty
    try {
      // a short day: 6.5 hours of 10,000 commands at 4,000 times real time, about 6 s
      val day = ClusterDay.write(dir.resolve("day.csv"), java.time.LocalDate.of(2026, 3, 9), 10_000, 21L)
      val plan = ForkedCluster.Plan(
        day,
        1,
        Consistency.Bounded,
        2,
        20_000_000L,
        ReplaySpeed(4000.0),
        None,
        false,
        1000,
        nodeDir = Some(nodes)
      )
      val o = ClusterDay.run(plan, "dir")
      assertEquals(o.exchangeStatus, 0, o.exchange.errors.mkString("\n"))
      val expected = o.exchange.events.accounts.map(a => a.account -> a.balance).toMap
      // every node reported its replica as it ran, and the replicas agreed after the trader's first report
      val replicas = (o.exchange +: o.traders).map(_.events.replicas)
      assert(replicas.forall(_.nonEmpty), s"replica reports per node: ${replicas.map(_.size)}")
      assert(
        Agreement.after(replicas(1).head.atMillis, replicas).isDefined,
        replicas.map(_.takeRight(3).map(_.render).mkString("\n")).mkString("\n")
      )
      assertEquals(expected.size, 2, o.exchange.events.events.map(_.render).mkString("\n"))
      Vector("exchange", "trader-1").foreach(n =>
        assert(JFiles.isDirectory(nodes.resolve(n).resolve("ledger.lmdb")), s"$n's store in DIR")
      )
      // the same day again on the same DIR: its session is closed there, so the run says so and starts no node
      val rerun = CliRun(
        "cluster",
        "--nodes",
        "1",
        "--data",
        day.toString,
        "--accounts",
        "2",
        "--history",
        dir.resolve("rerun-history").toString,
        "--dir",
        nodes.toString
      )()
      assertEquals(rerun.status, 1, rerun.err)
      assert(
        rerun.err.contains(s"the day 2026-03-09 in $nodes is already closed") && rerun.err.contains(
          "another --dir"
        ),
        rerun.err
      )
      assertEquals(rerun.out, "", "no node started, nothing reported")
      // every node of the run gone: the trader and a node on the exchange's store started again, nothing else
      val common = Vector("--consistency", "bounded", "--accounts", "2", "--balance", "20000000")
      val port = ForkedNode.freePort()
      def node(name: String, store: String, seeds: Vector[String], port: Int) =
        ForkedNode.start(
          ClusterCommand.launcher,
          dir,
          name,
          Vector(
            "node",
            "--role",
            "trader",
            "--port",
            port.toString,
            "--dir",
            nodes.resolve(store).toString
          ) ++
            seeds.flatMap(s => Vector("--seed", s)) ++ common
        )
      again = Vector(
        node("trader-1-again", "trader-1", Vector.empty, port),
        node("exchange-store", "exchange", Vector(s"127.0.0.1:$port"), 0)
      )
      def back = again.head.events.exists {
        case s: NodeEvent.Stored => s.balances.map(b => b.account -> b.cents).toMap == expected
        case _ => false
      }
      val deadline = System.currentTimeMillis + 120_000L
      while (!back && System.currentTimeMillis < deadline) Thread.sleep(100)
      assert(
        back,
        s"expected $expected\n${again.map(n => (n.errors ++ n.events.map(_.render)).mkString("\n"))}"
      )
    } finally {
      again.foreach(_.process.destroyForcibly())
      again.foreach(_.process.waitFor())
      FileTree.delete(dir)
    }
  }
}
