package mvt.fix

import quickfix.MessageStore

/** Reads a session's message store for what the gateway last told the client about each order. */
private[fix] object Restatement {

  /** What an ExecutionReport told of an order: OrdStatus (39), CumQty (14), OrderQty (38) and Price (44). */
  final case class Reported(status: Char, cumQty: Long, qty: Long, price: String)

  /** OrderID (37) -> what the last ExecutionReport stored for it said. */
  def lastReported(store: MessageStore): Map[Long, Reported] = {
    val sent = new java.util.ArrayList[String]()
    val last = store.getNextSenderMsgSeqNum - 1
    if (last >= 1) store.get(1, last, sent)
    val out = scala.collection.mutable.HashMap.empty[Long, Reported]
    sent.forEach { m =>
      val f = fields(m)
      if (f.get(35).contains("8"))
        for {
          id <- f.get(37).flatMap(_.toLongOption)
          st <- f.get(39).flatMap(_.headOption)
          cum <- f.get(14).flatMap(_.toLongOption)
          qty <- f.get(38).flatMap(_.toLongOption)
          px <- f.get(44)
        } out(id) = Reported(st, cum, qty, px)
    }
    out.toMap
  }

  private def fields(m: String): Map[Int, String] =
    m.split('\u0001').iterator.flatMap { kv =>
      val i = kv.indexOf('=')
      if (i <= 0) None else kv.substring(0, i).toIntOption.map(_ -> kv.substring(i + 1))
    }.toMap
}
