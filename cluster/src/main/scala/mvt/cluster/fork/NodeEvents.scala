package mvt.cluster.fork

import mvt.cluster.{NodeEvent, NodeId}

/** What a forked run needs to know from one node's events: the last of each kind, and when things happened. */
final case class NodeEvents(events: Vector[NodeEvent]) {

  /** The subscriptions the trader said it owns last. */
  def owned: Vector[String] =
    events.collect { case o: NodeEvent.Owns => o.subscriptions }.lastOption.getOrElse(Vector.empty)

  /** Every instant the trader's share changed, with how many it owned then. */
  def ownsAt: Vector[(Long, Int)] = events.collect { case o: NodeEvent.Owns =>
    (o.atMillis, o.subscriptions.size)
  }

  /** The trader's last status, if it reported one. */
  def status: Option[NodeEvent.Status] = events.collect { case s: NodeEvent.Status => s }.lastOption

  /** How many fills the trader's last status counts. */
  def fills: Long = status.fold(0L)(_.fills)

  /** The trader's balance checks so far, as it last reported them. */
  def authorizations: Option[NodeEvent.Authorizations] =
    events.collect { case a: NodeEvent.Authorizations => a }.lastOption

  /** The trader's last positions, by subscription label. */
  def positions: Map[String, Vector[NodeEvent.Held]] =
    lastPositions.fold(Map.empty)(_.held.map(h => h.subscription -> h.held).toMap)

  /** The owned subscriptions the trader's last positions line says wait for the exchange's position. */
  def waiting: Vector[String] = lastPositions.fold(Vector.empty)(_.waiting)

  private def lastPositions: Option[NodeEvent.Positions] =
    events.collect { case p: NodeEvent.Positions => p }.lastOption

  /** How many taken-over subscriptions the trader started from the exchange's position. */
  def positionsStarted: Int = events.count(_.isInstanceOf[NodeEvent.PositionStarted])

  /** How many positions lines the trader reported. */
  def positionReports: Int = events.count(_.isInstanceOf[NodeEvent.Positions])

  /** When the node said it was up. */
  def upAt: Option[Long] = events.collectFirst { case u: NodeEvent.Up => u.atMillis }

  /** The node's address (`host:port`), once it said it was up. */
  def node: Option[NodeId] = events.collectFirst { case u: NodeEvent.Up => u.node }

  /** When the trader said its replica caught up. */
  def caughtUpAt: Option[Long] = events.collectFirst { case c: NodeEvent.CaughtUp => c.atMillis }

  /** Whether the exchange started its day. */
  def dayStarted: Boolean = events.exists(_.isInstanceOf[NodeEvent.DayStarted])

  /** The exchange's reconciliation of every account. */
  def accounts: Vector[NodeEvent.AccountReconciled] = events.collect { case a: NodeEvent.AccountReconciled =>
    a
  }

  /** The exchange's positions by the trade feed, by subscription label. */
  def feedPositions: Map[String, Vector[NodeEvent.Held]] =
    events.collect { case NodeEvent.FeedPosition(h) => h.subscription -> h.held }.toMap

  /** The exchange's count of commands played, if it played the day. */
  def dayCommands: Option[Long] = events.collectFirst { case d: NodeEvent.DayPlayed => d.commands }

  /** What the node saw of its peers' reachability, in order (only a node run with `--control` reports it). */
  def reachability: Vector[NodeEvent.Reachability] = events.collect { case r: NodeEvent.Reachability => r }

  /** The probes the node sent across its links under a harness's control, in order, each answered or not. */
  def probes: Vector[NodeEvent.Probe] = events.collect { case p: NodeEvent.Probe => p }

  /** The control lines the node acknowledged, in order. */
  def controls: Vector[NodeEvent.Control] = events.collect { case c: NodeEvent.Control => c }

  /** The node's reports of its replica, in order (a node run with `--json` reports them). */
  def replicas: Vector[NodeEvent.Replica] = events.collect { case r: NodeEvent.Replica => r }

  /** The exchange's summary of the day, if it got that far. */
  def summary: Option[NodeEvent.DaySummary] = events.collectFirst { case s: NodeEvent.DaySummary => s }
}
