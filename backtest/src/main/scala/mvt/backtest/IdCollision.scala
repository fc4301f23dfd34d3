package mvt.backtest

/** A recorded command used an id of the strategy's range (`StrategyIds`): the day cannot be replayed with it. */
final case class IdCollision(id: Long) extends RuntimeException(
      s"order id $id of the recorded flow is in the strategy's range (2^62 and up)",
      null,
      false,
      false
    )
