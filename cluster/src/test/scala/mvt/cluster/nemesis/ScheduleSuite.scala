package mvt.cluster.nemesis

import munit.ScalaCheckSuite
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/** A nemesis schedule replays from its seed, stays within the day, and never has two traders down at once. */
class ScheduleSuite extends ScalaCheckSuite {

  private val plans = for {
    seed <- Gen.long
    traders <- Gen.choose(1, 5)
    seconds <- Gen.choose(2, 60)
    faults <- Gen.choose(0, 12)
  } yield (seed, traders, seconds, faults)

  property("the same seed gives the same schedule, in time order, on the cluster's traders") {
    forAll(plans) { (seed, traders, seconds, faults) =>
      val s = Schedule.of(seed, traders, seconds, faults)
      assertEquals(Schedule.of(seed, traders, seconds, faults), s)
      assertEquals(s.faults.map(_.millis), s.faults.map(_.millis).sorted)
      assert(s.faults.forall(a => a.millis >= 0L && a.millis <= seconds * 1000L), s.render)
      assert(s.render.startsWith(s"seed $seed: "), s.render)
      s.faults.foreach(a =>
        a.fault match {
          case Fault.Kill(t) => assert(t >= 0 && t < traders && traders > 1, s.render)
          case Fault.Restart(t) => assert(t >= 0 && t < traders, s.render)
          case Fault.Pause(t, ms) => assert(t >= 0 && t < traders && ms >= 300 && ms < 1500, s.render)
          case other => fail(s"Schedule.of kills no exchange: ${other.render}")
        }
      )
    }
  }

  property("a killed trader is restarted before the next kill: never two traders down at once") {
    forAll(plans) { (seed, traders, seconds, faults) =>
      val s = Schedule.of(seed, traders, seconds, faults)
      val down = s.faults.foldLeft(Option.empty[Int]) { (down, a) =>
        a.fault match {
          case Fault.Kill(t) =>
            assertEquals(down, None, s.render); Some(t)
          case Fault.Restart(t) =>
            assertEquals(down, Some(t), s.render); None
          case _ => down
        }
      }
      assertEquals(down, None, s.render)
    }
  }
}
