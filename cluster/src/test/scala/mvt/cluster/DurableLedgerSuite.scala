package mvt.cluster

import mvt.core.files.FileTree
import mvt.crdt.ClientId
import org.apache.pekko.actor.typed.ActorSystem
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.cluster.MemberStatus
import org.apache.pekko.cluster.typed.{Cluster, Join}

import java.nio.file.Files
import scala.concurrent.Await
import scala.concurrent.duration.*

/**
 * A node's durable ledger (Pekko's LMDB store, a real directory): stopped right after a spend, once its writes are
 * flushed, and started again on the same store as a new incarnation, it has every account's balance back to the cent,
 * in each mode.
 */
class DurableLedgerSuite extends munit.FunSuite {

  override val munitTimeout: Duration = 2.minutes

  private val a = ClientId("acct-1")
  private val b = ClientId("acct-2")

  // a one-node cluster whose ledger keeps its keys in `store`, stopped (its actor system terminated) after `body`
  private def withNode[A](store: java.nio.file.Path, mode: Consistency)(body: Ledger[?] => A): A = {
    val system = ActorSystem(
      Behaviors.empty[Nothing],
      NodeConfig.SystemName,
      NodeConfig("127.0.0.1", 0, Seq("trader"), testMode = false, downAfter = None, store = Some(store))
    )
    try {
      val cluster = Cluster(system)
      cluster.manager ! Join(cluster.selfMember.address)
      Eventually("the node is up")(cluster.selfMember.status == MemberStatus.Up)
      body(Ledger.start(system, mode, Vector(a, b), writeTimeout = 2.seconds))
    } finally {
      system.terminate()
      val _ = Await.ready(system.whenTerminated, 30.seconds)
    }
  }

  for (mode <- Vector(Consistency.Local, Consistency.Bounded))
    test(s"${mode.label}: stopped right after a spend, started again on its store, every balance is back") {
      assert(NodeConfig.lmdbReady, "the test JVM opens java.nio to LMDB (build.sbt)")
      val dir = Files.createTempDirectory("mvt-ledger-store")
      val store = NodeConfig.storeOf(dir)
      try {
        withNode(store, mode) { l =>
          l.provision(a, 10_000L)
          l.provision(b, 5_000L)
          Eventually("the provisions are in the replica")(l.balance(a) == 10_000L && l.balance(b) == 5_000L)
          assertEquals(l.authorize(a, 2_499L), Authorization.Approved)
          l.credit(b, 125L)
          // the stop comes at once: only the flush stands between the spend and the end of the process
          assert(l.flush(10.seconds), "every write answered")
          assertEquals(l.stored, 4L)
          assertEquals(l.storeFailures, 0L)
        }
        withNode(store, mode) { l =>
          Eventually("the balances came back from the store")(
            l.balance(a) == 7_501L && l.balance(b) == 5_125L
          )
        }
      } finally FileTree.delete(dir)
    }
}
