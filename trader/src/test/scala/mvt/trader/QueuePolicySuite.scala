package mvt.trader

import mvt.trader.queue.*

import mvt.core.Symbol
import mvt.trader.TraderGens.*
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/** Every queue policy under a scripted producer and consumer on one thread: what comes out, and the drops. */
class QueuePolicySuite extends munit.ScalaCheckSuite {

  private enum Op {
    case Offer(e: BboEvent)
    case Poll
  }

  /** What a script did: each offer's answer, the events polled in order, the drops by label, what is left. */
  private final case class Run(
      accepted: Vector[Boolean],
      delivered: Vector[BboEvent],
      drops: Map[String, Long],
      left: Int
  )

  private def drive(q: BboQueue, script: Seq[Op]): Run = {
    val accepted = Vector.newBuilder[Boolean]
    val delivered = Vector.newBuilder[BboEvent]
    script.foreach {
      case Op.Offer(e) =>
        // `block` would wait for the consumer to make room; on one thread the consumer polls first
        if (q.policy == QueuePolicy.Block && q.size == q.capacity) delivered += q.poll()
        accepted += q.offer(e)
      case Op.Poll =>
        val e = q.poll()
        if (e != null) delivered += e
    }
    Run(accepted.result(), delivered.result(), q.drops.labelled.toMap, q.size)
  }

  // the reference: a FIFO of events, with at most one per symbol for `conflate`
  private def model(policy: QueuePolicy, capacity: Int, script: Seq[Op]): Run = {
    var fifo = Vector.empty[BboEvent]
    var drops = Map.empty[String, Long]
    def drop(label: String): Boolean = { drops = drops.updated(label, drops.getOrElse(label, 0L) + 1); false }
    val accepted = Vector.newBuilder[Boolean]
    val delivered = Vector.newBuilder[BboEvent]
    script.foreach {
      case Op.Offer(e) =>
        accepted += (policy match {
          case QueuePolicy.Unbounded => fifo :+= e; true
          case QueuePolicy.DropNewest =>
            if (fifo.size < capacity) { fifo :+= e; true }
            else drop("queue-full")
          case QueuePolicy.Block =>
            if (fifo.size == capacity) { delivered += fifo.head; fifo = fifo.tail }
            fifo :+= e
            true
          case QueuePolicy.Conflate =>
            val i = fifo.indexWhere(_.update.symbol == e.update.symbol)
            if (i >= 0) { fifo = fifo.updated(i, e); drop("superseded"); true }
            else if (fifo.size >= capacity) drop("queue-full")
            else { fifo :+= e; true }
        })
      case Op.Poll =>
        fifo.headOption.foreach { e =>
          delivered += e; fifo = fifo.tail
        }
    }
    Run(accepted.result(), delivered.result(), drops, fifo.size)
  }

  private def drain(q: BboQueue): Vector[BboEvent] =
    Iterator.continually(q.poll()).takeWhile(_ != null).toVector

  /** `offers` events for the symbols in turn, with a poll after every `offersPerPoll` offers. */
  private def roundRobin(offers: Int, offersPerPoll: Int, among: Vector[Symbol] = symbols): Vector[Op] =
    (0 until offers).toVector.flatMap { i =>
      val offer = Op.Offer(event(among(i % among.size), i.toLong))
      if ((i + 1) % offersPerPoll == 0) Vector(offer, Op.Poll) else Vector(offer)
    }

  private def offered(script: Seq[Op]): Vector[BboEvent] = script.collect { case Op.Offer(e) => e }.toVector

  test("newQueue builds the policy's queue with its capacity, empty and without drops") {
    for (p <- QueuePolicy.values) {
      val q = p.newQueue(7)
      assertEquals(q.policy, p)
      assertEquals(q.capacity, if (p == QueuePolicy.Unbounded) Int.MaxValue else 7, p.label)
      assertEquals(q.size, 0)
      assertEquals(q.poll(), null)
      assertEquals(q.drops.labelled, Vector.empty)
    }
    for (p <- Vector(QueuePolicy.Block, QueuePolicy.DropNewest, QueuePolicy.Conflate))
      intercept[IllegalArgumentException](p.newQueue(0))
  }

  test("policies parse from their labels and nothing else") {
    assertEquals(
      QueuePolicy.values.toVector.map(p => QueuePolicy.parse(p.label)),
      QueuePolicy.values.toVector.map(Some(_))
    )
    assertEquals(QueuePolicy.names, "unbounded|block|drop-newest|conflate")
    assertEquals(QueuePolicy.parse("Conflate"), None)
    assertEquals(QueuePolicy.parse("drop-oldest"), None)
  }

  test("unbounded: a consumer at half the producer's rate falls behind but gets everything, in order") {
    val script = roundRobin(250, 2)
    val q = QueuePolicy.Unbounded.newQueue(1)
    val run = drive(q, script)
    assert(run.accepted.forall(identity))
    assertEquals(run.delivered, offered(script).take(125))
    assertEquals(run.left, 125)
    assertEquals(run.drops, Map.empty[String, Long])
    assertEquals(drain(q), offered(script).drop(125))
  }

