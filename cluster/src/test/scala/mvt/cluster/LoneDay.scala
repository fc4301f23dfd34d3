package mvt.cluster

import mvt.core.Symbol
import mvt.crdt.ClientId
import org.apache.pekko.actor.typed.ActorRef

import java.nio.file.{Files, Path}
import java.util.concurrent.ConcurrentLinkedQueue

/**
 * An exchange day of a lone exchange `node` for `accounts`, each credited `provision` cents, journaling in `dir`,
 * fed as trader node `from` feeds it, with `strategy`'s orders answered to `replyTo`. The caller closes the day
 * (`day.close()`, then `day.release()`). Not thread-safe: the test's thread drives it.
 */
final class LoneDay(
    node: ClusterNode,
    val accounts: Vector[ClientId],
    provision: Long,
    from: NodeId,
    strategy: StrategyId,
    replyTo: ActorRef[TraderNode.Command],
    val dir: Path = Files.createTempDirectory("mvt-exchange")
) {
  private val acme = Symbol.unsafe("ACME")
  val inbox = new ConcurrentLinkedQueue[ExchangeDay.Inbound]()
  val day: ExchangeDay = LoneExchange.dayIn(node, accounts, inbox, dir)
  accounts.foreach(a => node.ledger.credit(a, provision))
  private var seq = 0L

  /** The sequence number `from`'s next message takes. */
  def nextSeq(): Long = { seq += 1; seq }

  /**
   * What the trader node does: debit a buy's cost on the ledger, then send `kind` for `account`'s order `id` (an
   * empty price: none, as a cancel has); the message sent, for a test that sends it again.
   */
  def send(
      kind: LoneExchange.Kind,
      account: ClientId,
      id: Long,
      buy: Boolean,
      price: String,
      qty: Long
  ): OrderMessage = {
    val m = LoneExchange.order(
      node.ledger,
      kind,
      from,
      nextSeq(),
      Subscription(account, strategy),
      id,
      buy,
      price,
      qty,
      replyTo
    )
    inbox.add(m)
    m
  }

  /**
   * The exchange killed with the day open, as a crash leaves it (the journal and the side file are all that is
   * left), and the day opened again on its directory and inbox; the caller closes the new one.
   */
  def reopen(): ExchangeDay = {
    LoneExchange.crash(day)
    LoneExchange.dayIn(node, accounts, inbox, dir)
  }

  /** A flow order (nobody's strategy) on ACME, durable on the venue, then a drain. */
  def flow(id: Long, buy: Boolean, price: String, qty: Long): Unit =
    LoneExchange.flow(day, acme, id, buy, price, qty)
}
