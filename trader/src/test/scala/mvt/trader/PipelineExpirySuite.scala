package mvt.trader

import mvt.trader.pipeline.*
import mvt.trader.strategy.*

import mvt.core.*
import mvt.trader.pipeline.Pipeline.*
import mvt.trader.TestInterpreter.{Status, Trace}
import mvt.trader.TraderGens.*
import mvt.trader.pipeline.TraderPipeline.Deadlines
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

import scala.concurrent.duration.*

/** Each pipeline step expiring in turn on the test interpreter's simulated clock, and what runs after. */
class PipelineExpirySuite extends munit.ScalaCheckSuite {
  import Status.*

  /** Counts its calls; decides like the synthetic strategy (join the bid of a two-sided book). */
  private final class Counting extends TradingStrategy {
    var calls = 0
    def decide(e: BboUpdated): Option[Decision] = { calls += 1; new SyntheticStrategy(0).decide(e) }
  }

  private final class Fixture {
    val strategy = new Counting
    val journal = new RingJournal(8)
    var checks = 0
    val check: PreTradeCheck = _ => { checks += 1; true }
  }

  private val sent = 5000000L
  private val update = around(acme, 1000)
  private val e = BboEvent(update, sent)
  private val decision = Decision(acme, Side.Buy, cents(999), Quantity(1))
  private val deadlines = Deadlines(start = 100, enrich = 200, journal = 300, check = 400)
  private val costs = Map.empty[String, Long].withDefaultValue(0L)

  /** Runs the standard pipeline on `e` picked up `age` after it was sent, steps costing `cost`. */
  private def standard(f: Fixture, age: Long, cost: Map[String, Long]) =
    new TestInterpreter(f.strategy, cost).run(TraderPipeline(deadlines, f.journal, f.check), e, sent + age)

  test("every step reached exactly at its deadline runs, and the event ends in a decision") {
    val f = new Fixture
    val r =
      standard(f, 100, costs ++ Map("start" -> 100L, "enrich" -> 100L, "journal" -> 100L, "decide" -> 7L))
    assertEquals(r.outcome, Outcome.DecisionSent(decision))
    assertEquals(
      r.trace,
      Vector(
        Trace("start", sent + 100, Ran),
        Trace("enrich", sent + 200, Ran),
        Trace("journal", sent + 300, Ran),
        Trace("check", sent + 400, Ran),
        Trace("decide", sent + 400, Ran)
      )
    )
    assertEquals(r.endNanos, sent + 407)
    assertEquals((f.journal.count, f.checks, f.strategy.calls), (1L, 1, 1))
  }

  test("a named check that refuses: refused:<name>, traced as the check then the refusal") {
    val f = new Fixture
    val refusing: PreTradeCheck = new PreTradeCheck {
      def allows(q: Quote): Boolean = { f.checks += 1; false }
      override def name: String = "limits"
    }
    val r =
      new TestInterpreter(f.strategy, costs).run(TraderPipeline(deadlines, f.journal, refusing), e, sent)
    assertEquals(r.outcome, Outcome.Refused("limits"))
    assertEquals(r.outcome.label, "refused:limits")
    assertEquals(
      r.trace,
      Vector(
        Trace("start", sent, Ran),
        Trace("enrich", sent, Ran),
        Trace("journal", sent, Ran),
        Trace("check", sent, Ran),
        Trace("refuse", sent, Refused)
      )
    )
    assertEquals((f.journal.count, f.checks, f.strategy.calls), (1L, 1, 0))
  }

  test("start: an event picked up one nanosecond past the start deadline is dropped before anything runs") {
    val f = new Fixture
    val r = standard(f, 101, costs)
    assertEquals(r.outcome, Outcome.Dropped(DropReason.Expired("start")))
    assertEquals(r.outcome.label, "expired:start")
    assertEquals(r.trace, Vector(Trace("start", sent + 101, Expired)))
    assertEquals(r.endNanos, sent + 101)
    assertEquals((f.journal.count, f.checks, f.strategy.calls), (0L, 0, 0))
  }

  test("enrich: a slow start pushes enrich one nanosecond past its deadline; the event is dropped there") {
    val f = new Fixture
    val r = standard(f, 100, costs + ("start" -> 101L))
    assertEquals(r.outcome.label, "expired:enrich")
    assertEquals(r.trace, Vector(Trace("start", sent + 100, Ran), Trace("enrich", sent + 201, Expired)))
    assertEquals((f.journal.count, f.checks, f.strategy.calls), (0L, 0, 0))
  }

