package mvt.trader

import mvt.core.*
import org.scalacheck.Gen

/** Builders of BBO updates and events in cents, and generators of them, shared by the trader suites. */
object TraderGens {
  val acme: Symbol = Symbol.unsafe("ACME")
  val bolt: Symbol = Symbol.unsafe("BOLT")
  val cobra: Symbol = Symbol.unsafe("COBRA")
  val symbols: Vector[Symbol] = Vector(acme, bolt, cobra)

  /** One cent in raw price units (1e-8). */
  val Cent: Long = 1000000L

  def cents(n: Long): Price = Price.fromRaw(n * Cent)

  /** A top of book with prices in cents; a quantity of 0 makes that side empty. */
  def bbo(symbol: Symbol, bidCents: Long, bidQty: Long, askCents: Long, askQty: Long): BboUpdated =
    BboUpdated(
      symbol,
      if (bidQty > 0) cents(bidCents) else BboUpdated.NoPrice,
      Quantity(bidQty),
      if (askQty > 0) cents(askCents) else BboUpdated.NoPrice,
      Quantity(askQty)
    )

  /** A two-sided top one cent either side of `midCents`, 10 on each side. */
  def around(symbol: Symbol, midCents: Long): BboUpdated = bbo(symbol, midCents - 1, 10, midCents + 1, 10)

  def bidOnly(symbol: Symbol, bidCents: Long): BboUpdated = bbo(symbol, bidCents, 10, 0, 0)
  def askOnly(symbol: Symbol, askCents: Long): BboUpdated = bbo(symbol, 0, 0, askCents, 10)
  def emptyBook(symbol: Symbol): BboUpdated = bbo(symbol, 0, 0, 0, 0)

  /** An event whose sent time doubles as its identity in the queue suites. */
  def event(symbol: Symbol, id: Long): BboEvent = BboEvent(around(symbol, 1000 + id % 50), id)

  val genSymbol: Gen[Symbol] = Gen.oneOf(symbols)

  /** Tops near 10.00 with spreads of 1 to 6 cents, often one-sided or empty, queues of 1 to 20. */
  val genUpdate: Gen[BboUpdated] = for {
    s <- genSymbol
    bid <- Gen.choose(950L, 1050L)
    spread <- Gen.choose(1L, 6L)
    bq <- Gen.frequency(6 -> Gen.choose(1L, 20L), 1 -> Gen.const(0L))
    aq <- Gen.frequency(6 -> Gen.choose(1L, 20L), 1 -> Gen.const(0L))
  } yield bbo(s, bid, bq, bid + spread, aq)
}
