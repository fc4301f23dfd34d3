package mvt.orderbook

import mvt.core.*

/**
 * A command target that keeps accounts: every add carries one, and an add that names none is the house's
 * (account 0), as the spec reads a command without an account.
 */
trait AccountsTarget extends CommandTarget {

  override def add(book: Int, id: OrderId, side: Side, price: Price, qty: Quantity, account: Account): Unit =
    add(book, id, side, price, qty, account, TimeInForce.Gtc)

  final def add(book: Int, id: OrderId, side: Side, price: Price, qty: Quantity): Unit =
    add(book, id, side, price, qty, Account.House)
}
