package mvt.cluster.fork

import mvt.cluster.NodeEvent
import mvt.cluster.nemesis.{Fault, Injected}

/**
 * How long the replicas of a forked cluster took to agree after a moment (a heal, a restart), read from the
 * [[NodeEvent.Replica]] reports of its nodes: the moment's targets are what each writer had written by then (its own
 * entries in its first report at or after the moment, within [[Agreement.TargetWithin]]), and every node that went
 * on reporting agrees once its replica holds, per writer, at least that much. Trading goes on meanwhile, so this asks
 * that every replica have every write made before the moment, not that the balances stand still. Immutable.
 */
object Agreement {

  /** A writer that reports nothing this soon after the moment (killed, not started yet) sets no target. */
  val TargetWithin: Long = 2_000L

  /** A node whose reports stop this long before the run's last report was killed. */
  val GoneAfter: Long = 1_000L

  /**
   * Milliseconds from `atMillis` (epoch) until every node in `nodes` (each one's reports, in any order) that reported
   * after it agreed, leaving out a node that stopped reporting before it agreed (it was killed); `None` when no node
   * reported after the moment, or one reported to its end without agreeing.
   */
  def after(atMillis: Long, nodes: Vector[Vector[NodeEvent.Replica]]): Option[Long] = {
    val later = nodes.map(_.filter(_.atMillis >= atMillis).sortBy(_.atMillis)).filter(_.nonEmpty)
    val targets = later.flatMap(_.headOption.filter(_.atMillis - atMillis <= TargetWithin))
      .map(r => r.self -> r.writtenBy(r.self)).toMap
    def agrees(r: NodeEvent.Replica) = targets.forall((w, n) => r.writtenBy(w) >= n)
    val agreed = later.map(rs => rs.find(agrees).map(_.atMillis - atMillis))
    // a node whose reports end before it agreed was killed: it has no say; one that reports to the end does
    val running = later.map(_.last.atMillis).maxOption.getOrElse(atMillis)
    val stillOut = later.zip(agreed).exists((rs, a) => a.isEmpty && rs.last.atMillis >= running - GoneAfter)
    if (later.isEmpty || stillOut) None else agreed.flatten.maxOption
  }

  /**
   * Per heal (a pause's SIGCONT, a partition's heal) and restart among `injected` (milliseconds into `o`'s day), in
   * order: the time until every replica of the run agreed ([[after]]).
   */
  def afterFaults(o: ForkedCluster.Outcome, injected: Vector[Injected]): Vector[Option[Long]] = {
    val nodes = ((o.exchange +: o.killedExchanges) ++ o.traders ++ o.restarted ++ o.nemesisRestarts)
      .map(n => n.name -> n.events.replicas)
    injected.flatMap(i => healedAt(i).map(t => after(o.startedAt + t, counted(o.startedAt + t, nodes, i))))
  }

  /**
   * The nodes (JVM name -> its reports) whose replicas a moment at `atMillis` waits for: those that reported by
   * [[TargetWithin]] after it (running at the moment; they report every 100 ms), and the JVM that the moment's fault
   * `i` started (a restart). A JVM started later holds none of the
   * moment's writes until it has caught up with everything, which its own restart's sample measures; counted here, it
   * would make every earlier heal wait for it.
   */
  def counted(
      atMillis: Long,
      nodes: Vector[(String, Vector[NodeEvent.Replica])],
      i: Injected
  ): Vector[Vector[NodeEvent.Replica]] = {
    val started = i.fault match {
      case Fault.Restart(_) | Fault.RestartExchange => Some(i.node)
      case _ => None
    }
    nodes.collect {
      case (name, rs) if started.contains(name) || rs.exists(_.atMillis <= atMillis + TargetWithin) => rs
    }
  }

  /** When, in milliseconds into the day, the fault `i` ended with every node running again; `None` for a kill. */
  def healedAt(i: Injected): Option[Long] = i.fault match {
    case Fault.Pause(_, ms) => Some(i.atMillis + ms)
    case Fault.Partition(_, _, ms) => Some(i.atMillis + ms)
    case Fault.ExchangeCut(_, ms) => Some(i.atMillis + ms)
    case Fault.Restart(_) | Fault.RestartExchange => Some(i.atMillis)
    case Fault.Kill(_) | Fault.KillExchange => None
  }
}
