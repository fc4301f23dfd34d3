package mvt.crdt

import munit.ScalaCheckSuite
import org.scalacheck.Gen
import org.scalacheck.Prop.{forAll, propBoolean}

import scala.collection.mutable.ArrayBuffer
import scala.util.Random

import Generators.*

/**
 * Seeded simulations of a cluster: replicas apply random updates and ship states, deltas or
 * operations over a network that reorders, duplicates and drops messages, with periodic full-state
 * anti-entropy. At quiescence (in-flight messages drained, then one reliable anti-entropy round)
 * every replica must hold the same state, and its value must be what the updates add up to.
 */
class ConvergenceSuite extends ScalaCheckSuite {

  /**
   * How one replication scheme runs: `R` is a replica, `M` a message, `V` the observable value.
   * `update` returns the new replica, the message to broadcast and the effect on the expected value.
   */
  trait Scheme[R, M, V] {
    def empty: R
    def update(r: R, self: ReplicaId, rnd: Random): (R, M, V => V)
    def receive(r: R, m: M): R
    def antiEntropy(r: R): M
    def value(r: R): V
    def start: V

    /** The part of a replica that must be equal everywhere at quiescence. */
    def replicated(r: R): Any = r
  }

  final case class Network(replicas: Int, steps: Int, drop: Double, duplicate: Double, antiEntropyEvery: Int)

  final case class Outcome[R, V](finals: Vector[R], expected: V, dropped: Int, duplicated: Int)

  private val network: Gen[Network] =
    for {
      n <- Gen.choose(2, 6)
      steps <- Gen.choose(20, 300)
      drop <- Gen.choose(0.0, 0.5)
      dup <- Gen.choose(0.0, 0.3)
      ae <- Gen.choose(5, 40)
    } yield Network(n, steps, drop, dup, ae)

  def simulate[R, M, V](scheme: Scheme[R, M, V], net: Network, seed: Long): Outcome[R, V] = {
    val rnd = new Random(seed)
    val ids = Vector.tabulate(net.replicas)(i => ReplicaId(s"node-$i"))
    val nodes = ArrayBuffer.fill(net.replicas)(scheme.empty)
    val inFlight = ArrayBuffer.empty[(Int, M)]
    var expected = scheme.start
    var dropped = 0
    var duplicated = 0

    def send(to: Int, m: M): Unit =
      if (rnd.nextDouble() < net.drop) dropped += 1
      else {
        inFlight += to -> m
        if (rnd.nextDouble() < net.duplicate) {
          inFlight += to -> m
          duplicated += 1
        }
      }

    // Picking any in-flight message, not the oldest, is what reorders the network.
    def deliverOne(): Unit = {
      val (to, m) = inFlight.remove(rnd.nextInt(inFlight.size))
      nodes(to) = scheme.receive(nodes(to), m)
    }

    for (step <- 1 to net.steps) {
      if (inFlight.isEmpty || rnd.nextDouble() < 0.4) {
        val i = rnd.nextInt(net.replicas)
        val (next, m, effect) = scheme.update(nodes(i), ids(i), rnd)
        nodes(i) = next
        expected = effect(expected)
        for (j <- nodes.indices if j != i) send(j, m)
      } else deliverOne()
      if (step % net.antiEntropyEvery == 0) {
        val from = rnd.nextInt(net.replicas)
        val to = (from + 1 + rnd.nextInt(net.replicas - 1)) % net.replicas
        send(to, scheme.antiEntropy(nodes(from)))
      }
    }
    while (inFlight.nonEmpty) deliverOne()
    val snapshot = nodes.toVector.map(scheme.antiEntropy)
    for (i <- nodes.indices; j <- nodes.indices if i != j) nodes(j) = scheme.receive(nodes(j), snapshot(i))
    Outcome(nodes.toVector, expected, dropped, duplicated)
  }

