package mvt.cluster

import org.apache.pekko.actor.{Address, ExtendedActorSystem}
import org.apache.pekko.actor.typed.ActorSystem
import org.apache.pekko.actor.typed.scaladsl.adapter.*
import org.apache.pekko.remote.transport.ThrottlerTransportAdapter.{
  Blackhole,
  Direction,
  SetThrottle,
  Unthrottled
}

import scala.concurrent.Future

/**
 * Cuts and heals links between nodes through Artery's test mode (`pekko.remote.artery.advanced.test-mode = on`,
 * see [[NodeConfig]]): a blackhole drops every message both ways between this node and `peer`, so each side
 * sees the other unreachable, and heal lets messages through again. Both sides must cut, as a real partition
 * does. For tests and `mvt bench cluster` only.
 *
 * Pekko's handle on the transport (`RARP`, `RemoteTransport`) is `private[pekko]`; the multi-node testkit that
 * wraps it is not served here. So this reaches the same public-in-bytecode `managementCommand` by reflection
 * rather than by placing code in Pekko's packages.
 */
object Partition {

  /** Drops everything between `system` and `peer`, both directions; completes when Artery applied it. */
  def cut(system: ActorSystem[?], peer: Address): Future[Boolean] =
    command(system, SetThrottle(peer, Direction.Both, Blackhole))

  /** Lets messages between `system` and `peer` through again. */
  def heal(system: ActorSystem[?], peer: Address): Future[Boolean] =
    command(system, SetThrottle(peer, Direction.Both, Unthrottled))

  private def command(system: ActorSystem[?], cmd: SetThrottle): Future[Boolean] = {
    val provider = system.toClassic.asInstanceOf[ExtendedActorSystem].provider
    val transport = provider.getClass.getMethod("transport").invoke(provider)
    transport.getClass
      .getMethod("managementCommand", classOf[Object])
      .invoke(transport, cmd)
      .asInstanceOf[Future[Boolean]]
  }
}
