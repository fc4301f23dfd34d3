package mvt.crdt

import munit.ScalaCheckSuite
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

import scala.util.Random

import Generators.*

/**
 * Operation-based replicas that receive every operation at least once, in any order, end equal,
 * and their value is the sum of the operations.
 */
class OpBasedSuite extends ScalaCheckSuite {

  /** One replica issuing one update: which replica, the amount, and whether it raises the value. */
  private val issue: Gen[(ReplicaId, Long, Boolean)] =
    for (r <- replica; n <- amount; up <- Gen.prob(0.6)) yield (r, n, up)

  /** Every operation once, some twice or three times, all shuffled. */
  private def atLeastOnce[Op](ops: Vector[Op], rnd: Random): Vector[Op] =
    rnd.shuffle(ops ++ ops.filter(_ => rnd.nextInt(3) == 0) ++ ops.filter(_ => rnd.nextInt(5) == 0))

  /**
   * Lets each replica issue its updates in order, then delivers every operation at least once, in a
   * different order, to every issuing replica and to two fresh ones; returns their final states.
   */
  private def replicate[S, Op](issues: List[(ReplicaId, Long, Boolean)], seed: Long, empty: S)(
      issueOne: (S, (ReplicaId, Long, Boolean)) => (S, Op),
      applyOp: (S, Op) => S
  ): Vector[S] = {
    val rnd = new Random(seed)
    var issuers = Map.empty[ReplicaId, S]
    val ops = Vector.newBuilder[Op]
    issues.foreach { i =>
      val (next, op) = issueOne(issuers.getOrElse(i._1, empty), i)
      issuers = issuers.updated(i._1, next)
      ops += op
    }
    val all = ops.result()
    (issuers.values.toVector :+ empty :+ empty).map(s => atLeastOnce(all, rnd).foldLeft(s)(applyOp))
  }

  property("op-based G-Counters that receive every operation at least once, in any order, end equal") {
    forAll(Gen.listOf(issue), Gen.long) { (issues, seed) =>
      val finals = replicate(issues, seed, OpGCounter.empty)((s, i) => s.increment(i._1, i._2), _.applyOp(_))
      finals.forall(_ == finals.head) && finals.head.value == issues.map(_._2).sum
    }
  }

  property("op-based PN-Counters that receive every operation at least once, in any order, end equal") {
    forAll(Gen.listOf(issue), Gen.long) { (issues, seed) =>
      val finals = replicate(issues, seed, OpPNCounter.empty)(
        (s, i) => if (i._3) s.increment(i._1, i._2) else s.decrement(i._1, i._2),
        _.applyOp(_)
      )
      val expected = issues.map(i => if (i._3) i._2 else -i._2).sum
      finals.forall(_ == finals.head) && finals.head.value == expected
    }
  }

  property("op-based G-Sets that receive every operation at least once, in any order, end equal") {
    forAll(Gen.listOf(issue), Gen.long) { (issues, seed) =>
      val finals = replicate(issues, seed, OpGSet.empty[Long])((s, i) => s.add(i._1, i._2 % 17), _.applyOp(_))
      finals.forall(_ == finals.head) && finals.head.elements == issues.map(_._2 % 17).toSet
    }
  }

  property("a duplicate operation changes nothing") {
    forAll(Gen.listOf(issue)) { issues =>
      val (state, ops) =
        issues.foldLeft((OpPNCounter.empty, Vector.empty[PNCounterOp])) { case ((s, acc), i) =>
          val (next, op) = if (i._3) s.increment(i._1, i._2) else s.decrement(i._1, i._2)
          (next, acc :+ op)
        }
      ops.forall(op => state.applyOp(op) eq state)
    }
  }

  test("a lost operation is never counted without retransmission") {
    val (a1, op1) = OpGCounter.empty.increment(replicas(0), 5L)
    val (a2, op2) = a1.increment(replicas(0), 7L)
    val b = OpGCounter.empty.applyOp(op2) // op1 was dropped
    assertEquals(b.value, 7L)
    assertEquals(b.delivered.contiguous(replicas(0)), 0L, "the frontier shows what to retransmit")
    assertEquals(b.applyOp(op1), a2)
  }

  property("delivery records are canonical: the same dots in any order give equal records") {
    forAll(Gen.listOf(Gen.zip(replica, Gen.choose(1L, 20L))), Gen.long) { (dots, seed) =>
      val ds = dots.map(Dot.apply.tupled)
      val a = ds.foldLeft(Delivered.empty)(_.add(_))
      val b = new Random(seed).shuffle(ds).foldLeft(Delivered.empty)(_.add(_))
      a == b && ds.forall(a.contains) && replicas.forall { r =>
        val mine = ds.filter(_.replica == r).map(_.seq).toSet
        val c = a.contiguous(r)
        (1L to c).forall(mine) && !mine(c + 1) && a.next(r).seq == (mine + 0L).max + 1L
      }
    }
  }
}