  private def converges[R, M, V](name: String, scheme: Scheme[R, M, V]): Unit =
    property(s"$name: replicas converge to the sum of all updates despite loss, duplication and reordering") {
      forAll(network, Gen.long) { (net, seed) =>
        val out = simulate(scheme, net, seed)
        val values = out.finals.map(scheme.value)
        (out.finals.forall(r => scheme.replicated(r) == scheme.replicated(out.finals.head)) && values.forall(
          _ == out.expected
        )) :|
          s"seed $seed, $net: expected ${out.expected}, got $values"
      }
    }

  /** A signed PN-Counter update drawn at random, and its effect on the expected sum. */
  private def counterStep(rnd: Random): (Boolean, Long) =
    (rnd.nextDouble() < 0.6, 1L + rnd.nextInt(1000).toLong)

  val pnState: Scheme[PNCounter, PNCounter, Long] = new Scheme[PNCounter, PNCounter, Long] {
    def empty = PNCounter.empty
    def update(r: PNCounter, self: ReplicaId, rnd: Random) = {
      val (up, n) = counterStep(rnd)
      val next = if (up) r.increment(self, n).state else r.decrement(self, n).state
      (next, next, _ + (if (up) n else -n))
    }
    def receive(r: PNCounter, m: PNCounter) = r.merge(m)
    def antiEntropy(r: PNCounter) = r
    def value(r: PNCounter) = r.value
    def start = 0L
  }

  /** Delta-state replication of any state type: deltas on update, full states for anti-entropy. */
  private def deltaScheme[S, V](empty0: S, value0: S => V, start0: V)(
      step: (S, ReplicaId, Random) => (Updated[S], V => V),
      merge: (S, S) => S
  ): Scheme[S, Either[Delta[S], S], V] = new Scheme[S, Either[Delta[S], S], V] {
    def empty = empty0
    def update(r: S, self: ReplicaId, rnd: Random) = {
      val (up, effect) = step(r, self, rnd)
      (up.state, Left(up.delta), effect)
    }
    def receive(r: S, m: Either[Delta[S], S]) = merge(r, m.fold(_.state, identity))
    def antiEntropy(r: S) = Right(r)
    def value(r: S) = value0(r)
    def start = start0
  }

  val pnDelta: Scheme[PNCounter, Either[Delta[PNCounter], PNCounter], Long] =
    deltaScheme(PNCounter.empty, _.value, 0L)(
      (s, self, rnd) => {
        val (up, n) = counterStep(rnd)
        if (up) (s.increment(self, n), _ + n) else (s.decrement(self, n), _ - n)
      },
      (s, t) => s.merge(t)
    )

  val gSetDelta: Scheme[GSet[Int], Either[Delta[GSet[Int]], GSet[Int]], Set[Int]] =
    deltaScheme(GSet.empty[Int], _.elements, Set.empty[Int])(
      (s, _, rnd) => {
        val e = rnd.nextInt(200)
        (s.add(e), _ + e)
      },
      (s, t) => s.merge(t)
    )

  /** The expected value is the present set and the tombstones: a removal wins over every add, before or after. */
  val twoPhaseDelta
      : Scheme[TwoPhaseSet[Int], Either[Delta[TwoPhaseSet[Int]], TwoPhaseSet[Int]], (Set[Int], Set[Int])] =
    deltaScheme(
      TwoPhaseSet.empty[Int],
      s => (s.elements, s.removed.elements),
      (Set.empty[Int], Set.empty[Int])
    )(
      (s, _, rnd) => {
        val e = rnd.nextInt(30)
        if (rnd.nextDouble() < 0.7) (s.add(e), { case (p, t) => (if (t(e)) p else p + e, t) })
        else (s.remove(e), { case (p, t) => (p - e, t + e) })
      },
      (s, t) => s.merge(t)
    )

  val blacklistDelta: Scheme[Blacklist, Either[Delta[Blacklist], Blacklist], Set[(TradingDay, ClientId)]] =
    deltaScheme(Blacklist.empty, b => days.flatMap(d => b.clientsOn(d).map(d -> _)).toSet, Set.empty)(
      (s, _, rnd) => {
        val d = days(rnd.nextInt(days.size))
        val c = clients(rnd.nextInt(clients.size))
        (s.add(d, c), _ + (d -> c))
      },
      (s, t) => s.merge(t)
    )

