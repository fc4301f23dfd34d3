package mvt.cluster

import mvt.core.*
import mvt.crdt.{ClientId, ClientBalances, ReplicaId}
import mvt.trader.{BboUpdated, Quote}
import mvt.trader.pipeline.PreTradeCheck

/** The balance check on the replicated balances, as `mvt trade --balance` wires it ([[ReplicaBalance.check]]). */
class ReplicaBalanceSuite extends munit.FunSuite {
  private val client = ClientId("c1")
  private val other = ClientId("c2")
  private val replica = ReplicaId("r1")
  private val acme = Symbol.unsafe("ACME")

  test("only the client's own balance counts, as the replica holds it when the check runs") {
    val q = Quote.of(BboUpdated(
      acme,
      Price.fromRaw(999000000L),
      Quantity(5),
      Price.fromRaw(1000000000L),
      Quantity(5)
    ))
    var balances = ClientBalances.empty.credit(replica, other, 1000000).state
    val c = new PreTradeCheck.Balance(new ReplicaBalance(() => balances, client), Quantity(1))
    assert(!c.allows(q))
    balances = balances.credit(replica, client, 1000).state
    assert(c.allows(q))
    balances = balances.debit(replica, client, 1).state
    assert(!c.allows(q))
  }
}
