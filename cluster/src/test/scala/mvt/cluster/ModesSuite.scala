package mvt.cluster

import mvt.crdt.{BoundedCounter, ClientId}

import scala.concurrent.duration.*
import scala.concurrent.{Await, ExecutionContext, Future}

/**
 * The three consistency modes on a real three-node cluster (three `ActorSystem`s on loopback): balances
 * replicate, rights move on demand, and under a partition cut with Artery's blackhole each mode behaves as
 * documented — `local` overspends, `majority` refuses on the minority side, `bounded` keeps trading on both
 * sides and never overspends.
 */
class ModesSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 3.minutes

  private var nodes: LoopbackCluster = null
  private var ledgers: Map[Consistency, Vector[Ledger[?]]] = Map.empty

  override def beforeAll(): Unit = {
    nodes = new LoopbackCluster(3)
    Eventually("three nodes up")(nodes.allUp)
    ledgers = Consistency.values.map { mode =>
      mode -> nodes.systems.map(s => Ledger.start(s, mode, Nil, writeTimeout = 1.second))
    }.toMap
  }

  override def afterAll(): Unit = if (nodes ne null) nodes.close()

  private def converged(mode: Consistency, account: ClientId, expected: Long): Boolean =
    ledgers(mode).forall(_.balance(account) == expected)

  private def approved(a: Authorization): Boolean = a match {
    case Authorization.Approved => true
    case Authorization.Refused(_) => false
    case Authorization.Pending(f) => Await.result(f, 30.seconds) == Authorization.Approved
  }

  // Spends `step` until `refusals` attempts in a row are refused; a refusal in the bounded mode asks peers for rights,
  // so the pause gives their transfer time to arrive before the next attempt.
  private def spendUntilRefused(ledger: Ledger[?], account: ClientId, step: Long, refusals: Int): Long = {
    var spent = 0L
    var misses = 0
    while (misses < refusals) {
      if (approved(ledger.authorize(account, step))) {
        spent += step
        misses = 0
      } else {
        misses += 1
        Thread.sleep(100)
      }
    }
    spent
  }

  test("a ledger's warm-up at its start leaves no trace: no account, no write, no approval") {
    // runs first, on the fresh ledgers: the warm-up spent on a state of its own, which nobody may see
    ledgers.values.flatten.foreach { l =>
      assertEquals(l.written, Map.empty, s"${l.mode}: written at start")
      assertEquals((l.approved, l.refused, l.stored), (0L, 0L, 0L), s"${l.mode}: counts at start")
      assert(l.flush(1.second), s"${l.mode}: a write in flight at start")
    }
  }

  test(
    "queued debits (local, bounded): every one reaches every replica, is answered once, and flush waits for them"
  ) {
    Seq(Consistency.Local, Consistency.Bounded).foreach { mode =>
      val l = ledgers(mode)
      val accounts = Vector(ClientId("queued-a"), ClientId("queued-b"), ClientId("queued-c"))
      accounts.foreach(a => l(0).credit(a, 1_000_000L))
      Eventually(s"$mode: the credits everywhere")(accounts.forall(a => converged(mode, a, 1_000_000L)))
      val stored0 = l(0).stored
      // two threads, three accounts, more than one nudge's worth (ShipAt) between timer shipments
      val spends = 3 * Ledger.ShipAt + 7
      val threads = (0 until 2).map { t =>
        new Thread(() => {
          var i = 0
          while (i < spends) {
            assert(approved(l(0).authorize(accounts((i + t) % 3), 1L)), s"$mode: spend $i of thread $t")
            i += 1
          }
        })
      }
      threads.foreach(_.start())
      threads.foreach(_.join())
      assert(l(0).flush(30.seconds), s"$mode: the queued debits were not all answered")
      // each debit counted once as stored, though the actor joins an account's queued debits into one write
      assertEquals(l(0).stored - stored0, 2L * spends, s"$mode: writes answered")
      val spentPer =
        accounts.indices.map(k => (0 until 2).map(t => (0 until spends).count(i => (i + t) % 3 == k)).sum)
      accounts.zip(spentPer).foreach { (a, n) =>
        Eventually(s"$mode: ${a.value}'s debits everywhere")(converged(mode, a, 1_000_000L - n))
      }
    }
  }

  test("a credit on one node and a spend on another reach every node, in every mode") {
    Consistency.values.foreach { mode =>
      val l = ledgers(mode)
      l(0).credit(ClientId("alice"), 1000L)
      Eventually(s"$mode: the credit everywhere")(converged(mode, ClientId("alice"), 1000L))
      // in the bounded mode node 1 holds no rights yet: its refusal asks node 0, and a later attempt succeeds
      Eventually(s"$mode: node 1 spends 100")(approved(l(1).authorize(ClientId("alice"), 100L)))
      Eventually(s"$mode: the spend everywhere")(converged(mode, ClientId("alice"), 900L))
    }
    def shares = ledgers(Consistency.Bounded).map(_.state(ClientId("alice")).asInstanceOf[BoundedCounter])
    // the balance can agree before the transfers do: a second rights request may still be in flight
    Eventually("every replica holds the same bounded state")(shares.forall(_ == shares(0)))
    assertEquals(shares(0).shares.values.sum, 900L)
    assert(shares(0).rightsOf(ledgers(Consistency.Bounded)(1).self) >= 0L)
  }

  test(
    "under a partition: local overspends, majority refuses the minority, bounded trades on and never overspends"
  ) {
    given ExecutionContext = ExecutionContext.global
    val account = ClientId("bob")
    val provisioned = 1000L
    Consistency.values.foreach { mode =>
      ledgers(mode)(0).credit(account, provisioned)
      Eventually(s"$mode: provisioned everywhere")(converged(mode, account, provisioned))
    }
    // bounded: nodes 1 and 2 take rights before the cut, as a node does ahead of its trading
    val bounded = ledgers(Consistency.Bounded)
    bounded(1).requestRights(account, 300L)
    Eventually("node 1 holds rights")(
      bounded(1).state(account).asInstanceOf[BoundedCounter].rightsOf(bounded(1).self) > 0L
    )
    bounded(2).requestRights(account, 300L)
    Eventually("node 2 holds rights")(
      bounded(2).state(account).asInstanceOf[BoundedCounter].rightsOf(bounded(2).self) > 0L
    )
    Eventually("the transfers everywhere") {
      bounded.forall(_.state(account) == bounded(0).state(account))
    }

    nodes.isolate(2)
    val spends = Consistency.values.toVector.map { mode =>
      val l = ledgers(mode)
      val majoritySide = Future(spendUntilRefused(l(0), account, 10L, refusals = 4))
      val minoritySide = Future(spendUntilRefused(l(2), account, 10L, refusals = 4))
      mode -> majoritySide.zip(minoritySide)
    }
    val spent = spends.map((mode, f) => mode -> Await.result(f, 2.minutes)).toMap
    nodes.reconnect(2)

    spent.foreach { case (mode, (a, c)) =>
      Eventually(s"$mode: converged after the heal", 60.seconds)(converged(
        mode,
        account,
        provisioned - a - c
      ))
    }
    val (localA, localC) = spent(Consistency.Local)
    assert(localA + localC > provisioned, s"local: both sides spent what they saw ($localA + $localC)")
    assert(ledgers(Consistency.Local).forall(_.balance(account) < 0L))

    val (majA, majC) = spent(Consistency.Majority)
    assertEquals(majC, 0L, "majority: the cut-off node has no majority, so every debit is undone")
    assert(ledgers(Consistency.Majority)(2).undone > 0L)
    assert(majA + majC <= provisioned, s"majority: $majA + $majC")

    val (bA, bC) = spent(Consistency.Bounded)
    assert(bC > 0L, "bounded: the cut-off node spends the rights it holds")
    assert(bA > 0L)
    assert(bA + bC <= provisioned, s"bounded: $bA + $bC")
    assert(bounded.forall(_.balance(account) >= 0L))
  }

  test(
    "majority: two nodes spending the same money at once never both go; the one that does not is given back"
  ) {
    val account = ClientId("carol")
    val l = ledgers(Consistency.Majority)
    l(0).credit(account, 1000L)
    Eventually("provisioned everywhere")(converged(Consistency.Majority, account, 1000L))
    // back to back on two nodes: neither replica can have the other's debit when it checks its own
    val first = l(0).authorize(account, 700L)
    val second = l(1).authorize(account, 700L)
    val went = Vector(first, second).map(approved)
    assert(went.count(identity) <= 1, s"both spent 700 of 1000: $went")
    val spent = 700L * went.count(identity)
    Eventually("every replica shows what went", 30.seconds)(converged(
      Consistency.Majority,
      account,
      1000L - spent
    ))
  }

  test(
    "a refusal says whose it is: no provision here yet, no rights here yet, or a balance that does not cover it"
  ) {
    Consistency.values.foreach { mode =>
      val l = ledgers(mode)
      val account = ClientId(s"dora-${mode.label}")
      assertEquals(
        l(2).authorize(account, 10L),
        Authorization.Refused.NotReplicated,
        s"$mode: nothing credited yet"
      )
      l(0).credit(account, 1000L)
      Eventually(s"$mode: the credit everywhere")(converged(mode, account, 1000L))
      assertEquals(l(0).authorize(account, 5000L), Authorization.Refused.Insufficient, s"$mode: 5000 of 1000")
      // node 1 has never asked for rights on this account, so in bounded all of them are still node 0's
      if (mode == Consistency.Bounded)
        assertEquals(
          l(1).authorize(account, 100L),
          Authorization.Refused.NoRights,
          "bounded: node 0's rights"
        )
    }
  }
}