  val balancesDelta
      : Scheme[ClientBalances, Either[Delta[ClientBalances], ClientBalances], Map[ClientId, Long]] =
    deltaScheme(
      ClientBalances.empty,
      b => clients.map(c => c -> b.balance(c)).toMap,
      clients.map(_ -> 0L).toMap
    )(
      (s, self, rnd) => {
        val c = clients(rnd.nextInt(clients.size))
        val (credit, n) = counterStep(rnd)
        if (credit) (s.credit(self, c, n), v => v.updated(c, v(c) + n))
        else (s.debit(self, c, n), v => v.updated(c, v(c) - n))
      },
      (s, t) => s.merge(t)
    )

  /** Op-based replication: each node keeps the operations it applied, to retransmit at anti-entropy. */
  private def opScheme[S <: AnyRef, Op, V](empty0: S, value0: S => V, start0: V)(
      step: (S, ReplicaId, Random) => ((S, Op), V => V),
      applyOp: (S, Op) => S
  ): Scheme[(S, Vector[Op]), Vector[Op], V] = new Scheme[(S, Vector[Op]), Vector[Op], V] {
    def empty = (empty0, Vector.empty)
    def update(r: (S, Vector[Op]), self: ReplicaId, rnd: Random) = {
      val ((next, op), effect) = step(r._1, self, rnd)
      ((next, r._2 :+ op), Vector(op), effect)
    }
    def receive(r: (S, Vector[Op]), ops: Vector[Op]) =
      ops.foldLeft(r) { case ((s, log), op) =>
        val next = applyOp(s, op)
        if (next eq s) (s, log) else (next, log :+ op)
      }
    def antiEntropy(r: (S, Vector[Op])) = r._2
    def value(r: (S, Vector[Op])) = value0(r._1)
    def start = start0
    // Each node's log lists the same operations in its own order of arrival.
    override def replicated(r: (S, Vector[Op])) = r._1
  }

  val pnOps: Scheme[(OpPNCounter, Vector[PNCounterOp]), Vector[PNCounterOp], Long] =
    opScheme(OpPNCounter.empty, _.value, 0L)(
      (s, self, rnd) => {
        val (up, n) = counterStep(rnd)
        if (up) (s.increment(self, n), _ + n) else (s.decrement(self, n), _ - n)
      },
      (s, op) => s.applyOp(op)
    )

  val gCounterOps: Scheme[(OpGCounter, Vector[GCounterOp]), Vector[GCounterOp], Long] =
    opScheme(OpGCounter.empty, _.value, 0L)(
      (s, self, rnd) => {
        val n = 1L + rnd.nextInt(1000)
        (s.increment(self, n), _ + n)
      },
      (s, op) => s.applyOp(op)
    )

  val gSetOps: Scheme[(OpGSet[Int], Vector[GSetOp[Int]]), Vector[GSetOp[Int]], Set[Int]] =
    opScheme(OpGSet.empty[Int], _.elements, Set.empty[Int])(
      (s, self, rnd) => {
        val e = rnd.nextInt(200)
        (s.add(self, e), _ + e)
      },
      (s, op) => s.applyOp(op)
    )

  converges("PN-Counter, full states", pnState)
  converges("PN-Counter, deltas", pnDelta)
  converges("G-Set, deltas", gSetDelta)
  converges("2P-Set, deltas", twoPhaseDelta)
  converges("client balances, deltas", balancesDelta)
  converges("blacklist, deltas", blacklistDelta)
  converges("PN-Counter, operations", pnOps)
  converges("G-Counter, operations", gCounterOps)
  converges("G-Set, operations", gSetOps)

  test("the simulated network really drops, duplicates and reorders") {
    val out = simulate(pnDelta, Network(4, 300, 0.3, 0.2, 10), seed = 42L)
    assert(out.dropped > 0 && out.duplicated > 0, s"dropped ${out.dropped}, duplicated ${out.duplicated}")
  }
}
