package mvt.fix

/**
 * The one place that decides which FIX order types the venue takes and what they become. The engine on this
 * branch has good-till-cancel limit orders only; IOC (59=3), FOK (59=4), post-only (18=6) and replace (35=G)
 * are refused here with a Text until it has them, and adding one is a case here plus its command in
 * `FixGateway`'s submit.
 */
enum OrderKind {

  /** A limit order whose remainder rests until canceled or the session ends (59=0 Day or 59=1 GTC). */
  case Gtc
}

object OrderKind {

  /**
   * The kind of a NewOrderSingle from OrdType (40), TimeInForce (59, absent is Day) and ExecInst (18, absent is
   * none), or the Text of its reject.
   */
  def of(ordType: Char, timeInForce: Option[Char], execInst: Option[String]): Either[String, OrderKind] =
    if (ordType == '1')
      Left("market orders (40=1) are not supported: send a limit order (40=2) with a Price (44)")
    else if (ordType != '2') Left(s"OrdType (40) $ordType is not supported: only limit orders (40=2)")
    else if (execInst.exists(_.split(' ').contains("6")))
      Left("post-only (18=6) is not supported yet by this venue")
    else if (execInst.exists(_.trim.nonEmpty)) Left(s"ExecInst (18) ${execInst.get} is not supported")
    else
      timeInForce match {
        case None | Some('0') | Some('1') => Right(Gtc)
        case Some('3') => Left("TimeInForce (59) 3 (IOC) is not supported yet by this venue")
        case Some('4') => Left("TimeInForce (59) 4 (FOK) is not supported yet by this venue")
        case Some(t) => Left(s"TimeInForce (59) $t is not supported: 0 (Day) or 1 (GTC)")
      }

  /** Why an OrderCancelReplaceRequest (G) is refused, or `None` once the engine can modify an order. */
  val replaceRefusal: Option[String] =
    Some("OrderCancelReplaceRequest (G) is not supported yet by this venue")
}
