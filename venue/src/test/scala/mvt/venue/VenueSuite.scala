package mvt.venue

import mvt.core.*
import mvt.orderbook.{Engine, Replay}
import mvt.reporting.StoreFixtures

import java.nio.file.{Files, Path}
import java.util.concurrent.TimeUnit
import scala.concurrent.Await
import scala.concurrent.duration.*

/** The venue in-process: outcomes after durability, refusals, the journal as a command log, the feeds, the close. */
class VenueSuite extends munit.FunSuite with StoreFixtures {

  val Acme = Symbol.unsafe("ACME")
  val Beta = Symbol.unsafe("BETA")

  def config(dir: Path, durability: Durability = Durability.Group, queue: Int = 1024) =
    VenueConfig(dir, "2026-01-05", Vector(Acme, Beta), durability, queue)

  def open(c: VenueConfig): Venue = Venue.open(c, _ => ()).fold(e => fail(e.render), identity)

  def commands(n: Int, seed: Long): Vector[Command] = {
    val rnd = new scala.util.Random(seed)
    (1 to n).toVector.map { i =>
      if (i > 5 && rnd.nextInt(4) == 0)
        Command.Cancel(if (rnd.nextBoolean()) Acme else Beta, OrderId(rnd.nextInt(i - 1) + 1L))
      else
        Command.Add(
          if (rnd.nextBoolean()) Acme else Beta,
          OrderId(i.toLong),
          if (rnd.nextBoolean()) Side.Buy else Side.Sell,
          Price.fromRaw((100L + rnd.nextInt(10)) * Price.Scale),
          Quantity(1L + rnd.nextInt(50)),
          Account(rnd.nextInt(4))
        )
    }
  }

  def terminate(v: Venue): Unit = { val _ = v.terminated.get(60, TimeUnit.SECONDS) }

  test("each outcome comes after durability with the events a replay gives, in sequence") {
    withTempDir { dir =>
      val v = open(config(dir))
      val cmds = commands(400, 1L)
      val futures = cmds.map(c => v.submit(c).fold(r => fail(r.reason), identity))
      val outcomes = futures.map(f => Await.result(f, 60.seconds))
      assertEquals(outcomes.map(_.seq), (1L to cmds.size.toLong).toVector)
      val (expected, _) = Replay.events(Engine.Fast, cmds)
      assertEquals(outcomes.flatMap(_.events), expected)
      // an outcome is released only once its record is in the journal: all of them are there now
      assertEquals(JournalOracle.commandIds(config(dir).journal).size, cmds.size)
      v.closeSession()
      terminate(v)
      assert(Files.exists(config(dir).end))
      val oracle = JournalOracle.run(config(dir).journal)
      assert(oracle.complete, "the closed journal is a complete log: its trailer checks")
      assertEquals(new String(Files.readAllBytes(config(dir).trades)), new String(oracle.trades))
      assertEquals(new String(Files.readAllBytes(config(dir).quotes)), new String(oracle.quotes))
      assertEquals(v.snapshotAfterStop, oracle.snapshot)
    }
  }

  test("an AckReply gets its command's sequence number and clock, no Outcome; outcomes keep their events") {
    withTempDir { dir =>
      val v = open(config(dir))
      val cmds = commands(400, 4L)
      val acks = new java.util.concurrent.ConcurrentHashMap[Int, (Long, Long)]()
      val acknowledged = new java.util.concurrent.CountDownLatch(cmds.size / 2)
      // even commands want their events, odd ones only the acknowledgement
      val futures = cmds.zipWithIndex.flatMap { (c, i) =>
        if (i % 2 == 0) Some(i -> v.submit(c).fold(r => fail(r.reason), identity))
        else {
          val r = new AckReply {
            def acked(seq: Long, atNanos: Long): Unit = {
              val _ = acks.put(i, (seq, atNanos)); acknowledged.countDown()
            }
          }
          assertEquals(v.submit(c, r), None)
          None
        }
      }
      assert(acknowledged.await(60, TimeUnit.SECONDS), "not every AckReply was acknowledged")
      val outcomes = futures.map((i, f) => i -> Await.result(f, 60.seconds)).toMap
      val byIndex = (0 until cmds.size).map { i =>
        outcomes.get(i).fold(acks.get(i))(o => (o.seq, o.at.epochNanos))
      }
      assertEquals(byIndex.map(_._1).toVector, (1L to cmds.size.toLong).toVector)
      val clocks = byIndex.map(_._2)
      assert(clocks.zip(clocks.tail).forall((a, b) => a <= b), "the session clock went back")
      // each outcome holds exactly its own command's events: those a replay adds for it
      val replayed = (0 to cmds.size).map(n => Replay.events(Engine.Fast, cmds.take(n))._1)
      outcomes.foreach { (i, o) =>
        assertEquals(o.events, replayed(i + 1).drop(replayed(i).size), s"command $i")
      }
      v.closeSession()
      terminate(v)
      val oracle = JournalOracle.run(config(dir).journal)
      assert(oracle.complete)
      assertEquals(new String(Files.readAllBytes(config(dir).quotes)), new String(oracle.quotes))
    }
  }

