package mvt.cluster

import io.circe.{Decoder, Encoder}
import io.circe.generic.semiauto.{deriveDecoder, deriveEncoder}
import io.circe.parser.decode
import io.circe.syntax.*
import mvt.crdt.ClientId

/**
 * What one node of the trader cluster reports as it runs: the contract between a forked `mvt node` and its parent,
 * which reads them back as JSON lines ([[NodeEvent.toJson]], [[NodeEvent.fromJson]]). Each event also has the
 * one-line text `mvt node` prints for a person ([[NodeEvent.render]]). Immutable.
 */
sealed trait NodeEvent {

  /** The line `mvt node` prints for this event. */
  def render: String
}

object NodeEvent {

  /** One symbol's net position (positive long, negative short). */
  final case class Held(symbol: String, position: Long) {
    def render: String = s"$symbol=$position"
  }

  /** One subscription's nonzero positions, in symbol order. */
  final case class SubscriptionHeld(subscription: String, held: Vector[Held]) {
    def render: String = s"$subscription ${held.map(_.render).mkString(",")}"
  }

  /** The node joined the cluster at `atMillis` (epoch); `speed` is the exchange's replay speed. */
  final case class Up(node: NodeId, role: NodeRole, mode: String, atMillis: Long, speed: Option[String])
      extends NodeEvent {
    def render: String = role match {
      case NodeRole.Exchange => s"node $node up: exchange, $mode, speed ${speed.getOrElse("max")}"
      case NodeRole.Trader => s"node $node up at $atMillis: trader, $mode"
    }
  }

  /** The exchange started its day once `traders` trader nodes were up. */
  final case class DayStarted(traders: Int) extends NodeEvent {
    def render: String = s"day started with $traders traders"
  }

  /** The exchange played the day's `commands`. */
  final case class DayPlayed(commands: Long) extends NodeEvent {
    def render: String = f"day played: $commands%,d commands"
  }

  /** One account at the end of the day: its balance against the trade feed (`missing` nonzero: an update lost). */
  final case class AccountReconciled(
      account: ClientId,
      provisioned: Long,
      spent: Long,
      received: Long,
      balance: Long,
      missing: Long
  ) extends NodeEvent {
    def render: String =
      s"account $account provisioned=$provisioned spent=$spent received=$received balance=$balance missing=$missing"
  }

  /** What the orders of one trader incarnation (`node`) were debited in all. */
  final case class OrdersFrom(node: NodeId, debited: Long) extends NodeEvent {
    def render: String = s"orders-from $node debited=$debited"
  }

  /** A subscription's net positions by the exchange's fills: what its owner's desk must hold. */
  final case class FeedPosition(position: SubscriptionHeld) extends NodeEvent {
    def render: String = s"position ${position.render}"
  }

  /** The exchange's counts for the day and whether every balance reconciled with the trade feed. */
  final case class DaySummary(
      orders: Long,
      cancels: Long,
      duplicates: Long,
      fills: Long,
      refused: Long,
      credited: Long,
      adoptedReplicas: Int,
      adoptedDebits: Long,
      positionsHanded: Long,
      refusedNotOwner: Long,
      reconciled: Boolean
  ) extends NodeEvent {
    def render: String =
      s"orders $orders cancels $cancels duplicates $duplicates fills $fills refused $refused credited $credited " +
        s"adopted-replicas $adoptedReplicas adopted-debits $adoptedDebits positions-handed $positionsHanded " +
        s"refused-not-owner $refusedNotOwner reconciled $reconciled"
  }

  /** A trader's share of the subscriptions changed at `atMillis`: it now owns these. */
  final case class Owns(atMillis: Long, subscriptions: Vector[String]) extends NodeEvent {
    def render: String = s"owns ${subscriptions.size} at $atMillis: ${subscriptions.mkString(",")}"
  }

  /** A trader barred a client for the day. */
  final case class Barred(account: ClientId, day: String, why: String) extends NodeEvent {
    def render: String = s"barred $account for $day: $why"
  }

  /** A subscription taken over starts from the position the exchange's fills give it. */
  final case class PositionStarted(position: SubscriptionHeld, atMillis: Long, withdrawn: Int)
      extends NodeEvent {
    def render: String =
      s"position ${position.subscription} at $atMillis: ${position.held.map(_.render).mkString(",")} " +
        s"(withdrawn $withdrawn)"
  }

  /** A trader's replica holds every account's balance (a node that joins a running cluster has caught up). */
  final case class CaughtUp(atMillis: Long) extends NodeEvent {
    def render: String = s"caught-up at $atMillis: the replica holds every account's balance"
  }

  /** A trader's counts so far; `pipeline` is its pipeline's outcomes as `label=count` pairs. */
  final case class Status(
      owned: Int,
      decisions: Long,
      orders: Long,
      cancels: Long,
      fills: Long,
      refused: Long,
      barredRefusals: Long,
      realizedCents: Long,
      pipeline: String
  ) extends NodeEvent {
    def render: String =
      s"status owned=$owned decisions=$decisions orders=$orders cancels=$cancels fills=$fills refused=$refused " +
        s"barred-refusals=$barredRefusals realized-cents=$realizedCents pipeline: $pipeline"
  }

