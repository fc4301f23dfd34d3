package mvt.cluster.nemesis

import munit.ScalaCheckSuite
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/**
 * Many short schedules back to back: each replays from its seed, injects its faults from inside its own window,
 * restarts what it kills, keeps every pause and cut to half a second, and cuts traders from each other and from the
 * exchange.
 */
class WindowsSuite extends ScalaCheckSuite {

  private val runs = for {
    seed <- Gen.long
    count <- Gen.choose(1, 40)
    traders <- Gen.choose(1, 4)
    lead <- Gen.choose(0L, 5000L)
    window <- Gen.choose(100L, 3000L)
  } yield Windows(seed, count, traders, lead, window)

  property("the same base seed gives the same schedules; schedule i has seed base + i") {
    forAll(runs) { w =>
      assertEquals(w.copy().schedules, w.schedules)
      assertEquals(w.schedules.map(_.seed), Vector.tabulate(w.count)(w.baseSeed + _))
      assertEquals(w.combined.faults.map(_.millis), w.combined.faults.map(_.millis).sorted)
      assertEquals(w.combined.faults.size, w.schedules.map(_.faults.size).sum)
    }
  }

  property(
    "each schedule starts its faults in its own window; a kill is restarted there; pauses and cuts stay short"
  ) {
    forAll(runs) { w =>
      w.schedules.zipWithIndex.foreach { (s, i) =>
        assert(s.faults.nonEmpty, s.render)
        s.faults.foreach(a => assertEquals(w.at(a.millis), Some(i), s.render))
        s.faults.map(_.fault).foreach {
          case Fault.Kill(t) =>
            assert(w.traders > 1 && t < w.traders, s.render)
            assertEquals(s.faults.last.fault, Fault.Restart(t), s.render)
          case Fault.Pause(t, ms) => assert(t < w.traders && ms >= 50 && ms <= 500, s.render)
          case Fault.Restart(t) => assert(t < w.traders, s.render)
          case Fault.Partition(t, x, ms) =>
            assert(w.traders > 1 && t < w.traders && !x && ms >= 100 && ms <= 500, s.render)
            assertEquals(s.faults.size, 1, s.render)
          case Fault.ExchangeCut(t, ms) =>
            assert(t < w.traders && ms >= 100 && ms <= 500, s.render)
            assertEquals(s.faults.size, 1, s.render)
          case other => fail(s"a window made $other: ${s.render}")
        }
      }
    }
  }

  property(
    "killing the exchange adds one kill and its restart to the window before the first trader kill, the trader faults unchanged"
  ) {
    forAll(runs) { w =>
      val k = w.copy(killExchange = true)
      val exchange = Set[Fault](Fault.KillExchange, Fault.RestartExchange)
      assertEquals(k.schedules.map(_.faults.filterNot(a => exchange(a.fault))), w.schedules.map(_.faults))
      val withExchange = k.schedules.indices.filter(i => k.schedules(i).faults.exists(a => exchange(a.fault)))
      assertEquals(withExchange.toVector, k.exchangeWindow.toVector)
      assertEquals(k.exchangeWindow.isDefined, w.count >= 2)
      k.exchangeWindow.foreach { i =>
        val firstKill = w.schedules.indexWhere(_.faults.exists(_.fault.isInstanceOf[Fault.Kill]))
        assertEquals(i, if (firstKill < 0) w.count / 2 else math.max(0, firstKill - 1))
        val ex = k.schedules(i).faults.filter(a => exchange(a.fault))
        assertEquals(ex.map(_.fault), Vector(Fault.KillExchange, Fault.RestartExchange))
        ex.foreach(a => assertEquals(k.at(a.millis), Some(i)))
      }
    }
  }

  property(
    "leading cuts: the first two windows cut a trader from the traders, then from the exchange; the rest unchanged"
  ) {
    forAll(runs) { w =>
      val c = w.copy(killExchange = true, leadingCuts = true)
      val k = w.copy(killExchange = true)
      if (w.traders < 2) assertEquals(c.schedules, k.schedules)
      else {
        val lead = math.min(2, w.count)
        val exchange = Set[Fault](Fault.KillExchange, Fault.RestartExchange)
        def traderFaults(x: Windows) = x.schedules.drop(lead).map(_.faults.filterNot(a => exchange(a.fault)))
        assertEquals(traderFaults(c), traderFaults(k))
        c.schedules.take(lead).zipWithIndex.foreach { (s, i) =>
          s.faults.map(_.fault) match {
            case Vector(Fault.Partition(t, false, ms)) if i == 0 =>
              assert(t < w.traders && ms >= 100 && ms <= 500)
            case Vector(Fault.ExchangeCut(t, ms)) if i == 1 => assert(t < w.traders && ms >= 100 && ms <= 500)
            case other => fail(s"window $i made $other")
          }
          s.faults.foreach(a => assertEquals(c.at(a.millis), Some(i)))
        }
        assertEquals(c.exchangeWindow.isDefined, w.count >= 4)
        c.exchangeWindow.foreach(i => assert(i >= 2, i.toString))
      }
    }
  }

  test(
    "over many windows, each kind of fault comes up: kills, pauses, cuts between traders and from the exchange"
  ) {
    val kinds =
      Windows(32L, 200, 2, 0L, 450L).schedules.flatMap(_.faults.map(_.fault.getClass.getSimpleName)).toSet
    assertEquals(kinds, Set("Kill", "Restart", "Pause", "Partition", "ExchangeCut"))
  }

  test("an instant before the first window or after the last is in none") {
    val w = Windows(7L, 20, 2, 1000L, 500L)
    assertEquals(
      (w.at(999L), w.at(1000L), w.at(1499L), w.at(1500L), w.at(10_999L), w.at(11_000L)),
      (None, Some(0), Some(0), Some(1), Some(19), None)
    )
    assert(w.render(3).contains("seed 10"), w.render(3))
  }
}