  test("journal: a late journal write is skipped, costs nothing, and the event still reaches a decision") {
    val f = new Fixture
    val r = standard(f, 100, costs ++ Map("start" -> 100L, "enrich" -> 101L))
    assertEquals(r.outcome, Outcome.DecisionSent(decision))
    assertEquals(
      r.trace,
      Vector(
        Trace("start", sent + 100, Ran),
        Trace("enrich", sent + 200, Ran),
        Trace("journal", sent + 301, Skipped),
        Trace("check", sent + 301, Ran),
        Trace("decide", sent + 301, Ran)
      )
    )
    assertEquals((f.journal.count, f.checks, f.strategy.calls), (0L, 1, 1))
  }

  test("check: a slow journal pushes the check one nanosecond past its deadline; no decision is asked for") {
    val f = new Fixture
    val r = standard(f, 100, costs ++ Map("start" -> 100L, "enrich" -> 100L, "journal" -> 101L))
    assertEquals(r.outcome.label, "expired:check")
    assertEquals(r.trace.map(t => (t.step, t.status)).last, ("check", Expired))
    assertEquals(r.trace.map(_.step), Vector("start", "enrich", "journal", "check"))
    assertEquals(r.trace.last.at, sent + 401)
    assertEquals((f.journal.count, f.checks, f.strategy.calls), (1L, 0, 0))
  }

  test("the decision itself has no deadline: a slow strategy still sends its decision") {
    val f = new Fixture
    val r = standard(
      f,
      100,
      costs ++ Map("start" -> 100L, "enrich" -> 100L, "journal" -> 100L, "decide" -> 1000000L)
    )
    assertEquals(r.outcome, Outcome.DecisionSent(decision))
    assertEquals(r.endNanos, sent + 1000400)
  }

  test("a check that refuses ends as refused:<check>, not no-decision, without asking the strategy") {
    val f = new Fixture
    val r = new TestInterpreter(f.strategy, costs)
      .run(TraderPipeline(deadlines, f.journal, _ => false), e, sent)
    assertEquals(r.outcome, Outcome.Refused("check")) // a check without a name of its own
    assertEquals(r.trace.map(_.step), Vector("start", "enrich", "journal", "check", "refuse"))
    assertEquals(f.strategy.calls, 0)
  }

  test("fromBudget puts start at 70%, enrich at 80%, journal at 90% and the check at 100% of the budget") {
    assertEquals(Deadlines.fromBudget(1000), Deadlines(700, 800, 900, 1000))
    assertEquals(Deadlines.fromBudget(2000000), Deadlines(1400000, 1600000, 1800000, 2000000))
    assertEquals(Deadlines.fromBudget(15), Deadlines(10, 12, 13, 15)) // rounded down
  }

  private val stepNames = Vector("start", "enrich", "journal", "check")

  private def deadlineOf(d: Deadlines, step: String): Long = step match {
    case "start" => d.start
    case "enrich" => d.enrich
    case "journal" => d.journal
    case _ => d.check
  }

  property("a step reached exactly at its deadline runs; one nanosecond later it expires (any sent time)") {
    val gen = for {
      sent <- Gen.choose(Long.MinValue, Long.MaxValue)
      budget <- Gen.choose(10L, 1000000000000L)
      target <- Gen.oneOf(stepNames)
      late <- Gen.oneOf(0L, 1L)
    } yield (sent, budget, target, late)
    forAll(gen) { (sent, budget, target, late) =>
      val d = Deadlines.fromBudget(budget)
      // every step before the target is reached exactly at its own deadline, the target `late` past its own
      val i = stepNames.indexOf(target)
      val reach = stepNames.take(i).map(deadlineOf(d, _)) :+ (deadlineOf(d, target) + late)
      val cost = stepNames.zip(reach.zip(reach.drop(1)).map((a, b) => b - a)).toMap.withDefaultValue(0L)
      val f = new Fixture
      val r = new TestInterpreter(f.strategy, cost)
        .run(TraderPipeline(d, f.journal, f.check), BboEvent(update, sent), sent + reach.head)
      val reached = r.trace.take(i + 1)
      assertEquals(reached.map(_.step), stepNames.take(i + 1))
      assertEquals(reached.map(_.at - sent), reach)
      assertEquals(reached.init.map(_.status), Vector.fill(i)(Ran))
      (target, late) match {
        case ("journal", 1L) =>
          assertEquals(reached.last.status, Skipped)
          assertEquals(r.outcome, Outcome.DecisionSent(decision))
        case (_, 1L) =>
          assertEquals(reached.last.status, Expired)
          assertEquals(r.trace.size, i + 1)
          assertEquals(r.outcome.label, s"expired:$target")
          assertEquals(f.strategy.calls, 0)
        case _ =>
          assertEquals(reached.last.status, Ran)
          assertEquals(r.outcome, Outcome.DecisionSent(decision))
      }
    }
  }

