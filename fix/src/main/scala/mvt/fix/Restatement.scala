package mvt.fix

import quickfix.{MessageStore, MessageStoreFactory, SessionID}

import java.nio.file.Path

/**
 * Reads each session's message store, mended after a crash, for what the gateway last told its client of each
 * order.
 */
private[fix] object Restatement {

  /**
   * Before the acceptor opens the stores: mends each session's file store in `storeDir` after a crash
   * ([[StoreRepair]]; `log` hears of each repair) and reads what its reports last said of each order, by the
   * session's client CompID. Not later: QuickFIX/J's store has no lock, and a read beside a session's thread
   * resending from the same store could take torn bytes, or break the resend.
   */
  def fromStores(
      storeDir: Path,
      factory: MessageStoreFactory,
      sessions: Seq[SessionID],
      log: String => Unit
  ): Either[String, Map[String, Map[Long, Reported]]] =
    sessions.foldLeft[Either[String, Map[String, Map[Long, Reported]]]](Right(Map.empty)) { (acc, id) =>
      for {
        done <- acc
        repaired <- StoreRepair.repair(storeDir, id)
        reported <- {
          if (repaired.changed)
            log(
              s"fix: message store of ${id.getTargetCompID}: dropped what a crash left after its last counted " +
                s"message (header entries: ${repaired.entriesDropped}, torn bytes: ${repaired.tornBytes})"
            )
          read(factory, id)
        }
      } yield done.updated(id.getTargetCompID, reported)
    }

  // the store opened on its own, read and closed again
  private def read(factory: MessageStoreFactory, id: SessionID): Either[String, Map[Long, Reported]] =
    try {
      val store = factory.create(id)
      try Right(lastReported(store))
      finally
        store match {
          case c: java.io.Closeable => c.close()
          case _ => ()
        }
    } catch {
      case e: java.io.IOException => Left(s"cannot read the FIX message store of ${id.getTargetCompID}: $e")
      case e: RuntimeException => Left(s"cannot open the FIX message store of ${id.getTargetCompID}: $e")
    }

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
