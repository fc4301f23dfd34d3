package mvt.cluster.nemesis

import mvt.cluster.fork.{ForkedNode, NodeEvents}
import mvt.cluster.{NodeEvent, NodeId, NodeRole}
import mvt.core.files.FileTree

import java.nio.file.{Files, Path}

/**
 * The nemesis on the exchange, with real processes standing in for the nodes (`sleep`, their event files written by
 * the test): the exchange's kill waits until every trader is up and none is paused, its restart comes as long after
 * the kill as the schedule says, and no trader is paused or killed while it is down or not trading again.
 */
class NemesisExchangeSuite extends munit.FunSuite {

  private def node(dir: Path, name: String, events: NodeEvent*): ForkedNode = {
    val out = dir.resolve(s"$name.out")
    Files.write(out, events.map(NodeEvent.toJson).mkString("", "\n", "\n").getBytes)
    val p = new ProcessBuilder("sleep", "60").start()
    ForkedNode(name, p, out, dir.resolve(s"$name.err"))
  }

  private def up(name: String, role: NodeRole) = NodeEvent.Up(NodeId(name), role, "local", 0L, None)

  test(
    "the exchange is killed once every trader is up and none paused, restarted after its gap, no trader fault meanwhile"
  ) {
    val dir = Files.createTempDirectory("mvt-nemesis-exchange")
    val exchange = node(dir, "exchange", up("e", NodeRole.Exchange), NodeEvent.DayStarted(2))
    val traders = Array(node(dir, "trader-1", up("t1", NodeRole.Trader)), node(dir, "trader-2"))
    var restarted = Vector.empty[ForkedNode]
    val schedule = Schedule(
      1L,
      Vector(
        Schedule.At(100L, Fault.KillExchange),
        Schedule.At(150L, Fault.Pause(0, 50)),
        Schedule.At(400L, Fault.RestartExchange),
        Schedule.At(600L, Fault.Pause(1, 50))
      )
    )
    var nemesis: Nemesis = null
    def exchangeNow = nemesis.currentExchange.get
    nemesis = new Nemesis(
      schedule,
      (_, _) => fail("no trader restart"),
      () => traders.forall(t => NodeEvents(t.events).upAt.isDefined) && exchangeNow.process.isAlive,
      Some(exchange),
      k => { val n = node(dir, s"exchange-r$k", up("e2", NodeRole.Exchange)); restarted :+= n; n },
      () => NodeEvents(exchangeNow.events).dayStarted
    )
    try {
      nemesis.step(100L, traders) // trader-2 not up yet: the kill waits
      assert(exchange.process.isAlive)
      Files.write(traders(1).out, (NodeEvent.toJson(up("t2", NodeRole.Trader)) + "\n").getBytes)
      nemesis.step(200L, traders) // killed now; the pause due at 150 is not injected while it is down
      exchange.process.waitFor()
      assert(nemesis.exchangeDown)
      nemesis.step(400L, traders) // its restart is 300 ms after the kill, not at 400
      assert(restarted.isEmpty)
      nemesis.step(500L, traders)
      assertEquals(restarted.map(_.name), Vector("exchange-r1"))
      nemesis.step(600L, traders) // restarted but not trading yet: no pause
      Files.write(
        restarted.head.out,
        (NodeEvent.toJson(NodeEvent.DayStarted(1)) + "\n").getBytes,
        java.nio.file.StandardOpenOption.APPEND
      )
      nemesis.step(700L, traders)
      assertEquals(
        nemesis.log.map(i => (i.atMillis, i.fault)),
        Vector((200L, Fault.KillExchange), (500L, Fault.RestartExchange))
      )
      assertEquals(nemesis.killedExchanges.map(_.name), Vector("exchange"))
    } finally {
      (exchange +: (traders.toVector ++ restarted)).foreach(_.process.destroyForcibly())
      FileTree.delete(dir)
    }
  }
}
