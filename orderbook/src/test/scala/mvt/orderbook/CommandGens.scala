package mvt.orderbook

import mvt.core.*
import org.scalacheck.Gen

/**
 * ScalaCheck generators of command sequences over a few symbols, a small id space (so duplicates, reuse and
 * cross-symbol cancels are frequent), a dense price band that crosses often, far-apart prices and bad values.
 */
object CommandGens {
  val symbols: Vector[Symbol] = Vector("A", "BB.X", "C-1").map(Symbol.unsafe)

  val genSymbol: Gen[Symbol] = Gen.oneOf(symbols)
  val genSide: Gen[Side] = Gen.oneOf(Side.Buy, Side.Sell)

  val genValidPrice: Gen[Price] = Gen.frequency(
    20 -> Gen.choose(95L, 105L).map(t => Price.fromRaw(t * Price.Scale / 10)), // 9.5 to 10.5 by 0.1
    3 -> Gen.choose(1L, 999L).map(t => Price.fromRaw(10 * Price.Scale + t)), // 10.00000001 ...
    2 -> Gen.choose(1L, Price.Limit - 1).map(Price.fromRaw),
    1 -> Gen.oneOf(Price.fromRaw(1L), Price.fromRaw(Price.Limit - 1))
  )

  val genPrice: Gen[Price] = Gen.frequency(
    30 -> genValidPrice,
    1 -> Gen.oneOf(Price.fromRaw(0L), Price.Unrepresentable)
  )

  val genValidQty: Gen[Quantity] = Gen.frequency(
    20 -> Gen.choose(1L, 20L).map(Quantity(_)),
    2 -> Gen.choose(1L, Quantity.Max).map(Quantity(_)),
    1 -> Gen.const(Quantity(Quantity.Max))
  )

  val genQty: Gen[Quantity] = Gen.frequency(
    30 -> genValidQty,
    1 -> Gen.oneOf(Quantity(0L), Quantity(Quantity.Max + 1), Quantity.Unrepresentable)
  )

  val genId: Gen[OrderId] = Gen.frequency(
    20 -> Gen.choose(1L, 40L),
    1 -> Gen.choose(1L, Long.MaxValue),
    1 -> Gen.const(Long.MaxValue)
  ).map(OrderId(_))

  def genAdd(symbol: Gen[Symbol]): Gen[Command] =
    Gen.zip(symbol, genId, genSide, genPrice, genQty).map((s, id, side, p, q) =>
      Command.Add(s, id, side, p, q)
    )
  def genCancel(symbol: Gen[Symbol]): Gen[Command] = Gen.zip(symbol, genId).map(Command.Cancel.apply)
  def genCommand(symbol: Gen[Symbol]): Gen[Command] =
    Gen.frequency(3 -> genAdd(symbol), 1 -> genCancel(symbol))
  val genCommand: Gen[Command] = genCommand(genSymbol)

  val genTif: Gen[TimeInForce] = Gen.oneOf(TimeInForce.values)

  /** Adds of every time in force (spec/order-types.md), half of them GTC. */
  def genTypedAdd(symbol: Gen[Symbol]): Gen[Command] =
    Gen.zip(
      symbol,
      genId,
      genSide,
      genPrice,
      genQty,
      Gen.frequency(3 -> Gen.const(TimeInForce.Gtc), 3 -> genTif)
    )
      .map((s, id, side, p, q, tif) => Command.Add(s, id, side, p, q, Account.House, tif))

  def genModify(symbol: Gen[Symbol]): Gen[Command] =
    Gen.zip(symbol, genId, genPrice, genQty).map(Command.Modify.apply)

  /** Every command form, modifies as frequent as cancels. */
  val genTypedCommand: Gen[Command] =
    Gen.frequency(4 -> genTypedAdd(genSymbol), 1 -> genCancel(genSymbol), 2 -> genModify(genSymbol))

  /** Up to `max` commands of every form. */
  def genTypedCommands(max: Int): Gen[List[Command]] =
    Gen.choose(0, max).flatMap(Gen.listOfN(_, genTypedCommand))

  /** Up to `max` commands. */
  def genCommands(max: Int): Gen[List[Command]] = Gen.choose(0, max).flatMap(Gen.listOfN(_, genCommand))

  /** A valid symbol of 1 to 12 characters, biased to the characters that sort before letters. */
  val genAnySymbol: Gen[Symbol] =
    Gen.choose(1, Symbol.MaxLength).flatMap(n => Gen.listOfN(n, Gen.oneOf("AB09.-Z"))).map(cs =>
      Symbol.unsafe(cs.mkString)
    )
}
