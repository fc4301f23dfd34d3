package mvt.orderbook

import mvt.core.*

/** Drives an exchange from command values, for tests and small inputs (streams replay through `CommandColumns`). */
object Replay {

  /** The events and final snapshot of running `commands` through a fresh exchange of `engine`. */
  def events(engine: Engine, commands: Iterable[Command]): (Vector[Event], Vector[Level]) = {
    val collector = new Event.Collector
    val exchange = new Exchange(engine, collector)
    commands.foreach(exchange.apply)
    (collector.result(), exchange.snapshot)
  }
}
