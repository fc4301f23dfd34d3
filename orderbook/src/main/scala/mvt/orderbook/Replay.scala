package mvt.orderbook

import mvt.core.*

/** Drives a command target: the one replay loop over commands held in columns, and a value form for tests. */
object Replay {

  /**
   * Applies commands `[from, until)` held in columns to `target`: the loop behind every command source (a
   * commands file, a command log, a batch in memory). `books(s)` is the target's book index of symbol `s`.
   * A `Time` command keeps its instant in `ids`; a cancel's side, price, quantity and account are not read.
   * Allocates nothing.
   */
  def columns(
      target: CommandTarget,
      books: Array[Int],
      kinds: Array[Byte],
      symbolIdx: Array[Int],
      ids: Array[Long],
      sides: Array[Byte],
      prices: Array[Long],
      qtys: Array[Long],
      accounts: Array[Int],
      from: Int,
      until: Int
  ): Unit = {
    var i = from
    while (i < until) {
      val k = kinds(i)
      if (k == CommandReader.Add)
        target.add(
          books(symbolIdx(i)),
          OrderId(ids(i)),
          Side.fromCode(sides(i)),
          Price.fromRaw(prices(i)),
          Quantity(qtys(i)),
          Account(accounts(i))
        )
      else if (k == CommandReader.Cancel) target.cancel(books(symbolIdx(i)), OrderId(ids(i)))
      else target.time(Timestamp.fromEpochNanos(ids(i)))
      i += 1
    }
  }

  /** The events and final snapshot of running `commands` through a fresh exchange of `engine`. */
  def events(engine: Engine, commands: Iterable[Command]): (Vector[Event], Vector[Level]) = {
    val collector = new Event.Collector
    val exchange = new Exchange(engine, collector)
    commands.foreach(exchange.apply)
    (collector.result(), exchange.snapshot)
  }
}