  test("refusals: an unknown symbol, a time command, a closed venue; a closed day does not reopen") {
    withTempDir { dir =>
      val v = open(config(dir))
      val other = Symbol.unsafe("ZETA")
      val add = Command.Add(other, OrderId(1L), Side.Buy, Price.fromRaw(Price.Scale), Quantity(1L))
      assertEquals(v.submit(add, Reply.Ignore), Some(Refusal.UnknownSymbol(other)))
      assert(v.submit(add, Reply.Ignore).get.reason.contains("ZETA"))
      assertEquals(v.submit(Command.Time(Timestamp.Epoch), Reply.Ignore), Some(Refusal.ClockCommand))
      v.closeSession()
      assertEquals(v.submit(Command.Cancel(Acme, OrderId(1L)), Reply.Ignore), Some(Refusal.Closed))
      terminate(v)
      Venue.open(config(dir), _ => ()) match {
        case Left(VenueError.AlreadyClosed(d)) => assertEquals(d, "2026-01-05")
        case other => fail(s"expected the closed day to be refused, got $other")
      }
    }
  }

  test("full batches wait for the commit slot and every command goes in one batch of at most maxBatch") {
    // small batches against a burst: the engine fills its batch while the commit thread is busy, waits (parked)
    // for the slot, and goes on; under none a batch goes at unforcedBatch commands or once the ring is quiet, so a
    // lone command after the burst is acknowledged too
    for (durability <- List(Durability.None, Durability.Group)) withTempDir { dir =>
      val burst = 3000
      val times = new StageTimes(burst + 1)
      val c =
        config(dir, durability, queue = 8192).copy(maxBatch = 64, unforcedBatch = 16, stages = Some(times))
      val v = open(c)
      val cmds = commands(burst + 1, 7L)
      val futures = cmds.take(burst).map(cmd => v.submit(cmd).fold(r => fail(r.reason), identity))
      futures.foreach(f => Await.result(f, 60.seconds))
      val lone = v.submit(cmds.last).fold(r => fail(r.reason), identity)
      assertEquals(Await.result(lone, 60.seconds).seq, burst + 1L, durability.label)
      v.stop()
      terminate(v)
      val sizes = (0 to burst).map(times.batchOf(_)).groupBy(identity).view.mapValues(_.size).toMap
      assert(!sizes.contains(-1), s"$durability: a command acknowledged without a batch")
      assert(sizes.values.forall(_ <= 64), s"$durability: a batch above maxBatch: ${sizes.values.max}")
      assertEquals(sizes.keySet, (0 until times.batches).toSet, durability.label)
      val oracle = JournalOracle.run(c.journal)
      assertEquals(new String(Files.readAllBytes(c.trades)), new String(oracle.trades), durability.label)
      assertEquals(new String(Files.readAllBytes(c.quotes)), new String(oracle.quotes), durability.label)
      assertEquals(v.snapshotAfterStop, oracle.snapshot, durability.label)
    }
  }

  test("a full inbound queue refuses the submitter at once and takes commands again once drained") {
    withTempDir { dir =>
      // one fsync per command keeps the engine far behind a burst of submissions
      val v = open(config(dir, Durability.Each, queue = 4))
      val cmds = commands(2000, 2L)
      val answers = cmds.map(c => (c, v.submit(c).left.toOption))
      val refused = answers.collect { case (_, Some(r)) => r }
      assert(
        refused.nonEmpty,
        "a burst of 2000 against a queue of 4 under fsync-per-command was never refused"
      )
      refused.foreach(r => assertEquals(r, Refusal.QueueFull(4)))
      assert(refused.head.reason.contains("busy"), refused.head.reason)
      val accepted = answers.count(_._2.isEmpty)
      v.stop()
      terminate(v)
      assertEquals(JournalOracle.commandIds(config(dir).journal).size, accepted)
    }
  }

  test("a stop commits and keeps the session open; the restart recovers and continues the sequence") {
    withTempDir { dir =>
      val cmds = commands(300, 3L)
      val v = open(config(dir))
      cmds.take(200).foreach(c => assertEquals(v.submit(c, Reply.Ignore), None))
      v.stop()
      terminate(v)
      assert(!Files.exists(config(dir).end))
      val logs = Vector.newBuilder[String]
      val w = Venue.open(config(dir), logs += _).fold(e => fail(e.render), identity)
      assertEquals(w.recovery.commands, 200L)
      assert(logs.result().exists(_.contains("recovered 200 commands")), logs.result())
      val outcomes = cmds.drop(200).map(c => Await.result(w.submit(c).toOption.get, 60.seconds))
      assertEquals(outcomes.head.seq, 201L)
      w.closeSession()
      terminate(w)
      val (expected, _) = Replay.events(Engine.Fast, cmds)
      val oracle = JournalOracle.run(config(dir).journal)
      assert(oracle.complete)
      assertEquals(JournalOracle.commandIds(config(dir).journal).size, 300)
      assertEquals(new String(Files.readAllBytes(config(dir).trades)), new String(oracle.trades))
      assertEquals(new String(Files.readAllBytes(config(dir).quotes)), new String(oracle.quotes))
      assertEquals(w.snapshotAfterStop, Replay.events(Engine.Fast, cmds)._2)
      assert(expected.nonEmpty)
    }
  }
}
