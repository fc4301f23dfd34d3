package mvt.trader

import mvt.trader.pipeline.*

import mvt.core.*
import mvt.trader.TraderGens.*

/** The balance check: one clip at the quote's reference price against the local replica's balance. */
class PreTradeCheckSuite extends munit.FunSuite {

  /** A balance of `cents`: any amount up to it may be spent. */
  private def holding(cents: Long): BalanceSource = c => c <= cents

  private def check(balance: BalanceSource, clip: Long): PreTradeCheck =
    new PreTradeCheck.Balance(balance, Quantity(clip))

  /** A quote whose reference price (its ask) is `raw` in 1e-8 units. */
  private def askAt(raw: Long): Quote =
    Quote.of(BboUpdated(acme, BboUpdated.NoPrice, Quantity(0), Price.fromRaw(raw), Quantity(10)))

  test("allows a clip the client can afford to the cent, refuses one cent short") {
    val q = Quote.of(bbo(acme, 999, 5, 1000, 5)) // the ask, 10.00, is the reference
    assert(check(holding(100000), 100).allows(q))
    assert(!check(holding(99999), 100).allows(q))
  }

  test("a price between cents costs the next cent") {
    val q = askAt(1000000100L) // 10.000001
    assert(check(holding(1001), 1).allows(q))
    assert(!check(holding(1000), 1).allows(q))
    assert(check(holding(1), 1).allows(askAt(1L))) // the smallest price still costs a cent
    assert(check(holding(1001), 1).allows(askAt(1001000000L))) // a whole number of cents is not rounded
  }

  test("the reference price is the ask when there is one, else the bid") {
    val twoSided = Quote.of(bbo(acme, 500, 5, 600, 5))
    assert(!check(holding(599), 1).allows(twoSided))
    assert(check(holding(600), 1).allows(twoSided))
    val bidSide = Quote.of(bidOnly(acme, 500))
    assert(!check(holding(499), 1).allows(bidSide))
    assert(check(holding(500), 1).allows(bidSide))
  }

  test("an empty book is refused, whatever the balance") {
    assert(!check(holding(Long.MaxValue), 1).allows(Quote.of(emptyBook(acme))))
  }

  test("a cost past Long.MaxValue is refused, however rich the client; just below it is allowed") {
    val top = askAt(Price.Limit - 1) // 1e12 cents a unit
    val rich = holding(Long.MaxValue)
    assert(check(rich, 9000000L).allows(top)) // 9e18 cents
    assert(!check(rich, 10000000L).allows(top)) // 1e19: wraps negative in 64 bits
    assert(!check(rich, 20000000L).allows(top)) // 2e19: past 64 bits, wraps positive
    assert(!check(rich, Long.MaxValue).allows(top))
  }

  test("a clip of nothing costs nothing and is refused") {
    assert(!check(holding(1000), 0).allows(Quote.of(bbo(acme, 999, 5, 1000, 5))))
  }

  test("the source is asked on every check, with the clip's cost") {
    val q = Quote.of(bbo(acme, 999, 5, 1000, 5))
    var held = 0L
    val asked = Vector.newBuilder[Long]
    val c = new PreTradeCheck.Balance(cents => { asked += cents; cents <= held }, Quantity(1))
    assert(!c.allows(q))
    held = 1000
    assert(c.allows(q))
    held = 999
    assert(!c.allows(q))
    assertEquals(asked.result(), Vector(1000L, 1000L, 1000L))
  }

  test("AllowAll allows even an empty book") {
    assert(PreTradeCheck.AllowAll.allows(Quote.of(emptyBook(acme))))
  }

  test("Quote.of: spread and twice the mid of a two-sided book, zeros otherwise") {
    assertEquals(
      Quote.of(bbo(acme, 999, 5, 1002, 5)),
      Quote(bbo(acme, 999, 5, 1002, 5), 3 * Cent, 2001 * Cent, 1002 * Cent)
    )
    assertEquals(Quote.of(askOnly(acme, 1002)), Quote(askOnly(acme, 1002), 0, 0, 1002 * Cent))
    assertEquals(Quote.of(emptyBook(acme)), Quote(emptyBook(acme), 0, 0, 0))
  }

  test("the clip's total cost is rounded up to the cent, not each unit's price") {
    val q = askAt(1000000100L) // 10.000001: 100 units cost 100000.01 cents, so 100001 cents
    assert(check(holding(100001), 100).allows(q))
    assert(!check(holding(100000), 100).allows(q))
    assertEquals(PreTradeCheck.Balance.costCents(1000000100L, 100L), 100001L)
    assertEquals(PreTradeCheck.Balance.costCents(1L, 1L), 1L)
    assertEquals(PreTradeCheck.Balance.costCents(999999999999999999L, 1000000000L), -1L)
  }
}
