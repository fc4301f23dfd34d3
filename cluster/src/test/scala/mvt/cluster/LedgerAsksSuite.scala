package mvt.cluster

import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.actor.typed.{ActorRef, ActorSystem, Behavior}
import mvt.crdt.PNCounter
import org.apache.pekko.cluster.ddata.typed.scaladsl.Replicator
import org.apache.pekko.cluster.ddata.typed.scaladsl.Replicator.{Get, GetResponse, ReadLocal}

import scala.concurrent.duration.*
import scala.concurrent.{Await, Promise}

/**
 * The ledger actor's asks of the replicator: a replicator that never answers ends each ask in the actor's own
 * "unanswered" message, and the actor lives on (Pekko's replicator adapter would throw in it, stopping it, and a
 * `majority` debit in flight would never settle).
 */
class LedgerAsksSuite extends munit.FunSuite {

  private final case class Heard(what: String) extends LedgerActor.Command

  test(
    "an ask the replicator never answers ends in its 'unanswered' message, and the asking actor lives on"
  ) {
    val heard = Vector.fill(2)(Promise[String]())
    val asker: Behavior[LedgerActor.Command] = Behaviors.setup { ctx =>
      val silent = ctx.spawnAnonymous(Behaviors.ignore[Replicator.Command])
      val asks = new LedgerActor.Asks(ctx, silent, 300.millis)
      asks(
        (replyTo: ActorRef[GetResponse[Replicated[PNCounter]]]) =>
          Get(ReplicatedKey[PNCounter]("silent"), ReadLocal, replyTo),
        (_: GetResponse[Replicated[PNCounter]]) => Heard("answered"),
        Heard("unanswered")
      )
      var n = 0
      Behaviors.receiveMessage {
        case Heard(what) =>
          heard(n).success(what)
          n += 1
          Behaviors.same
        case _ => Behaviors.unhandled
      }
    }
    val system = ActorSystem(asker, "ledger-asks")
    try {
      assertEquals(Await.result(heard(0).future, 10.seconds), "unanswered")
      system ! Heard("still here")
      assertEquals(Await.result(heard(1).future, 10.seconds), "still here")
    } finally system.terminate()
  }
}
