package mvt.orderbook

import mvt.core.*

/**
 * Commands held in parallel primitive arrays: the form every command source decodes into (a block of a commands
 * file or a command log, a whole batch in memory), and the form the one replay loop applies. A symbol is an index
 * into a table kept beside the columns; a `time` command keeps its instant in `ids`; a cancel's side, price,
 * quantity, account and time in force are 0, and so are a modify's side, account and time in force. Mutable and not thread-safe: a decoder fills it, then one thread reads it.
 */
final class CommandColumns(initialCapacity: Int) {
  var kinds = new Array[Byte](initialCapacity)
  var symbolIdx = new Array[Int](initialCapacity)
  var ids = new Array[Long](initialCapacity)
  var sides = new Array[Byte](initialCapacity)
  var prices = new Array[Long](initialCapacity)
  var qtys = new Array[Long](initialCapacity)
  var accounts = new Array[Int](initialCapacity)
  var tifs = new Array[Byte](initialCapacity) // TimeInForce codes

  def capacity: Int = kinds.length

  /** Grows to hold at least `n` commands, keeping those it holds. */
  def ensure(n: Int): Unit =
    if (n > kinds.length) {
      val c = math.max(n, kinds.length * 2)
      kinds = java.util.Arrays.copyOf(kinds, c)
      symbolIdx = java.util.Arrays.copyOf(symbolIdx, c)
      ids = java.util.Arrays.copyOf(ids, c)
      sides = java.util.Arrays.copyOf(sides, c)
      prices = java.util.Arrays.copyOf(prices, c)
      qtys = java.util.Arrays.copyOf(qtys, c)
      accounts = java.util.Arrays.copyOf(accounts, c)
      tifs = java.util.Arrays.copyOf(tifs, c)
    }

  def setAdd(
      i: Int,
      symbol: Int,
      id: Long,
      side: Side,
      price: Long,
      qty: Long,
      account: Int,
      tif: TimeInForce = TimeInForce.Gtc
  ): Unit = set(i, CommandReader.Add, symbol, id, side.code, price, qty, account, tif.code)

  def setModify(i: Int, symbol: Int, id: Long, price: Long, qty: Long): Unit =
    set(i, CommandReader.Modify, symbol, id, 0, price, qty, 0, 0)

  def setCancel(i: Int, symbol: Int, id: Long): Unit =
    set(i, CommandReader.Cancel, symbol, id, 0, 0L, 0L, 0, 0)

  def setTime(i: Int, nanos: Long): Unit = set(i, CommandReader.Time, 0, nanos, 0, 0L, 0L, 0, 0)

  // every column of command `i`; a field its kind does not use is 0
  private def set(
      i: Int,
      kind: Int,
      symbol: Int,
      id: Long,
      side: Int,
      price: Long,
      qty: Long,
      account: Int,
      tif: Int
  ): Unit = {
    kinds(i) = kind.toByte
    symbolIdx(i) = symbol
    ids(i) = id
    sides(i) = side.toByte
    prices(i) = price
    qtys(i) = qty
    accounts(i) = account
    tifs(i) = tif.toByte
  }

  /** Copies `count` commands of `from`, starting at its index 0, to this starting at `at` (which must fit). */
  def copyFrom(from: CommandColumns, count: Int, at: Int): Unit = {
    System.arraycopy(from.kinds, 0, kinds, at, count)
    System.arraycopy(from.symbolIdx, 0, symbolIdx, at, count)
    System.arraycopy(from.ids, 0, ids, at, count)
    System.arraycopy(from.sides, 0, sides, at, count)
    System.arraycopy(from.prices, 0, prices, at, count)
    System.arraycopy(from.qtys, 0, qtys, at, count)
    System.arraycopy(from.accounts, 0, accounts, at, count)
    System.arraycopy(from.tifs, 0, tifs, at, count)
  }

  /** Command `i` as a value (allocates), its symbol looked up in `symbols`. */
  def command(i: Int, symbols: scala.collection.IndexedSeq[Symbol]): Command = kinds(i).toInt match {
    case CommandReader.Add =>
      Command.Add(
        symbols(symbolIdx(i)),
        OrderId(ids(i)),
        Side.fromCode(sides(i)),
        Price.fromRaw(prices(i)),
        Quantity(qtys(i)),
        Account(accounts(i)),
        TimeInForce.fromCode(tifs(i))
      )
    case CommandReader.Cancel => Command.Cancel(symbols(symbolIdx(i)), OrderId(ids(i)))
    case CommandReader.Modify =>
      Command.Modify(symbols(symbolIdx(i)), OrderId(ids(i)), Price.fromRaw(prices(i)), Quantity(qtys(i)))
    case _ => Command.Time(Timestamp.fromEpochNanos(ids(i)))
  }

  /**
   * Applies commands `[from, until)` to `target`, `books(s)` being the target's book index of symbol `s`. Every
   * command source ends here; the target runs its own loop over the columns (`CommandTarget.replayColumns`), so
   * the calls inside it see one class and compile to direct calls. Allocates nothing.
   */
  def replay(target: CommandTarget, books: Array[Int], from: Int, until: Int): Unit =
    target.replayColumns(this, books, from, until)

  /** The generic loop: one interface call per command, for targets without a loop of their own. */
  def replayEach(target: CommandTarget, books: Array[Int], from: Int, until: Int): Unit = {
    var i = from
    while (i < until) {
      val k = kinds(i)
      if (k == CommandReader.Add) {
        val tif = tifs(i)
        val b = books(symbolIdx(i))
        val id = OrderId(ids(i))
        val side = Side.fromCode(sides(i))
        val price = Price.fromRaw(prices(i))
        val qty = Quantity(qtys(i))
        val account = Account(accounts(i))
        if (tif == 0) target.add(b, id, side, price, qty, account)
        else target.add(b, id, side, price, qty, account, TimeInForce.fromCode(tif))
      } else if (k == CommandReader.Cancel) target.cancel(books(symbolIdx(i)), OrderId(ids(i)))
      else if (k == CommandReader.Modify)
        target.modify(books(symbolIdx(i)), OrderId(ids(i)), Price.fromRaw(prices(i)), Quantity(qtys(i)))
      else target.time(Timestamp.fromEpochNanos(ids(i)))
      i += 1
    }
  }
}
