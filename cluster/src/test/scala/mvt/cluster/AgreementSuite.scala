package mvt.cluster

import mvt.cluster.fork.Agreement
import mvt.cluster.nemesis.{Fault, Injected}

/**
 * The time from a heal or a restart until every replica agrees, read from the nodes' replica reports: every node that
 * goes on running must hold what each writer had written at the moment; a node killed meanwhile has no say, and a
 * node that never gets there leaves the figure out.
 */
class AgreementSuite extends munit.FunSuite {

  private def at(self: String, millis: Long, writers: (String, Long)*) =
    NodeEvent.Replica(self, millis, writers.toVector.map((r, n) => NodeEvent.Written(r, n)))

  // a and b write; x (the exchange) holds both; b's writes reach a at 1,300 and x at 1,500
  private val a =
    Vector(at("a", 900, "a" -> 40), at("a", 1000, "a" -> 50, "b" -> 20), at("a", 1300, "a" -> 55, "b" -> 30))
  private val b = Vector(at("b", 1010, "a" -> 50, "b" -> 30), at("b", 1400, "a" -> 55, "b" -> 31))
  private val x = Vector(at("x", 1100, "a" -> 50, "b" -> 20), at("x", 1500, "a" -> 50, "b" -> 30))

  test(
    "every running replica holds every writer's writes of the moment: the last one to get there sets the time"
  ) {
    assertEquals(Agreement.after(1000L, Vector(a, b, x)), Some(500L))
    assertEquals(Agreement.after(1000L, Vector(b, x, a)), Some(500L), "whatever the order of the nodes")
  }

  test(
    "a node killed before it agreed has no say; one that reports to the end without agreeing leaves no figure"
  ) {
    // k writes, then is killed at 1,050 before it holds a's writes; the others go on reporting to 3,000
    val killed = Vector(at("k", 1005, "k" -> 9), at("k", 1050, "k" -> 9))
    def withK(rs: Vector[NodeEvent.Replica]) =
      (rs :+ rs.last.copy(atMillis = 3000)).map(r => r.copy(writers = r.writers :+ NodeEvent.Written("k", 9)))
    assertEquals(Agreement.after(1000L, Vector(withK(a), withK(b), withK(x), killed)), Some(500L))
    val stuck = Vector(at("s", 1000), at("s", 1500), at("s", 3000))
    assertEquals(
      Agreement.after(1000L, Vector(a, b, x, stuck)),
      None,
      "s reports to the end without b's writes"
    )
    assertEquals(Agreement.after(5000L, Vector(a, b, x)), None, "nobody reported after the moment")
  }

  test("a restarted node counts from the restart until its replica has caught up; a kill is no moment") {
    val restarted = Vector(at("r", 4000, "a" -> 50), at("r", 4200, "a" -> 55, "b" -> 30))
    val later = Vector(a :+ at("a", 4100, "a" -> 55, "b" -> 31), b :+ at("b", 4100, "a" -> 55, "b" -> 31))
    assertEquals(Agreement.after(1000L, later :+ restarted), Some(3200L))
    assertEquals(Agreement.healedAt(Injected(700L, Fault.Pause(0, 300), "trader-1")), Some(1000L))
    assertEquals(Agreement.healedAt(Injected(1000L, Fault.Restart(0), "trader-1-r1")), Some(1000L))
    assertEquals(Agreement.healedAt(Injected(1000L, Fault.RestartExchange, "exchange-r1")), Some(1000L))
    assertEquals(Agreement.healedAt(Injected(1000L, Fault.Kill(0), "trader-1")), None)
    // a cut heals when it ends, whether between traders or from the exchange
    assertEquals(Agreement.healedAt(Injected(500L, Fault.Partition(0, false, 250), "trader-1")), Some(750L))
    assertEquals(Agreement.healedAt(Injected(500L, Fault.ExchangeCut(0, 325), "trader-1")), Some(825L))
  }

  test("a heal waits for the replicas running at it; a JVM started later counts only for its own restart") {
    val restarted = Vector(at("x", 4000, "a" -> 50), at("x", 4200, "a" -> 55, "b" -> 31))
    val later = Vector(a :+ at("a", 4100, "a" -> 55, "b" -> 31), b :+ at("b", 4100, "a" -> 55, "b" -> 31))
    val nodes =
      Vector("trader-1" -> later(0), "trader-2" -> later(1), "exchange" -> x, "exchange-r1" -> restarted)
    // a pause of trader-1 healed at 1,000: the exchange restarted at 3,500 has no say in it
    val heal = Injected(700L, Fault.Pause(0, 300), "trader-1")
    val forHeal = Agreement.counted(1000L, nodes, heal)
    assertEquals(forHeal, Vector(later(0), later(1), x))
    assertEquals(Agreement.after(1000L, forHeal), Some(500L))
    // the exchange's restart at 3,500 waits for the restarted JVM to catch up, and for the others
    val restart = Injected(3500L, Fault.RestartExchange, "exchange-r1")
    val forRestart = Agreement.counted(3500L, nodes, restart)
    assertEquals(forRestart, Vector(later(0), later(1), x, restarted))
    assertEquals(Agreement.after(3500L, forRestart), Some(700L))
  }
}
