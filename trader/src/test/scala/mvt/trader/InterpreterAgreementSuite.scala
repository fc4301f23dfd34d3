package mvt.trader

import mvt.trader.pipeline.*
import mvt.trader.strategy.*

import cats.effect.unsafe.IORuntime
import mvt.core.*
import mvt.trader.pipeline.Pipeline.*
import mvt.trader.TraderGens.*
import mvt.trader.pipeline.TraderPipeline.Deadlines
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll
import org.scalacheck.rng.Seed

/** The same pipeline gives the same outcomes under the fold, test and io interpreters. */
class InterpreterAgreementSuite extends munit.ScalaCheckSuite {
  private given runtime: IORuntime = IORuntime.global

  // each interpreter gets its own instance, so stateful strategies see the same history
  private val strategies: Vector[(String, () => TradingStrategy)] = Vector(
    "spread-capture" -> (() => new SpreadCaptureStrategy(Cent, 2, Quantity(10))),
    "momentum" -> (() => new MomentumStrategy(2, 20, Quantity(5))),
    "synthetic" -> (() => new SyntheticStrategy(0))
  )

  /** AllowAll, or a balance check against a fixed balance in cents. */
  private def checkOf(balanceCents: Option[Long]): PreTradeCheck = balanceCents.fold(PreTradeCheck.AllowAll) {
    cents =>
      new PreTradeCheck.Balance(c => c <= cents, Quantity(1))
  }

  /** An event, the time it is picked up (any age, even before it was sent) and deadlines around that age. */
  private final case class Case(e: BboEvent, arrival: Long, deadlines: Deadlines)

  private val genCase: Gen[Case] = for {
    u <- genUpdate
    sent <- Gen.choose(Long.MinValue, Long.MaxValue)
    age <- Gen.frequency(
      5 -> Gen.choose(0L, 2000L),
      2 -> Gen.choose(0L, Long.MaxValue),
      1 -> Gen.choose(-1000L, 0L)
    )
    near = Gen.frequency(
      3 -> Gen.oneOf(age - 1, age, age + 1),
      2 -> Gen.choose(0L, 2000L),
      1 -> Gen.const(PipelineStep.NoDeadline)
    )
    d <- Gen.zip(near, near, near, near).map(Deadlines.apply)
  } yield Case(BboEvent(u, sent), sent + age, d)

  private val genRun = for {
    s <- Gen.oneOf(strategies)
    balance <- Gen.option(Gen.choose(900L, 1100L))
    cases <- Gen.listOf(genCase)
  } yield (s, balance, cases)

  /** Outcomes and journal counts of the fold interpreter, its clock stopped at each case's arrival. */
  private def foldRun(s: () => TradingStrategy, check: PreTradeCheck, cases: List[Case]) = {
    val strategy = s()
    cases.map { c =>
      val journal = new RingJournal(1)
      val o =
        new FoldInterpreter(strategy, () => c.arrival).run(TraderPipeline(c.deadlines, journal, check), c.e)
      (o, journal.count)
    }
  }

  private def testRun(s: () => TradingStrategy, check: PreTradeCheck, cases: List[Case]) = {
    val interpreter = new TestInterpreter(s(), _ => 0L)
    cases.map { c =>
      val journal = new RingJournal(1)
      (interpreter.run(TraderPipeline(c.deadlines, journal, check), c.e, c.arrival).outcome, journal.count)
    }
  }

  property("fold with its clock at the arrival time agrees with the test interpreter at zero step cost") {
    forAll(genRun) { case ((_, s), balance, cases) =>
      val check = checkOf(balance)
      assertEquals(foldRun(s, check, cases), testRun(s, check, cases))
    }
  }

  test("the generated cases reach every outcome of the standard pipeline") {
    val labels = (0L until 200L).flatMap { seed =>
      genRun.apply(Gen.Parameters.default, Seed(seed)).toList.flatMap { case ((_, s), b, cases) =>
        testRun(s, checkOf(b), cases).map(_._1.label)
      }
    }.toSet
    assertEquals(
      labels,
      Set("sent", "no-decision", "refused:balance", "expired:start", "expired:enrich", "expired:check")
    )
  }

