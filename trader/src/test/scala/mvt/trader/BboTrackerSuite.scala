package mvt.trader

import mvt.core.*
import mvt.orderbook.{CommandGens, Engine, Exchange}
import org.scalacheck.Prop.forAll

/** The tracker's updates against a reference computed from full snapshots after every command. */
class BboTrackerSuite extends munit.ScalaCheckSuite {
  // the long conformance vectors through the engine and the tracker: generous beside another test JVM
  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  private final class Collect extends BboListener {
    val got = Vector.newBuilder[BboUpdated]
    def bboChanged(symbol: Symbol, bp: Long, bq: Long, ap: Long, aq: Long): Unit =
      got += BboUpdated.fromRaw(symbol, bp, bq, ap, aq)
  }

  private def tracked(engine: Engine, commands: Vector[Command]): Vector[BboUpdated] = {
    val c = new Collect
    val t = new BboTracker(engine, EventSink.Ignore, c)
    commands.foreach(t.apply)
    c.got.result()
  }

  // reference: the top of each side from the snapshot's levels; an update whenever that top differs from the last
  private def expected(commands: Vector[Command]): Vector[BboUpdated] = {
    val ex = new Exchange(Engine.ListBook, EventSink.Ignore)
    var last = Map.empty[Symbol, BboUpdated].withDefault(s =>
      BboUpdated(s, BboUpdated.NoPrice, Quantity(0), BboUpdated.NoPrice, Quantity(0))
    )
    val out = Vector.newBuilder[BboUpdated]
    for (cmd <- commands if !cmd.isInstanceOf[Command.Time]) {
      ex(cmd)
      val s = cmd match {
        case a: Command.Add => a.symbol
        case c: Command.Cancel => c.symbol
        case m: Command.Modify => m.symbol
        case _: Command.Time => throw new IllegalStateException("time commands are skipped")
      }
      val levels = ex.book(s).fold(Vector.empty[Level])(b => b.levels(s, Side.Buy) ++ b.levels(s, Side.Sell))
      val bid = levels.find(_.side == Side.Buy)
      val ask = levels.find(_.side == Side.Sell)
      val now = BboUpdated(
        s,
        bid.fold(BboUpdated.NoPrice)(_.price),
        bid.fold(Quantity(0))(_.totalQty),
        ask.fold(BboUpdated.NoPrice)(_.price),
        ask.fold(Quantity(0))(_.totalQty)
      )
      if (now != last(s)) { out += now; last = last.updated(s, now) }
    }
    out.result()
  }

  private def commandsOf(c: ConformanceCase): Vector[Command] = {
    val text = new String(c.commands, "UTF-8").linesWithSeparators
      .take(c.errorLine.fold(Int.MaxValue)(_.toInt - 1)).mkString
    CommandReader.parse(text).fold(e => fail(e.render), identity)
  }

  for (c <- ConformanceCases.all) {
    // the reference walks every level after every command: once per case, not once per engine
    lazy val commands = commandsOf(c)
    lazy val want = expected(commands)
    for (engine <- Engine.values)
      test(s"${c.name} [${engine.label}]: updates match the snapshot-derived top of book") {
        assertEquals(tracked(engine, commands), want)
      }
  }

  test("worked example: adds, a partial fill and a cancel each move the top once; empty sides are explicit") {
    val cmds = CommandReader.parse(
      """add,X,1,BUY,10,5
        |add,X,2,BUY,9,5
        |add,X,3,SELL,11,4
        |add,X,4,SELL,12,4
        |add,X,5,SELL,10,2
        |cancel,X,1
        |cancel,X,99
        |add,X,6,BUY,8,1
        |""".stripMargin
    ).fold(e => fail(e.render), identity)
    def p(s: String) = Price.unsafe(s)
    val none = BboUpdated.NoPrice
    val x = Symbol.unsafe("X")
    val got = tracked(Engine.Fast, cmds)
    assertEquals(
      got,
      Vector(
        BboUpdated(x, p("10"), Quantity(5), none, Quantity(0)),
        BboUpdated(x, p("10"), Quantity(5), p("11"), Quantity(4)),
        BboUpdated(x, p("10"), Quantity(3), p("11"), Quantity(4)), // a sell at 10 fills 2 of the bid
        BboUpdated(x, p("9"), Quantity(5), p("11"), Quantity(4)) // the cancel of 1 uncovers 9
      )
    )
    // the ask at 12 and the bid at 8 rest behind the top, the unknown cancel changes nothing: no updates
    assert(!got.head.hasAsk && got.head.hasBid)
    assertEquals(got.head.render, "bbo,X,10,5,-,-")
  }

  property("every engine reports the same updates as the reference on random streams") {
    forAll(CommandGens.genCommands(300).map(_.toVector)) { cmds =>
      val want = expected(cmds)
      Engine.values.foreach(e => assertEquals(tracked(e, cmds), want, e.label))
    }
  }
}
