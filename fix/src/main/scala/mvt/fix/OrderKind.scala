package mvt.fix

import mvt.core.TimeInForce

/**
 * The one place that decides which FIX order types the venue takes and what they become: a limit order (40=2)
 * that rests (59=0 Day or 59=1 GTC), takes what it can now and lets the rest expire (59=3 IOC), fills whole or
 * expires whole (59=4 FOK), or rests without ever taking liquidity (18=6 post-only, with 59=0 or 1); what
 * else a client sends is refused with a Text. A replace (35=G) keeps the order's kind.
 */
enum OrderKind(val tif: TimeInForce) {

  /** A limit order whose remainder rests until canceled or the session ends (59=0 Day or 59=1 GTC). */
  case Gtc extends OrderKind(TimeInForce.Gtc)

  /** Immediate or cancel (59=3): what does not fill at once expires. */
  case Ioc extends OrderKind(TimeInForce.Ioc)

  /** Fill or kill (59=4): fills completely at once, or expires without trading. */
  case Fok extends OrderKind(TimeInForce.Fok)

  /** Post-only (18=6): rests; refused if it would cross the book. */
  case PostOnly extends OrderKind(TimeInForce.Post)
}

object OrderKind {

  /**
   * The kind of a NewOrderSingle from OrdType (40), TimeInForce (59, absent is Day) and ExecInst (18, absent is
   * none), or the Text of its reject.
   */
  def of(ordType: Char, timeInForce: Option[Char], execInst: Option[String]): Either[String, OrderKind] = {
    val postOnly = execInst.exists(_.split(' ').contains("6"))
    if (ordType == '1')
      Left("market orders (40=1) are not supported: send a limit order (40=2) with a Price (44)")
    else if (ordType != '2') Left(s"OrdType (40) $ordType is not supported: only limit orders (40=2)")
    else if (execInst.exists(_.split(' ').exists(i => i.nonEmpty && i != "6")))
      Left(s"ExecInst (18) ${execInst.get} is not supported: only 6 (post-only)")
    else
      (timeInForce, postOnly) match {
        case (None | Some('0') | Some('1'), false) => Right(Gtc)
        case (None | Some('0') | Some('1'), true) => Right(PostOnly)
        case (Some('3'), false) => Right(Ioc)
        case (Some('4'), false) => Right(Fok)
        case (Some(t @ ('3' | '4')), true) =>
          Left(s"post-only (18=6) rests, so it cannot be TimeInForce (59) $t: send it with 59=0 or 1")
        case (Some(t), _) =>
          Left(s"TimeInForce (59) $t is not supported: 0 (Day), 1 (GTC), 3 (IOC) or 4 (FOK)")
      }
  }
}
