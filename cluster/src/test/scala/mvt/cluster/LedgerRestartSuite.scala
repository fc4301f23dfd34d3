package mvt.cluster

import mvt.crdt.ClientId

import scala.concurrent.duration.*

/**
 * The ledger actor is restarted when it fails, not stopped: the debits queued for it still ship, and it follows the
 * accounts it held again, so peers' changes still arrive.
 */
class LedgerRestartSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 3.minutes

  test("a ledger actor that fails is restarted: queued debits still ship and peers' changes still arrive") {
    val nodes = new LoopbackCluster(2)
    try {
      Eventually("two nodes up")(nodes.allUp)
      val ledgers = nodes.systems.map(s => Ledger.start(s, Consistency.Local, Nil, writeTimeout = 1.second))
      val (l0, l1) = (ledgers(0), ledgers(1))
      val alice = ClientId("alice")
      l1.credit(alice, 1000L)
      Eventually("node 1's credit on node 0")(l0.balance(alice) == 1000L)
      // a request the actor fails on (no account): stopped, it would ship nothing more and hear no peer
      l0.actorRef ! RightsRequest(null.asInstanceOf[ClientId], 1L, l1.self)
      assertEquals(l0.authorize(alice, 100L), Authorization.Approved)
      Eventually("node 0's debit, queued after the failure, on node 1")(l1.balance(alice) == 900L)
      assert(l0.flush(30.seconds), "node 0's writes answered")
      l1.credit(alice, 50L)
      Eventually("node 1's credit after the failure, on node 0")(l0.balance(alice) == 950L)
    } finally nodes.close()
  }
}