  test("a balance refusal is refused:balance under all three interpreters, never no-decision") {
    // 5.00 of balance against a clip of one unit at 10.01 (the ask): refused; an empty book cannot be priced
    for (update <- Vector(around(acme, 1000), emptyBook(acme))) {
      val e = BboEvent(update, 0L)
      val p = TraderPipeline(Deadlines.none, new RingJournal(4), checkOf(Some(500L)))
      val fold = new FoldInterpreter(new SyntheticStrategy(0)).run(p, e)
      val io = new IoInterpreter(new SyntheticStrategy(0)).run(p, e).unsafeRunSync()
      val sim = new TestInterpreter(new SyntheticStrategy(0), _ => 0L).run(p, e, 0L).outcome
      assertEquals(
        (fold, io, sim),
        (Outcome.Refused("balance"), Outcome.Refused("balance"), Outcome.Refused("balance"))
      )
    }
    // enough for the clip: the strategy is asked
    val rich = TraderPipeline(Deadlines.none, new RingJournal(4), checkOf(Some(100000L)))
    assert(
      new FoldInterpreter(new SyntheticStrategy(0)).run(rich, BboEvent(around(acme, 1000), 0L)).label == "sent"
    )
  }

  property("fold on the real clock agrees with the test interpreter when nothing has a deadline") {
    val gen = for {
      s <- Gen.oneOf(strategies)
      events <- Gen.listOf(Gen.zip(genUpdate, Gen.choose(Long.MinValue, Long.MaxValue)))
      arrival <- Gen.choose(Long.MinValue, Long.MaxValue)
      cost <- Gen.choose(0L, 1000000000L)
    } yield (s._2, events.map(BboEvent.apply), arrival, cost)
    forAll(gen) { (s, events, arrival, cost) =>
      val p = TraderPipeline(Deadlines.none, new RingJournal(4), PreTradeCheck.AllowAll)
      val fold = new FoldInterpreter(s())
      val sim = new TestInterpreter(s(), _ => cost)
      assertEquals(events.map(fold.run(p, _)), events.map(sim.run(p, _, arrival).outcome))
    }
  }

  property("io agrees with fold on pipelines without deadlines") {
    val gen = for {
      s <- Gen.oneOf(strategies)
      balance <- Gen.option(Gen.choose(900L, 1100L))
      updates <- Gen.choose(0, 30).flatMap(Gen.listOfN(_, genUpdate))
    } yield (s._2, balance, updates.map(BboEvent(_, 0L)))
    forAll(gen) { (s, balance, events) =>
      val p = TraderPipeline(Deadlines.none, new RingJournal(4), checkOf(balance))
      val fold = new FoldInterpreter(s())
      val io = new IoInterpreter(s())
      assertEquals(events.map(io.run(p, _).unsafeRunSync()), events.map(fold.run(p, _)))
    }
  }

  test("io agrees with fold on events that expired long ago, at every step") {
    val Hour = 3600L * 1000000000L
    val Milli = 1000000L
    val cases: Vector[(String, Deadlines => Pipeline[Option[Decision]], Deadlines)] = {
      val std = (d: Deadlines) => TraderPipeline(d, new RingJournal(4), PreTradeCheck.AllowAll)
      val n = PipelineStep.NoDeadline
      Vector(
        ("expired:start", std, Deadlines.fromBudget(Milli)),
        ("expired:enrich", std, Deadlines(n, Milli, n, n)),
        ("sent", std, Deadlines(n, n, Milli, n)), // the journal is skipped
        ("expired:check", std, Deadlines(n, n, n, Milli)),
        (
          "expired:late",
          _ => for { _ <- start.anyTime; _ <- step("late")(()).withinNanos(Milli) orElse drop } yield None,
          Deadlines.none
        )
      )
    }
    for ((label, pipeline, d) <- cases) {
      val e = BboEvent(around(acme, 1000), System.nanoTime() - Hour)
      val fold = new FoldInterpreter(new SyntheticStrategy(0)).run(pipeline(d), e)
      val io =
        new IoInterpreter(new SyntheticStrategy(0)).run(pipeline(d), e).unsafeRunSync()
      assertEquals(fold.label, label)
      assertEquals(io, fold, label)
    }
  }

  test("io and fold skip the same late journal write") {
    val e = BboEvent(around(acme, 1000), System.nanoTime() - 3600L * 1000000000L)
    val d = Deadlines(PipelineStep.NoDeadline, PipelineStep.NoDeadline, 0L, PipelineStep.NoDeadline)
    val (fj, ij) = (new RingJournal(1), new RingJournal(1))
    new FoldInterpreter(new SyntheticStrategy(0)).run(TraderPipeline(d, fj, PreTradeCheck.AllowAll), e)
    new IoInterpreter(new SyntheticStrategy(0))
      .run(TraderPipeline(d, ij, PreTradeCheck.AllowAll), e).unsafeRunSync()
    assertEquals((fj.count, ij.count), (0L, 0L))
  }
}
