package mvt.cli

import mvt.core.files.FileTree
import mvt.cluster.fork.ForkedCluster
import mvt.cluster.history.{HistoryChecker, OpKind}

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files as JFiles, StandardOpenOption}

/**
 * Histories of a real forked cluster ([[KilledTraderDay]], a trader killed with SIGKILL and restarted): every node
 * writes its operations, the exchange's and the traders' together pass the checker, and `mvt cluster check` reads
 * them (and names what is wrong with a file).
 */
class ClusterHistorySuite extends munit.FunSuite {

  override val munitTimeout: scala.concurrent.duration.Duration = scala.concurrent.duration.Duration(4, "min")

  private val dir = JFiles.createTempDirectory("mvt-history-test")

  // the forked day of ClusterCommandSuite: a trader killed and restarted, histories kept
  private def run: ForkedCluster.Outcome = KilledTraderDay.outcome

  override def afterAll(): Unit = FileTree.delete(dir)

  test("every node of a forked day writes its history, and the checker finds it clean") {
    assertEquals(
      run.exchangeStatus,
      0,
      (run.exchange +: run.traders).map(n => s"${n.name}: ${n.errors.mkString("\n")}").mkString("\n")
    )
    // the exchange's and every trader's that got as far as its ledger (a JVM slow to start may join too late), the
    // killed one's cut wherever SIGKILL left it
    val names = run.historyFiles.map(_.getFileName.toString)
    assert(names.contains("exchange.history.jsonl") && names.exists(_.startsWith("trader-")), names.toString)
    val ops = run.history.fold(e => fail(e), identity)
    val kinds = ops.map(_.kind).toSet
    // the exchange's provisions and final balances; the traders' sends and the exchange's applications for the
    // orders it received; a buy's fill or a sale's credit for those that filled
    val summary = run.exchange.events.summary.getOrElse(fail("no day summary"))
    val expected = Vector(OpKind.Provision, OpKind.Balance) ++
      (if (summary.orders > 0) Vector(OpKind.Send, OpKind.Apply) else Vector.empty)
    for (k <- expected) assert(kinds.contains(k), s"no $k in the history: ${kinds.mkString(", ")}")
    if (summary.fills > 0)
      assert(kinds.contains(OpKind.Fill) || kinds.contains(OpKind.Credit), kinds.mkString(", "))
    val verdict = HistoryChecker.check(ops)
    assert(verdict.ok(overspendAllowed = false), verdict.toString)
    assertEquals(verdict.accounts.size, KilledTraderDay.Accounts)
    assertEquals(ops.count(_.kind == OpKind.Balance), KilledTraderDay.Accounts)
  }

  test("mvt cluster check: clean histories are status 0 with the report") {
    val r = CliRun(("cluster" +: "check" +: run.historyFiles.map(_.toString))*)()
    assertEquals(r.status, 0, r.err + r.out)
    assert(r.out.linesIterator.toVector.last.startsWith("ok: "), r.out)
  }

  test(
    "mvt cluster check: a lost debit is status 2 and named; a bad line names file and line; a missing file is 1"
  ) {
    val extra = dir.resolve("lost.jsonl")
    JFiles.write(
      extra,
      ("""{"node":"t9","incarnation":1,"seq":1,"atNanos":1,"kind":"debit","account":"acct-1","order":"t9/s/1","cents":70}""" + "\n")
        .getBytes(UTF_8)
    )
    val lost = CliRun(("cluster" +: "check" +: (run.historyFiles :+ extra).map(_.toString))*)()
    assertEquals(lost.status, 2, lost.out + lost.err)
    assert(
      lost.out.contains("account acct-1: 70 cents reserved and not accounted for (orders t9/s/1)"),
      lost.out
    )
    assert(lost.out.linesIterator.toVector.last.startsWith("FAILED: "), lost.out)

    JFiles.write(extra, "{\"node\":\"t9\"}\n".getBytes(UTF_8), StandardOpenOption.APPEND)
    val bad = CliRun("cluster", "check", extra.toString)()
    assertEquals(bad.status, 2, bad.err)
    assert(bad.err.contains(s"$extra: line 2: not an operation"), bad.err)
    assertEquals(bad.err.linesIterator.size, 1, bad.err)

    val missing = dir.resolve("none.jsonl")
    val gone = CliRun("cluster", "check", missing.toString)()
    assertEquals(gone.status, 1, gone.err)
    assert(gone.err.contains(missing.toString), gone.err)
  }

  test("mvt cluster check --consistency local reports an overspend as allowed; bounded fails it") {
    val f = dir.resolve("overspend.jsonl")
    def op(seq: Int, kind: String, order: String, cents: Long) =
      s"""{"node":"x","incarnation":1,"seq":$seq,"atNanos":$seq,"kind":"$kind","account":"a","order":"$order","cents":$cents}"""
    JFiles.write(
      f,
      Vector(
        op(1, "provision", "", 100),
        op(2, "debit", "x/s/1", 80),
        op(3, "debit", "x/s/2", 80),
        op(4, "refund", "x/s/1", 80),
        op(5, "refund", "x/s/2", 80)
      ).mkString("", "\n", "\n").getBytes(UTF_8)
    )
    val local = CliRun("cluster", "check", "--consistency", "local", f.toString)()
    assertEquals(local.status, 0, local.out + local.err)
    assert(local.out.contains("overspent by up to 60 cents (allowed in this mode)"), local.out)
    val bounded = CliRun("cluster", "check", f.toString)()
    assertEquals(bounded.status, 2, bounded.out + bounded.err)
  }

}