  /** One account's balance on a node's replica, in cents. */
  final case class AccountBalance(account: ClientId, cents: Long) {
    def render: String = s"$account=$cents"
  }

  /**
   * A node with a durable ledger (`--dir`): every ledger write it made so far, `writes` of them, is on its disk
   * (`failures` could not be stored), and its replica's balances at that instant. A trader reports it each second in
   * which no write was in flight.
   */
  final case class Stored(writes: Long, failures: Long, atMillis: Long, balances: Vector[AccountBalance])
      extends NodeEvent {
    def render: String =
      s"stored $writes ledger writes ($failures failed) at $atMillis: ${balances.map(_.render).mkString(",")}"
  }

  /**
   * A trader's balance checks so far: how many, their median and 99th percentile in nanoseconds, and their
   * HdrHistogram (compressed, base64) so a parent can merge several nodes' exactly.
   */
  final case class Authorizations(count: Long, p50Nanos: Long, p99Nanos: Long, histogram: String)
      extends NodeEvent {
    def render: String = s"authorizations $count p50=${p50Nanos} ns p99=${p99Nanos} ns"
  }

  /**
   * A trader's positions in the subscriptions it owns; flat ones are left out, and so are those `waiting` for the
   * exchange's position (taken over, not trading yet: what the trader holds of them is not known).
   */
  final case class Positions(held: Vector[SubscriptionHeld], waiting: Vector[String] = Vector.empty)
      extends NodeEvent {
    def render: String = {
      val still = if (waiting.isEmpty) "" else s" waiting ${waiting.mkString(",")}"
      s"positions ${held.map(_.render).mkString(" ")}".trim + still
    }
  }

  /**
   * A control line (`cut HOST:PORT,...`, `heal`) the node took at `atMillis`: `applied` once Artery applied it, else
   * why not. The harness waits for it ([[NodeControl]]).
   */
  final case class Control(command: String, applied: Boolean, why: String, atMillis: Long) extends NodeEvent {
    def render: String = s"control $command: ${if (applied) "applied" else why} at $atMillis"
  }

  /** Under a harness's control, the node saw `peer` become unreachable (or reachable again) at `atMillis`. */
  final case class Reachability(peer: NodeId, reachable: Boolean, atMillis: Long) extends NodeEvent {
    def render: String = s"${if (reachable) "reachable" else "unreachable"} $peer at $atMillis"
  }

  /** Under a harness's control, whether `peer` answered a probe sent across the link ([[NodeControl]]) at `atMillis`. */
  final case class Probe(peer: NodeId, answered: Boolean, atMillis: Long) extends NodeEvent {
    def render: String = s"probe $peer: ${if (answered) "answered" else "silent"} at $atMillis"
  }

  /** What a replica holds of one writer's entries: their sum over every account. */
  final case class Written(replica: String, entries: Long) {
    def render: String = s"$replica=$entries"
  }

  /**
   * A node's replica of the balances at `atMillis`: its own replica id (`self`) and, per writer, the sum of that
   * writer's grow-only entries it holds ([[Ledger.written]]). A node whose parent reads JSON reports it every 100 ms,
   * so the parent can tell when every replica holds every write ([[mvt.cluster.fork.Agreement]]).
   */
  final case class Replica(self: String, atMillis: Long, writers: Vector[Written]) extends NodeEvent {

    /** The sum of `replica`'s entries this replica holds (0: none). */
    def writtenBy(replica: String): Long = writers.find(_.replica == replica).fold(0L)(_.entries)

    def render: String = s"replica $self at $atMillis: ${writers.map(_.render).mkString(",")}"
  }

  import ClientIdJson.given

  given Encoder[NodeRole] = Encoder.encodeString.contramap(_.label)
  given Decoder[NodeRole] = Decoder.decodeString.emap(NodeRole.parse)
  given Encoder[Held] = deriveEncoder
  given Decoder[Held] = deriveDecoder
  given Encoder[Written] = deriveEncoder
  given Decoder[Written] = deriveDecoder
  given Encoder[AccountBalance] = deriveEncoder
  given Decoder[AccountBalance] = deriveDecoder
  given Encoder[SubscriptionHeld] = deriveEncoder
  given Decoder[SubscriptionHeld] = deriveDecoder
  given Encoder[NodeEvent] = deriveEncoder
  given Decoder[NodeEvent] = deriveDecoder

  /** The event as one JSON line. */
  def toJson(e: NodeEvent): String = e.asJson.noSpaces

  /** The event a JSON line holds, or why it holds none. */
  def fromJson(line: String): Either[String, NodeEvent] = decode[NodeEvent](line).left.map(_.getMessage)
}
