package mvt.cli

/** `mvt demo` on a small session: every part of its report, and status 0 when the engines agree. */
class DemoCommandSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(5, "min")

  test("a small demo prints events, throughput, books, the five most active clients and the trader") {
    val r = CliRun("demo", "--commands", "30000", "--seed", "7")()
    assertEquals(r.status, 0, r.err)
    for (
      part <- Vector(
        "Events (",
        "Throughput",
        "events of both engines: identical",
        "busiest books",
        "Automated trader"
      )
    )
      assert(r.out.contains(part), s"no '$part' in:\n${r.out}")
    val lines = r.out.linesIterator.toVector
    val header = lines.indexWhere(_.startsWith("Most active clients"))
    assert(header >= 0, r.out)
    val rows = lines.drop(header + 2).takeWhile(_.trim.nonEmpty)
    assertEquals(rows.size, 5, r.out)
    // busiest first, and none of them the house
    val volumes = rows.map(_.trim.split("\\s+")).map(f => (f(0).toInt, f(1).replace(",", "").toLong))
    assert(volumes.forall(_._1 > 0), rows)
    assertEquals(volumes.map(_._2), volumes.map(_._2).sortBy(-_))
  }
}
