package mvt.fix

import quickfix.MessageStore

/** Reads a session's message store for what the gateway last told the client about each order. */
private[fix] object Restatement {

  /** OrderID (37) -> the (OrdStatus 39, CumQty 14) of the last ExecutionReport stored for it. */
  def lastReported(store: MessageStore): Map[Long, (Char, Long)] = {
    val sent = new java.util.ArrayList[String]()
    val last = store.getNextSenderMsgSeqNum - 1
    if (last >= 1) store.get(1, last, sent)
    val out = scala.collection.mutable.HashMap.empty[Long, (Char, Long)]
    sent.forEach { m =>
      val f = fields(m)
      if (f.get(35).contains("8"))
        for {
          id <- f.get(37).flatMap(_.toLongOption)
          st <- f.get(39).flatMap(_.headOption)
          cum <- f.get(14).flatMap(_.toLongOption)
        } out(id) = (st, cum)
    }
    out.toMap
  }

  private def fields(m: String): Map[Int, String] =
    m.split('\u0001').iterator.flatMap { kv =>
      val i = kv.indexOf('=')
      if (i <= 0) None else kv.substring(0, i).toIntOption.map(_ -> kv.substring(i + 1))
    }.toMap
}
