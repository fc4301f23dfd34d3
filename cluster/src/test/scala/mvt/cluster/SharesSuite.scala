package mvt.cluster

import munit.ScalaCheckSuite
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/** Every subscription has exactly one owner among the nodes, and a membership change moves only what it must. */
class SharesSuite extends ScalaCheckSuite {

  private val subs = Subscription.accounts(40, StrategyId("spread"))
  private val nodeNames =
    Gen.choose(1, 8).flatMap(n => Gen.pick(n, (1 to 12).map(i => s"127.0.0.1:${25500 + i}")))

  property("each subscription has exactly one owner, and the owners' shares cover every subscription once") {
    forAll(nodeNames) { ns =>
      val nodes = ns.toVector
      val shares = nodes.map(n => Shares.ownedBy(n, subs, nodes))
      shares.flatten.sortBy(_.label) == subs.sortBy(_.label) && subs.forall(s =>
        Shares.owner(s, nodes).exists(nodes.contains)
      )
    }
  }

  property("the owner does not depend on the order in which a node lists the members") {
    forAll(nodeNames) { ns =>
      val nodes = ns.toVector
      subs.forall(s => Shares.owner(s, nodes) == Shares.owner(s, nodes.reverse))
    }
  }

  property("when a node leaves, only its subscriptions move; when it joins, it takes only from others") {
    forAll(nodeNames.suchThat(_.size >= 2)) { ns =>
      val nodes = ns.toVector
      val leaving = nodes.head
      val after = nodes.tail
      subs.forall { s =>
        val before = Shares.owner(s, nodes).get
        val now = Shares.owner(s, after).get
        before == leaving || before == now
      }
    }
  }

  test("no nodes, no owner") {
    assertEquals(Shares.owner(subs.head, Nil), None)
  }
}
