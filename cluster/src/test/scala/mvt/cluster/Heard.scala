package mvt.cluster

import org.apache.pekko.actor.typed.ActorRef
import org.apache.pekko.actor.typed.scaladsl.Behaviors

import java.util.concurrent.{LinkedBlockingQueue, TimeUnit}

/**
 * An actor named `name` on `node` that stands for a trader node: it queues what the exchange sends it, its
 * acknowledgements too unless `acks` is false, for the test's thread to take.
 */
final class Heard(node: ClusterNode, name: String, acks: Boolean = true) {

  /** What was heard and not yet taken, in order. */
  val queue = new LinkedBlockingQueue[TraderNode.Command]()

  /** Where the exchange sends its answers. */
  val ref: ActorRef[TraderNode.Command] =
    node.system.systemActorOf(
      Behaviors.receiveMessage[TraderNode.Command] {
        case _: OrderAck if !acks => Behaviors.same
        case m => queue.add(m); Behaviors.same
      },
      name
    )

  /** The next message heard; the test fails when none comes within 30 seconds. */
  def take(): TraderNode.Command =
    Option(queue.poll(30, TimeUnit.SECONDS)).getOrElse(
      munit.Assertions.fail("nothing heard from the exchange")
    )
}
