package mvt.fix

import mvt.core.{Price, Side}
import quickfix.Message
import quickfix.fix44.{ExecutionReport, OrderCancelReject}

/** Builds the gateway's outgoing application messages; prices and quantities are written as exact decimal text. */
private[fix] object Reports {
  // ExecType (150) and OrdStatus (39) values
  val New = '0'
  val PartiallyFilled = '1'
  val Filled = '2'
  val Canceled = '4'
  val Replaced = '5'
  val Rejected = '8'
  val Trade = 'F'
  val Restated = 'D'
  val Expired = 'C'
  val OrderStatus = 'I' // ExecType only: a report of the order's state, nothing happened to it
  val PendingNew = 'A' // OrdStatus only: taken, its outcome not durable yet
  val PendingCancel = '6' // OrdStatus only: a cancel taken, its outcome not reported yet
  val PendingReplace = 'E' // OrdStatus only: a replace taken, its outcome not reported yet

  def side(s: Side): Char = if (s.isBuy) '1' else '2'

  /** An ExecutionReport of `o` as it stands now; `last` is the fill's price and quantity on a trade. */
  def execution(
      o: FixOrder,
      execId: String,
      execType: Char,
      clOrdId: String,
      origClOrdId: Option[String],
      last: Option[(Price, Long)],
      text: Option[String]
  ): Message = {
    val m = new ExecutionReport()
    m.setString(37, o.id.toString)
    m.setString(17, execId)
    m.setChar(150, execType)
    m.setChar(39, status(o, execType))
    m.setString(11, clOrdId)
    origClOrdId.foreach(m.setString(41, _))
    m.setString(55, o.symbol.name)
    m.setChar(54, side(o.side))
    m.setChar(40, '2')
    m.setString(44, o.price.render)
    m.setString(38, o.qty.toString)
    m.setString(151, o.leaves.toString)
    m.setString(14, o.cumQty.toString)
    m.setString(6, o.avgPxText)
    last.foreach { (px, q) =>
      m.setString(31, px.render); m.setString(32, q.toString)
    }
    text.foreach(m.setString(58, _))
    m.setString(60, transactTime())
    m
  }

  // TransactTime (60) to the millisecond, as its text: formatting a timestamp costs more than the rest of a report,
  // and reports come many to a millisecond, so the text of the current millisecond is kept (any thread: the pair is
  // immutable and published whole)
  @volatile private var lastTime: (Long, String) = (Long.MinValue, "")

  private def transactTime(): String = {
    val now = System.currentTimeMillis()
    val last = lastTime
    if (last._1 == now) last._2
    else {
      val text = quickfix.field.converter.UtcTimestampConverter.convert(
        java.time.LocalDateTime.ofEpochSecond(
          Math.floorDiv(now, 1000L),
          (Math.floorMod(now, 1000L) * 1000000L).toInt,
          java.time.ZoneOffset.UTC
        ),
        quickfix.UtcTimestampPrecision.MILLIS
      )
      lastTime = (now, text)
      text
    }
  }

  /** OrdStatus (39) of `o` as it stands. */
  def status(o: FixOrder, execType: Char = New): Char =
    if (execType == Rejected || o.rejected) Rejected
    else if (o.canceled) Canceled
    else if (o.expired) Expired
    else if (o.cumQty >= o.qty) Filled
    else if (o.cumQty > 0) PartiallyFilled
    else New

  /**
   * The reject of a NewOrderSingle the gateway refused before the venue saw it: no OrderID (37=NONE), nothing
   * filled, the fields echoed as far as they were readable.
   */
  def orderReject(
      execId: String,
      clOrdId: String,
      symbol: String,
      sideCode: Char,
      qty: String,
      text: String
  ): Message = {
    val m = new ExecutionReport()
    m.setString(37, "NONE")
    m.setString(17, execId)
    m.setChar(150, Rejected)
    m.setChar(39, Rejected)
    m.setString(11, clOrdId)
    m.setString(55, if (symbol.isEmpty) "?" else symbol)
    m.setChar(54, if (sideCode == '1' || sideCode == '2') sideCode else '1')
    if (qty.nonEmpty) m.setString(38, qty)
    m.setString(151, "0")
    m.setString(14, "0")
    m.setString(6, "0")
    m.setInt(103, 99) // OrdRejReason: other; Text says why
    m.setString(58, text)
    m
  }

  /**
   * An OrderCancelReject (9) of a cancel (`replace` false) or replace request; `orderId` is NONE for an order the
   * session does not have, `tooLate` for one that no longer rests.
   */
  def cancelReject(
      orderId: String,
      clOrdId: String,
      origClOrdId: String,
      replace: Boolean,
      status: Char,
      reason: Int,
      text: String
  ): Message = {
    val m = new OrderCancelReject()
    m.setString(37, orderId)
    m.setString(11, clOrdId)
    m.setString(41, origClOrdId)
    m.setChar(39, status)
    m.setChar(434, if (replace) '2' else '1')
    m.setInt(102, reason) // 0 too late, 1 unknown order, 99 other
    m.setString(58, text)
    m
  }
}
