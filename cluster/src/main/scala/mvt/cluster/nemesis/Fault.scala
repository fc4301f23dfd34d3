package mvt.cluster.nemesis

/**
 * One fault the nemesis injects into a forked cluster, on the trader it names (by index, from 0) or on the exchange.
 * Immutable.
 */
enum Fault {

  /** SIGKILL: the node dies with no goodbye; its work moves to the survivors. */
  case Kill(trader: Int)

  /** SIGSTOP, then SIGCONT `millis` later: a long pause (a stop-the-world collection in all but name). */
  case Pause(trader: Int, millis: Int)

  /** A killed trader started again, as a new incarnation. */
  case Restart(trader: Int)

  /**
   * A partition for `millis`: every link between the trader and the other traders cut both ways (Artery's test
   * mode, through each node's control channel), and with `exchange` its links to the exchange too; then healed.
   */
  case Partition(trader: Int, exchange: Boolean, millis: Int)

  /**
   * The links between the trader and the exchange cut both ways for `millis`, then healed, its links to the other
   * traders left whole: orders, acknowledgements and reports sent across the cut are lost, and each side resends
   * what was not answered.
   */
  case ExchangeCut(trader: Int, millis: Int)

  /** SIGKILL of the exchange: the day stops, the traders keep what it has not acknowledged. */
  case KillExchange

  /**
   * The killed exchange started again on its directory (a new JVM at a new address, joining through the traders): it
   * recovers the day from its journal, restates its reports, and the traders resend what it never acknowledged.
   */
  case RestartExchange

  /** The index of the trader the fault hits, or -1 for the exchange's own faults. */
  def traderIndex: Int = this match {
    case Kill(t) => t
    case Pause(t, _) => t
    case Restart(t) => t
    case Partition(t, _, _) => t
    case ExchangeCut(t, _) => t
    case KillExchange | RestartExchange => -1
  }

  /** Whether the fault cuts links (the nodes need their control channel). */
  def cutsLinks: Boolean = this match {
    case _: Partition | _: ExchangeCut => true
    case _ => false
  }

  /** How the fault reads in a report. */
  def render: String = this match {
    case Kill(t) => s"kill -9 trader-${t + 1}"
    case Pause(t, ms) => s"pause trader-${t + 1} for $ms ms"
    case Restart(t) => s"restart trader-${t + 1}"
    case Partition(t, x, ms) =>
      s"cut trader-${t + 1} from the other traders${if (x) " and the exchange" else ""} for $ms ms"
    case ExchangeCut(t, ms) => s"cut trader-${t + 1} from the exchange for $ms ms"
    case KillExchange => "kill -9 exchange"
    case RestartExchange => "restart exchange"
  }
}
