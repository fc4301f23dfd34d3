package mvt.orderbook

import mvt.core.*

/** Drives an exchange from a command reader or from values. */
object Replay {

  /**
   * Applies every command of `reader` in order and returns how many were applied. A `FormatError` propagates
   * after the commands before its line have been applied and reported.
   */
  def run(reader: CommandReader, target: CommandTarget): Long = {
    var n = 0L
    while (reader.next()) {
      if (reader.kind == CommandReader.Add)
        target.add(reader.symbol, reader.id, reader.side, reader.price, reader.qty)
      else target.cancel(reader.symbol, reader.id)
      n += 1
    }
    n
  }

  /** The events and final snapshot of running `commands` through a fresh exchange of `engine`. */
  def events(engine: Engine, commands: Iterable[Command]): (Vector[Event], Vector[Level]) = {
    val collector = new Event.Collector
    val exchange = new Exchange(engine, collector)
    commands.foreach(exchange.apply)
    (collector.result(), exchange.snapshot)
  }
}
