package mvt.crdt

import munit.ScalaCheckSuite
import org.scalacheck.Arbitrary.arbitrary
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

import Generators.{*, given}

/** What the trading path relies on: balances, the authorize check, and the daily blacklist. */
class DomainSuite extends ScalaCheckSuite {

  property("authorize means 0 < amount <= balance") {
    forAll(arbitrary[ClientBalances], client, Gen.choose(-5000L, 5000L)) { (b, c, n) =>
      b.authorize(c, n) == (n > 0L && n <= b.balance(c))
    }
  }

  property("a credit raises one client's balance by its amount and a debit lowers it; others stay") {
    forAll(arbitrary[ClientBalances], replica, client, amount) { (b, r, c, n) =>
      val credited = b.credit(r, c, n).state
      val debited = b.debit(r, c, n).state
      clients.forall { other =>
        val delta = if (other == c) n else 0L
        credited.balance(other) == b.balance(other) + delta && debited.balance(other) == b.balance(
          other
        ) - delta
      }
    }
  }

  test("a client never seen has balance 0 and is authorized for nothing") {
    val b = ClientBalances.empty.credit(replicas(0), clients(0), 100L).state
    assertEquals(b.balance(clients(1)), 0L)
    assert(!b.authorize(clients(1), 1L))
    assert(b.authorize(clients(0), 100L))
    assert(!b.authorize(clients(0), 101L))
    assert(!b.authorize(clients(0), 0L))
    assert(!b.authorize(clients(0), -1L))
  }

  test("concurrent debits on two nodes are both kept after merge, so the balance can go negative") {
    val funded = ClientBalances.empty.credit(replicas(0), clients(0), 100L).state
    assert(funded.authorize(clients(0), 80L))
    val onA = funded.debit(replicas(0), clients(0), 80L).state
    val onB = funded.debit(replicas(1), clients(0), 80L).state
    val merged = onA.merge(onB)
    assertEquals(merged.balance(clients(0)), -60L)
    assert(!merged.authorize(clients(0), 1L))
  }

  property("a blacklisted client is barred on that day only") {
    forAll(arbitrary[Blacklist], day, client) { (b, d, c) =>
      val after = b.add(d, c).state
      after.isBlacklisted(d, c) && days.filter(_ != d).forall(o =>
        after.isBlacklisted(o, c) == b.isBlacklisted(o, c)
      )
    }
  }

  property("the blacklist check agrees with the day's set") {
    forAll(arbitrary[Blacklist], day, client)((b, d, c) =>
      b.isBlacklisted(d, c) == b.clientsOn(d).contains(c)
    )
  }
}