  property("with Deadlines.none no step expires, however late the event arrives and however slow the steps") {
    val gen = for {
      sent <- Gen.choose(Long.MinValue, Long.MaxValue)
      age <- Gen.oneOf(Gen.choose(0L, Long.MaxValue), Gen.choose(Long.MinValue, 0L))
      costs <- Gen.listOfN(5, Gen.choose(0L, Long.MaxValue / 8))
    } yield (sent, age, costs)
    forAll(gen) { (sent, age, costs) =>
      val f = new Fixture
      val cost = stepNames.appended("decide").zip(costs).toMap
      val r = new TestInterpreter(f.strategy, cost)
        .run(TraderPipeline(Deadlines.none, f.journal, f.check), BboEvent(update, sent), sent + age)
      assertEquals(r.outcome, Outcome.DecisionSent(decision))
      assertEquals(r.trace.map(_.status), Vector.fill(5)(Ran))
      assertEquals(f.journal.count, 1L)
    }
  }

  // hand-built pipelines

  /** Records which steps' work ran. */
  private final class Log { var ran = Vector.empty[String] }

  test("start within a FiniteDuration: exactly at it the event is processed, a nanosecond later dropped") {
    val p = for { ev <- start within 5.millis; d <- decide(ev.update) } yield d
    val i = new TestInterpreter(new SyntheticStrategy(0), costs)
    assertEquals(i.run(p, e, sent + 5000000L).outcome, Outcome.DecisionSent(decision))
    val late = i.run(p, e, sent + 5000001L)
    assertEquals(late.outcome, Outcome.Dropped(DropReason.Expired("start")))
    assertEquals(late.trace, Vector(Trace("start", sent + 5000001L, Expired)))
  }

  test("a dropping step ends the event under its own name; the steps after it never run") {
    val log = new Log
    val p = for {
      _ <- start.anyTime
      a <- step("risk") { log.ran :+= "risk"; 1 } within 2.micros orElse drop
      _ <- step("after") { log.ran :+= "after"; a } within 1.hour orElse drop
      d <- decide(update)
    } yield d
    val strategy = new Counting
    val r = new TestInterpreter(strategy, costs + ("start" -> 2001L)).run(p, e, sent)
    assertEquals(r.outcome.label, "expired:risk")
    assertEquals(r.trace, Vector(Trace("start", sent, Ran), Trace("risk", sent + 2001, Expired)))
    assertEquals(log.ran, Vector.empty)
    assertEquals(strategy.calls, 0)
  }

  test("a skipped step's value stands in for its result and the following steps run with it") {
    val log = new Log
    val p = for {
      _ <- start.withinNanos(10)
      a <- step("a") { log.ran :+= "a"; 1 }.withinNanos(10) orElse drop
      b <- step("b") { log.ran :+= "b"; a + 1 }.withinNanos(10) orElse skip(-1)
      c <- step("c") { log.ran :+= s"c:$b"; b }.anyTime
    } yield if (c < 0) None else Some(decision)
    val r = new TestInterpreter(new SyntheticStrategy(0), costs + ("a" -> 11L)).run(p, e, sent)
    assertEquals(r.outcome, Outcome.NoDecision)
    assertEquals(
      r.trace.map(t => (t.step, t.at - sent, t.status)),
      Vector(("start", 0L, Ran), ("a", 0L, Ran), ("b", 11L, Skipped), ("c", 11L, Ran))
    )
    assertEquals(log.ran, Vector("a", "c:-1"))
    // in time, b runs and c sees its result
    val inTime = new TestInterpreter(new SyntheticStrategy(0), costs + ("a" -> 10L)).run(p, e, sent)
    assertEquals(inTime.outcome, Outcome.DecisionSent(decision))
    assertEquals(log.ran.drop(2), Vector("a", "b", "c:2"))
  }

  test("anyTime steps never expire, even for an event a year old") {
    val p = for {
      ev <- start.anyTime
      q <- step("enrich")(Quote.of(ev.update)).anyTime
      d <- if (q.spreadRaw > 0) decide(ev.update) else pure(None)
    } yield d
    val r =
      new TestInterpreter(new SyntheticStrategy(0), costs).run(p, e, sent + 365L * 24 * 3600 * 1000000000L)
    assertEquals(r.outcome, Outcome.DecisionSent(decision))
    assertEquals(r.trace.map(_.status), Vector(Ran, Ran, Ran))
  }

  test("a pipeline that never asks for a decision ends in no decision after its last step") {
    val p: Pipeline[Option[Decision]] = start.withinNanos(0).map(_ => None)
    val r = new TestInterpreter(new Counting, costs + ("start" -> 3L)).run(p, e, sent)
    assertEquals(r, TestInterpreter.Result(Outcome.NoDecision, Vector(Trace("start", sent, Ran)), sent + 3))
    assertEquals(new TestInterpreter(new Counting, costs).run(p, e, sent + 1).outcome.label, "expired:start")
  }
}
