package mvt.crdt

import cats.kernel.BoundedSemilattice
import org.scalacheck.{Arbitrary, Gen}

import java.time.LocalDate

/**
 * Generators of reachable states: every state is built by the public mutators from the bottom, and
 * every delta is a delta group (a join of mutator deltas) taken after some history, as a replica
 * would ship it. Few replicas, keys and elements, so that merges overlap.
 */
object Generators {

  val replicas: Vector[ReplicaId] = Vector("a", "b", "c", "d").map(ReplicaId(_))
  val clients: Vector[ClientId] = Vector("alice", "bob", "carol").map(ClientId(_))
  val days: Vector[TradingDay] =
    Vector(0L, 1L, 2L).map(d => TradingDay(LocalDate.of(2025, 11, 3).plusDays(d)))

  val replica: Gen[ReplicaId] = Gen.oneOf(replicas)
  val client: Gen[ClientId] = Gen.oneOf(clients)
  val day: Gen[TradingDay] = Gen.oneOf(days)
  val element: Gen[Int] = Gen.choose(0, 12)
  val key: Gen[String] = Gen.oneOf("x", "y", "z")

  /** Mostly small amounts, some zero, some large; sums of a few hundred stay far from overflow. */
  val amount: Gen[Long] =
    Gen.frequency(1 -> Gen.const(0L), 8 -> Gen.choose(1L, 1000L), 1 -> Gen.choose(1L, 1L << 40))

  /** One mutator call, as a function from the state before to the result. */
  type Update[S] = S => Updated[S]

  def reachable[S](empty: S, update: Gen[Update[S]]): Gen[S] =
    Gen.listOf(update).map(_.foldLeft(empty)((s, u) => u(s).state))

  def deltaGroup[S](empty: S, update: Gen[Update[S]])(using L: BoundedSemilattice[S]): Gen[Delta[S]] =
    for {
      before <- reachable(empty, update)
      updates <- Gen.nonEmptyListOf(update)
    } yield {
      val bottom = summon[BoundedSemilattice[Delta[S]]].empty
      updates
        .foldLeft((before, bottom)) { case ((s, group), u) =>
          val up = u(s)
          (up.state, group.merge(up.delta))
        }
        ._2
    }

  val gCounterUpdate: Gen[Update[GCounter]] =
    for (r <- replica; n <- amount) yield _.increment(r, n)

  val pnCounterUpdate: Gen[Update[PNCounter]] =
    for (r <- replica; n <- amount; up <- Gen.prob(0.5))
      yield s => if (up) s.increment(r, n) else s.decrement(r, n)

  val gSetUpdate: Gen[Update[GSet[Int]]] = element.map(e => _.add(e))

  val twoPhaseSetUpdate: Gen[Update[TwoPhaseSet[Int]]] =
    for (e <- element; add <- Gen.prob(0.7)) yield s => if (add) s.add(e) else s.remove(e)

  val pnCounterMapUpdate: Gen[Update[PNCounterMap[String]]] =
    for (r <- replica; k <- key; n <- amount; up <- Gen.prob(0.5))
      yield s => if (up) s.increment(r, k, n) else s.decrement(r, k, n)

  val clientBalancesUpdate: Gen[Update[ClientBalances]] =
    for (r <- replica; c <- client; n <- amount; credit <- Gen.prob(0.6))
      yield s => if (credit) s.credit(r, c, n) else s.debit(r, c, n)

  val blacklistUpdate: Gen[Update[Blacklist]] =
    for (d <- day; c <- client) yield _.add(d, c)

  /** Credits, spends and transfers, each spend or transfer cut to the rights its replica holds, as a node does. */
  val boundedCounterUpdate: Gen[Update[BoundedCounter]] =
    for (r <- replica; to <- replica; n <- amount; kind <- Gen.choose(0, 2))
      yield s => {
        val held = math.min(n, s.rightsOf(r))
        if (kind == 0) s.increment(r, n)
        else if (kind == 1 || to == r) s.decrement(r, held)
        else s.transfer(r, to, held)
      }

  given Arbitrary[GCounter] = Arbitrary(reachable(GCounter.empty, gCounterUpdate))
  given Arbitrary[PNCounter] = Arbitrary(reachable(PNCounter.empty, pnCounterUpdate))
  given Arbitrary[GSet[Int]] = Arbitrary(reachable(GSet.empty[Int], gSetUpdate))
  given Arbitrary[TwoPhaseSet[Int]] = Arbitrary(reachable(TwoPhaseSet.empty[Int], twoPhaseSetUpdate))
  given Arbitrary[PNCounterMap[String]] = Arbitrary(reachable(PNCounterMap.empty[String], pnCounterMapUpdate))
  given Arbitrary[ClientBalances] = Arbitrary(reachable(ClientBalances.empty, clientBalancesUpdate))
  given Arbitrary[Blacklist] = Arbitrary(reachable(Blacklist.empty, blacklistUpdate))

  given Arbitrary[BoundedCounter] = Arbitrary(reachable(BoundedCounter.empty, boundedCounterUpdate))

  given gCounterDeltas: Arbitrary[Delta[GCounter]] = Arbitrary(deltaGroup(GCounter.empty, gCounterUpdate))
  given pnCounterDeltas: Arbitrary[Delta[PNCounter]] = Arbitrary(deltaGroup(PNCounter.empty, pnCounterUpdate))
  given gSetDeltas: Arbitrary[Delta[GSet[Int]]] = Arbitrary(deltaGroup(GSet.empty[Int], gSetUpdate))
  given twoPhaseSetDeltas: Arbitrary[Delta[TwoPhaseSet[Int]]] =
    Arbitrary(deltaGroup(TwoPhaseSet.empty[Int], twoPhaseSetUpdate))
  given pnCounterMapDeltas: Arbitrary[Delta[PNCounterMap[String]]] =
    Arbitrary(deltaGroup(PNCounterMap.empty[String], pnCounterMapUpdate))
  given clientBalancesDeltas: Arbitrary[Delta[ClientBalances]] =
    Arbitrary(deltaGroup(ClientBalances.empty, clientBalancesUpdate))
  given boundedCounterDeltas: Arbitrary[Delta[BoundedCounter]] =
    Arbitrary(deltaGroup(BoundedCounter.empty, boundedCounterUpdate))
  given blacklistDeltas: Arbitrary[Delta[Blacklist]] = Arbitrary(deltaGroup(Blacklist.empty, blacklistUpdate))
}
