package mvt.cli

import mvt.crdt.{ClientBalances, ClientId}
import mvt.trader.pipeline.BalanceSource

/** `client`'s balance on the local replica of the replicated balances; `balances` gives its current state. */
final class ReplicaBalance(balances: () => ClientBalances, client: ClientId) extends BalanceSource {
  def canSpend(cents: Long): Boolean = balances().authorize(client, cents)
}
