package mvt.cli

import mvt.core.files.FileTree
import mvt.cluster.Consistency
import mvt.cluster.fork.Phases
import mvt.cluster.nemesis.NemesisRun

import java.nio.file.Files as JFiles
import scala.concurrent.duration.*

/**
 * The nemesis on real forked JVMs, per mode: one cluster (an exchange and two traders, small balances) trades a
 * short day while 20 seeded schedules of `kill -9`, SIGSTOP/SIGCONT pauses, restarts, cuts between the traders and
 * cuts of a trader from the exchange run back to back, each in a 0.45-second window, one of them also killing the
 * exchange and starting it again on its journal; then every node's history is checked. A failure names each violation's schedule and seed
 * and the command that replays the run. The modes run one after another (two cores: three clusters at once would
 * starve the failure detector).
 */
class NemesisSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 4.minutes

  private val dir = JFiles.createTempDirectory("mvt-nemesis-test")
  private val settings = NemesisRun.Settings()
  private lazy val day = NemesisRun.writeDay(dir, settings)

  override def afterAll(): Unit =
    FileTree.delete(dir)

  Consistency.values.foreach { mode =>
    test(
      s"${mode.label}: ${settings.schedules} seeded schedules of kills (the exchange's too), pauses, restarts and cuts " +
        "(between traders, and from the exchange), every history checked"
    ) {
      val r = NemesisRun.run(ClusterCommand.launcher, mode, NemesisRun.CiSeed, settings, day, Phases.quiet)
      val traded =
        r.outcome.exchange.events.summary.fold("no day summary")(s => s"${s.orders} orders, ${s.fills} fills")
      val report =
        (r.verdict.lines(NemesisRun.replay(NemesisRun.CiSeed)) :+ s"exchange: $traded").mkString("\n")
      println(report.linesIterator.next()) // what ran: the faults injected and the operations checked
      assert(r.verdict.ok, report)
      // the nemesis did kill the exchange and inject other faults (none while the exchange is down or restarting, or
      // a trader's kill while another restarts: a loaded machine may keep nodes restarting for many windows), and the
      // checker read the day (a loaded machine may leave the traders little time to trade: orders are not counted on)
      assertEquals(r.verdict.injectedOf("kill -9 exchange"), 1, report)
      // a cut of each kind: the schedules hold several of each, and one due while it cannot be made waits
      assert(r.verdict.exchangeCuts >= 1, report)
      assert(r.verdict.injectedOf("cut") > r.verdict.exchangeCuts, report)
      assert(r.verdict.injected.size >= 3, report)
      assert(r.verdict.operations > 0, report)
    }
  }
}
