package mvt.crdt

import munit.ScalaCheckSuite
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

import Generators.replicas

/**
 * The bounded counter's invariant under concurrency: replicas credit, spend and transfer against their
 * own views only, and states travel between them in any order, late or never (a partition is a run
 * where some replicas do not hear from others). Whatever happens, the rights spent never exceed the
 * rights created, and no replica's share ever goes negative once everything is merged.
 */
class BoundedCounterSuite extends ScalaCheckSuite {

  /** One step of a replica: credit, try to spend, give rights to a peer, or receive a peer's state. */
  private enum Step {
    case Credit(at: Int, amount: Long)
    case Spend(at: Int, amount: Long)
    case Give(at: Int, to: Int, amount: Long)
    case Receive(at: Int, from: Int)
  }

  private val n = replicas.size

  private val step: Gen[Step] = {
    val at = Gen.choose(0, n - 1)
    val small = Gen.choose(1L, 300L)
    Gen.frequency(
      2 -> Gen.zip(at, small).map(Step.Credit.apply.tupled),
      6 -> Gen.zip(at, small).map(Step.Spend.apply.tupled),
      2 -> Gen.zip(at, at, small).map(Step.Give.apply.tupled),
      4 -> Gen.zip(at, at).map(Step.Receive.apply.tupled)
    )
  }

  /** What the run did: the replicas' final views, and the totals as an outside ledger counts them. */
  private final case class Run(views: Vector[BoundedCounter], credited: Long, spent: Long, violations: Int)

  // A replica spends or gives only when its own view says it holds the rights, as a node would.
  private def run(steps: List[Step]): Run =
    steps.foldLeft(Run(Vector.fill(n)(BoundedCounter.empty), 0L, 0L, 0)) { (acc, s) =>
      val v = acc.views
      s match {
        case Step.Credit(at, a) =>
          acc.copy(views = v.updated(at, v(at).increment(replicas(at), a).state), credited = acc.credited + a)
        case Step.Spend(at, a) =>
          if (!v(at).canSpend(replicas(at), a)) acc
          else acc.copy(views = v.updated(at, v(at).decrement(replicas(at), a).state), spent = acc.spent + a)
        case Step.Give(at, to, a) =>
          if (at == to || !v(at).canSpend(replicas(at), a)) acc
          else acc.copy(views = v.updated(at, v(at).transfer(replicas(at), replicas(to), a).state))
        case Step.Receive(at, from) =>
          val merged = v(at).merge(v(from))
          // the invariant checked at every step: a view never credits its own replica with rights the
          // whole cluster's state does not give it, so whatever it spends next is really its own
          val global = v.reduce(_.merge(_))
          val over =
            (0 until n).count(i => merged.rightsOf(replicas(i)) < 0 || global.rightsOf(replicas(i)) < 0)
          acc.copy(views = v.updated(at, merged), violations = acc.violations + over)
      }
    }

  property("the sum of the rights spent never exceeds the balance, whatever the replicas hear") {
    forAll(Gen.listOfN(200, step)) { steps =>
      val r = run(steps)
      val global = r.views.reduce(_.merge(_))
      val shares = replicas.map(global.rightsOf)
      r.violations == 0 &&
      r.spent <= r.credited &&
      global.value == r.credited - r.spent &&
      shares.forall(_ >= 0L) &&
      shares.sum == global.value
    }
  }

  property("a replica's own view never overstates its rights against the merged state") {
    forAll(Gen.listOfN(120, step)) { steps =>
      val r = run(steps)
      val global = r.views.reduce(_.merge(_))
      (0 until n).forall(i => r.views(i).rightsOf(replicas(i)) <= global.rightsOf(replicas(i)))
    }
  }

  property("a transfer moves rights and leaves the value alone") {
    forAll(Gen.choose(1L, 1000L), Gen.choose(0L, 1000L)) { (credit, give) =>
      val (a, b) = (replicas(0), replicas(1))
      val s = BoundedCounter.empty.increment(a, credit).state
      val g = math.min(give, credit)
      val t = s.transfer(a, b, g).state
      t.value == credit && t.rightsOf(a) == credit - g && t.rightsOf(b) == g
    }
  }

  test("spending or giving rights a replica does not hold is refused, not recorded") {
    val (a, b) = (replicas(0), replicas(1))
    val s = BoundedCounter.empty.increment(a, 100L).state
    assert(!s.canSpend(b, 1L))
    assert(!s.canSpend(a, 101L))
    assert(s.canSpend(a, 100L))
    intercept[IllegalStateException](s.decrement(b, 1L))
    intercept[IllegalStateException](s.decrement(a, 101L))
    intercept[IllegalStateException](s.transfer(a, b, 101L))
    intercept[IllegalArgumentException](s.transfer(a, a, 1L))
    intercept[IllegalArgumentException](s.decrement(a, -1L))
    val after = s.transfer(a, b, 40L).state
    assert(after.canSpend(b, 40L) && !after.canSpend(b, 41L) && after.canSpend(a, 60L))
  }

  test("two replicas that cannot hear each other spend at most the balance between them") {
    val (a, b) = (replicas(0), replicas(1))
    val provisioned = BoundedCounter.empty.increment(a, 100L).state.transfer(a, b, 50L).state
    // cut off from each other, each spends all it can in steps of 10
    def drain(s: BoundedCounter, r: ReplicaId): (BoundedCounter, Long) =
      Iterator.iterate((s, 0L))((st, n) => (st.decrement(r, 10L).state, n + 10L)).dropWhile(x =>
        x._1.canSpend(r, 10L)
      ).next()
    val (sa, spentA) = drain(provisioned, a)
    val (sb, spentB) = drain(provisioned, b)
    assertEquals(spentA + spentB, 100L)
    assertEquals(sa.merge(sb).value, 0L)
  }
}
