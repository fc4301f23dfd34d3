package mvt.bench.venue

import java.nio.file.Files

/** `mvt bench venue` at a tiny size: every figure is printed, and the recovery replays the journal it wrote. */
class VenueBenchSuite extends munit.FunSuite {

  // a run forces a file hundreds of times and recovers a journal three times: minutes on a busy disk
  override val munitTimeout = scala.concurrent.duration.Duration(300, "s")

  test(
    "a short run prints the disk, the three durabilities, the latency table with its stages and the recovery"
  ) {
    val dir = Files.createTempDirectory("mvt-venue-bench")
    try {
      val lines = Vector.newBuilder[String]
      VenueBench.run(
        VenueBench.Settings(dir, 3000, 2, Vector(2000), 0.2, 5000, 0.2, stages = true),
        lines += _
      )
      val out = lines.result()
      val text = out.mkString("\n")
      assert(out.head.startsWith("Disk: "), text)
      for (
        word <- List(
          "disk bound",
          "group commit:",
          "outcomes with events:",
          "--durability none:",
          "fsync per command",
          "fsync floor"
        )
      )
        assert(text.contains(word), s"$word in\n$text")
      assert(out.exists(_.trim.startsWith("2000 ")), text)
      assert(text.contains("Recovery: 5,000 commands replayed"), text)
      assert(text.contains("the feeds in place (as after a kill -9"), text)
      assert(text.contains("the feeds in place, verified"), text)
      assert(text.contains("engine only"), text)
      // with stages: how busy the venue's threads were in each throughput run, and where each rate's time went
      assertEquals(out.count(_.trim.startsWith("on CPU: engine thread")), 5, text)
      assert(text.contains("none, batches of 4,096 and more:"), text)
      val means = out.find(_.trim.startsWith("mean, all")).getOrElse(fail(text))
      // seven stages, each a mean of real intervals: none negative
      val values = means.trim.stripPrefix("mean, all").trim.split(" +").map(_.toDouble)
      assertEquals(values.length, 7, means)
      assert(values.forall(_ >= 0.0) && values.sum > 0.0, means)
      assert(text.contains("collections took"), text)
    } finally mvt.core.files.FileTree.delete(dir)
  }

  test("the commands have unique add ids, and every cancel names an id added before it") {
    val cmds = VenueBench.commands(20000, 5L, 1000000L)
    assertEquals(cmds.length, 20000)
    val added = scala.collection.mutable.HashSet.empty[Long]
    cmds.foreach {
      case mvt.core.Command.Add(_, id, _, _, _, _, _) => assert(added.add(id.value), s"id ${id.value} twice")
      case mvt.core.Command.Cancel(_, id) =>
        assert(added.contains(id.value), s"cancel of ${id.value} before its add")
      case other => fail(s"unexpected $other")
    }
  }
}