  // a poll after every second offer: full after round capacity - 1, then each round's second offer is lost
  for (capacity <- Vector(20, 100))
    test(
      s"drop-newest $capacity: a consumer at half the producer's rate loses the newest once the queue is full"
    ) {
      val rounds = 125
      val script = roundRobin(2 * rounds, 2)
      val q = QueuePolicy.DropNewest.newQueue(capacity)
      val run = drive(q, script)
      val rejected = (capacity to rounds).map(r => 2 * (r - 1) + 1).toSet
      val kept = offered(script).zipWithIndex.collect { case (e, i) if !rejected(i) => e }
      assertEquals(run.accepted, Vector.tabulate(2 * rounds)(i => !rejected(i)))
      assertEquals(run.drops, Map("queue-full" -> (rounds - capacity + 1).toLong))
      assertEquals(run.delivered, kept.take(rounds))
      assertEquals(run.left, capacity - 1)
      assertEquals(drain(q), kept.drop(rounds))
      assertEquals(q.drops.get(DropReason.Superseded), 0L)
    }

  test("drop-newest 1: holds one event; the next is rejected as queue-full until that one is polled") {
    val q = QueuePolicy.DropNewest.newQueue(1)
    val Seq(a, b, c) = (1L to 3L).map(event(acme, _))
    assert(q.offer(a))
    assert(!q.offer(b))
    assertEquals(q.size, 1)
    assertEquals(q.poll(), a)
    assertEquals(q.poll(), null)
    assert(q.offer(c))
    assertEquals(q.poll(), c)
    assertEquals(q.drops.labelled, Vector("queue-full" -> 1L))
  }

  test(
    "block: with room made by the consumer before each offer to a full queue, everything arrives in order"
  ) {
    val script = roundRobin(250, 5)
    val q = QueuePolicy.Block.newQueue(20)
    val run = drive(q, script)
    assert(run.accepted.forall(identity))
    assertEquals(run.drops, Map.empty[String, Long])
    assertEquals(run.delivered ++ drain(q), offered(script))
  }

  test("conflate: a newer update takes the older one's turn, a new symbol past capacity is queue-full") {
    val q = QueuePolicy.Conflate.newQueue(2)
    val Seq(a1, b1, a2, c1, c2, b2) =
      Seq(acme -> 1L, bolt -> 2L, acme -> 3L, cobra -> 4L, cobra -> 5L, bolt -> 6L).map(event(_, _))
    assert(q.offer(a1))
    assert(q.offer(b1))
    assert(q.offer(a2)) // replaces a1, ahead of b1
    assertEquals(q.size, 2)
    assert(!q.offer(c1)) // two symbols pending already
    assertEquals(q.poll(), a2)
    assert(q.offer(c2))
    assert(q.offer(b2)) // replaces b1, still ahead of c2
    assertEquals(drain(q), Vector(b2, c2))
    assertEquals(q.drops.labelled, Vector("queue-full" -> 1L, "superseded" -> 2L))
  }

  test("conflate: a symbol polled and updated again queues behind the symbols already pending") {
    val q = QueuePolicy.Conflate.newQueue(3)
    val Seq(a1, b1, a2) = Seq(acme -> 1L, bolt -> 2L, acme -> 3L).map(event(_, _))
    q.offer(a1)
    q.offer(b1)
    assertEquals(q.poll(), a1)
    q.offer(a2)
    assertEquals(drain(q), Vector(b1, a2))
    assertEquals(q.drops.labelled, Vector.empty)
  }

  test(
    "conflate 1: one symbol at a time; its updates conflate, other symbols are rejected until it is taken"
  ) {
    val q = QueuePolicy.Conflate.newQueue(1)
    val Seq(a1, b1, a2, b2) = Seq(acme -> 1L, bolt -> 2L, acme -> 3L, bolt -> 4L).map(event(_, _))
    assert(q.offer(a1))
    assert(!q.offer(b1))
    assert(q.offer(a2))
    assertEquals(q.poll(), a2)
    assert(q.offer(b2))
    assertEquals(q.poll(), b2)
    assertEquals(q.drops.labelled, Vector("queue-full" -> 1L, "superseded" -> 1L))
  }

  test("conflate: a slow consumer over three symbols gets each symbol's newest value when its turn comes") {
    // a poll after every 4 offers of A, B, C, A, B, C, ...
    val q = QueuePolicy.Conflate.newQueue(3)
    val script = roundRobin(12, 4)
    val run = drive(q, script)
    val e = offered(script)
    // A0 B1 C2, A3 replaces A0: poll A3; B4 C5 replace B1 C2, A6 joins, B7 replaces B4: poll B7; and so on
    assertEquals(run.delivered, Vector(e(3), e(7), e(11)))
    assertEquals(drain(q), Vector(e(9), e(10)))
    assert(run.accepted.forall(identity))
    assertEquals(run.drops, Map("superseded" -> 7L))
  }

  private val genScript: Gen[Vector[Op]] =
    Gen.choose(0, 80).flatMap(n =>
      Gen.listOfN(n, Gen.frequency(3 -> genSymbol.map(Some(_)), 2 -> Gen.const(None)))
    )
      .map(_.toVector.zipWithIndex.map {
        case (Some(s), i) => Op.Offer(event(s, i.toLong))
        case (None, _) => Op.Poll
      })

  property("every policy delivers, accepts and drops exactly as the reference model on random scripts") {
    forAll(Gen.oneOf(QueuePolicy.values.toSeq), Gen.choose(1, 5), genScript) { (policy, capacity, script) =>
      val q = policy.newQueue(capacity)
      val want = model(policy, capacity, script)
      assertEquals(drive(q, script), want, policy.label)
      // whatever a queue accepted and did not replace is still there or was delivered
      assertEquals(
        (want.delivered.size + want.left).toLong + want.drops.values.sum,
        offered(script).size.toLong
      )
    }
  }
}
