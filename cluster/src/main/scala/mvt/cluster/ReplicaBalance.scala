package mvt.cluster

import mvt.core.Quantity
import mvt.crdt.{ClientBalances, ClientId, ReplicaId}
import mvt.trader.pipeline.{BalanceSource, PreTradeCheck}

/** `client`'s balance on the local replica of the replicated balances; `balances` gives its current state. */
final class ReplicaBalance(balances: () => ClientBalances, client: ClientId) extends BalanceSource {
  def canSpend(cents: Long): Boolean = balances().authorize(client, cents)
}

object ReplicaBalance {

  /**
   * `mvt trade --balance`: one client provisioned with `cents` on a local replica, each decision checked for
   * `clip` units against it.
   */
  def check(cents: Long, clip: Quantity): PreTradeCheck = {
    val client = ClientId("mvt-trader")
    val balances = ClientBalances.empty.credit(ReplicaId("local"), client, cents).state
    new PreTradeCheck.Balance(new ReplicaBalance(() => balances, client), clip)
  }
}
