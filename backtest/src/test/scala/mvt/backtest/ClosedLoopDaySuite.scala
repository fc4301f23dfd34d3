package mvt.backtest

import mvt.core.*
import mvt.orderbook.{Engine, TradingDay}
import mvt.reporting.PnlFold
import mvt.trader.orders.{OrderRules, StrategyIds}
import mvt.workload.{CommandCsvWriter, CommandSource}

import java.io.ByteArrayOutputStream
import java.math.BigDecimal
import java.nio.charset.StandardCharsets.UTF_8
import java.time.LocalDate
import scala.collection.mutable.ArrayBuffer

class ClosedLoopDaySuite extends munit.FunSuite {
  import Fixtures.*

  private val Date = LocalDate.parse("2026-03-02")

  private val HandDay =
    """time,2026-03-02T14:30:00Z
      |add,ACME,1,SELL,10.00,100,1
      |add,ACME,2,BUY,9.90,100,2
      |time,2026-03-02T14:30:01Z
      |add,ACME,3,BUY,9.95,10,3
      |time,2026-03-02T14:30:02Z
      |add,ACME,4,SELL,9.95,10,4
      |""".stripMargin

  // quote changes of the recorded flow: 1 ask only, 2 9.90/10.00, 3 9.95/10.00, 4 9.90/10.00 again
  private val Script = Map(2 -> (Side.Buy, "10.00", 50L), 4 -> (Side.Sell, "9.90", 20L))

  private final case class Run(result: DayResult, trades: String, merged: String)

  private def run(text: String, strategy: mvt.trader.strategy.TradingStrategy, rules: OrderRules): Run = {
    val tradesOut = new ByteArrayOutputStream
    val mergedOut = new ByteArrayOutputStream
    val trades = new TradeFeedWriter(tradesOut)
    val merged = new CommandCsvWriter(mergedOut)
    val loop = new ClosedLoopDay(
      Engine.Fast,
      strategy,
      rules,
      new BigDecimal("0.01"),
      trades = Some(trades),
      merged = Some(merged)
    )
    val replayed = CommandSource.fromText(text).replayAll(loop)
    assert(replayed.isRight, replayed.toString)
    val result = loop.finish(Date)
    trades.flush()
    merged.finish()
    Run(result, tradesOut.toString(UTF_8), mergedOut.toString(UTF_8))
  }

  // what `mvt match` gives for a commands file: the trade feed of a trading day replaying it
  private def matchTrades(commands: String): String = {
    val out = new ByteArrayOutputStream
    val w = new TradeFeedWriter(out)
    val replayed =
      CommandSource.fromText(commands).replayAll(new TradingDay(Engine.Fast, EventSink.Ignore, Some(w), None))
    assert(replayed.isRight, replayed.toString)
    w.flush()
    out.toString(UTF_8)
  }

  test("a scripted strategy on a hand-written day: fills, fees, PnL and slippage worked by hand") {
    val r = run(HandDay, new ScriptedStrategy(Script), OrderRules(Me, 0L, 1000L))
    val me = Me.value
    val first = StrategyIds.First
    // bought 50 at 10.00 from order 1 at once (no latency); order 4 took order 3; then the strategy sold 20,
    // and at the close-out the last 30, at 9.90 to order 2
    assertEquals(
      r.trades,
      s"""trade,2026-03-02T14:30:00Z,ACME,10,50,$first,$me,1,1,BUY
         |trade,2026-03-02T14:30:02Z,ACME,9.95,10,3,3,4,4,SELL
         |trade,2026-03-02T14:30:02Z,ACME,9.9,20,2,2,${first + 1},$me,SELL
         |trade,2026-03-02T14:30:02Z,ACME,9.9,30,2,2,${first + 2},$me,SELL
         |""".stripMargin
    )
    val d = r.result
    assertEquals(d.fills, 3L)
    assertEquals(d.volume, 100L)
    assertEquals(d.maxPosition, 50L)
    assertEquals(d.unflattened, 0L)
    // cash -500 + 198 + 297 = -5; fees 100 x 0.01 = 1
    assertEquals(d.fees.compareTo(new BigDecimal("1")), 0, d.fees.toString)
    assertEquals(d.pnl.compareTo(new BigDecimal("-6")), 0, d.pnl.toString)
    // against the mid 9.95 each time: 0.05 x 50 + 0.05 x 20 + 0.05 x 30
    assertEquals(d.slippage.compareTo(new BigDecimal("5")), 0, d.slippage.toString)
    assertEquals(d.notional.compareTo(new BigDecimal("995")), 0, d.notional.toString)
    assertEquals(d.commands, 4L)
  }

  test("with latency, the order reaches the engine later on the session clock and meets a different book") {
    val r = run(HandDay, new ScriptedStrategy(Script), OrderRules(Me, 1500000000L, 1000L))
    val lines = r.trades.linesIterator.toVector
    // decided at 14:30:00, due 14:30:01.5: after order 3 arrived, before order 4
    assert(lines(0).startsWith("trade,2026-03-02T14:30:01.500Z,ACME,10,50,"), lines(0))
    assert(lines(1).startsWith("trade,2026-03-02T14:30:02Z,ACME,9.95,10,3,3,4,4"), lines(1))
    // decided at 14:30:02, due 14:30:03.5, delivered before the close-out
    assert(lines(2).startsWith("trade,2026-03-02T14:30:03.500Z,ACME,9.9,20,"), lines(2))
    assertEquals(r.result.pnl.compareTo(new BigDecimal("-6")), 0)
  }

  test(
    "the engine sees the strategy's orders like anyone's: mvt match of the merged commands gives the same fills"
  ) {
    val r = run(HandDay, new ScriptedStrategy(Script), OrderRules(Me, 1500000000L, 1000L))
    assertEquals(matchTrades(r.merged), r.trades)
    assert(r.merged.contains(s"add,ACME,${StrategyIds.First},BUY,10,50,${Me.value}"), r.merged)
  }

  // the ask comes down to 9.95 while a post-only bid at 9.95 is on its way
  private val CrossingDay =
    """time,2026-03-02T14:30:00Z
      |add,ACME,1,SELL,10.00,100,1
      |add,ACME,2,BUY,9.90,100,2
      |time,2026-03-02T14:30:01Z
      |add,ACME,3,SELL,9.95,10,3
      |time,2026-03-02T14:30:02Z
      |add,ACME,4,BUY,9.80,10,4
      |""".stripMargin

  test("a post-only quote that would cross when it arrives is refused and counted, not filled") {
    val script = Map(2 -> (Side.Buy, "9.95", 50L))
    val rules = OrderRules(Me, 1500000000L, 1000L)
    val r = run(CrossingDay, new ScriptedStrategy(script, TimeInForce.Post), rules)
    assertEquals(r.result.fills, 0L)
    assertEquals(r.result.orders, 1L)
    assert(r.merged.contains(s"add,ACME,${StrategyIds.First},BUY,9.95,50,${Me.value},POST"), r.merged)
    val loop =
      new ClosedLoopDay(Engine.Fast, new ScriptedStrategy(script, TimeInForce.Post), rules, BigDecimal.ZERO)
    assert(CommandSource.fromText(CrossingDay).replayAll(loop).isRight)
    assertEquals(loop.crossRefused, 1L)
    assertEquals(loop.orders.openOrders, 0)
    assertEquals(loop.exchange.restingQty(OrderId(3)), 10L, "the ask it would have taken still rests")
    // the same order as GTC takes the 10 at 9.95: the refusal is the post-only flag's doing
    val gtc = run(CrossingDay, new ScriptedStrategy(script), rules)
    assert(gtc.trades.startsWith("trade,2026-03-02T14:30:01.500Z,ACME,9.95,10,"), gtc.trades)
  }

  test("an IOC order's remainder expires and is not left resting") {
    // at the second quote change, buy 150 at 10.00 where only order 1's 100 is offered
    val script = Map(2 -> (Side.Buy, "10.00", 150L))
    val loop =
      new ClosedLoopDay(
        Engine.Fast,
        new ScriptedStrategy(script, TimeInForce.Ioc),
        OrderRules(Me, 0L, 1000L),
        BigDecimal.ZERO
      )
    assert(CommandSource.fromText(HandDay).replayAll(loop).isRight)
    assertEquals(loop.orders.position(loop.bookOf(Symbol.unsafe("ACME"))), 100L)
    assertEquals(loop.expiredUnits, 50L)
    assert(!loop.exchange.isLive(OrderId(StrategyIds.First)))
    assertEquals(loop.orders.openOrders, 0)
    assert(!loop.exchange.snapshot.exists(l => l.side == Side.Buy && l.price == Price.unsafe("10.00")))
    val d = loop.finish(Date)
    assertEquals(d.volume, 200L, "100 bought, 100 sold at the close-out")
    assertEquals(d.unflattened, 0L)
  }

  test("a recorded id in the strategy's range fails the day") {
    val text = s"add,ACME,${StrategyIds.First + 5},BUY,10,1\n"
    val loop = new ClosedLoopDay(
      Engine.Fast,
      new ScriptedStrategy(Map.empty),
      OrderRules(Me, 0L, 10L),
      BigDecimal.ZERO
    )
    val e = intercept[IdCollision](CommandSource.fromText(text).replayAll(loop))
    assertEquals(e.id, StrategyIds.First + 5)
  }

  // on generated days, each strategy: the day ends flat, the position stays within the limit, the merged day
  // replays to the same fills, and PnL and fees match the reporting fold over the merged day's feeds
  for (kind <- StrategyKind.values)
    test(
      s"${kind.label} on generated days: flat at the close, within the limit, reconciled with the reporting fold"
    ) {
      val fee = new BigDecimal("0.001")
      generated(2, 30000).foreach { (date, batch) =>
        val commands = new ByteArrayOutputStream
        batch.writeCsv(commands)
        val feed = ArrayBuffer.empty[PnlFold => Unit]
        val trades: TradeSink = (t, s, p, q, _, ba, _, sa, _) =>
          feed += (_.trade(t.epochNanos, s.name, p.raw, q.units, ba.value, sa.value))
        val quotes: QuoteSink = (t, s, bp, bq, ap, aq) =>
          feed += (_.quote(t.epochNanos, s.name, bp, ap, bq > 0 && aq > 0))
        val tradesText = new ByteArrayOutputStream
        val tradeWriter = new TradeFeedWriter(tradesText)
        val both: TradeSink = (t, s, p, q, b, ba, sl, sa, a) => {
          trades.trade(t, s, p, q, b, ba, sl, sa, a); tradeWriter.trade(t, s, p, q, b, ba, sl, sa, a)
        }
        val mergedText = new ByteArrayOutputStream
        val merged = new CommandCsvWriter(mergedText)
        val rules = OrderRules(Me, 250000L, 300L)
        val loop = new ClosedLoopDay(
          Engine.Fast,
          Fixtures.setup(kind).strategy.build(),
          rules,
          fee,
          Some(both),
          Some(quotes),
          Some(merged)
        )
        assert(CommandSource.fromText(commands.toString(UTF_8)).replayAll(loop).isRight)
        val d = loop.finish(date)
        tradeWriter.flush()
        merged.finish()
        assert(d.fills > 0, s"$kind traded nothing on $date")
        assertEquals(d.unflattened, 0L)
        assert(d.maxPosition <= 300L, d.maxPosition.toString)
        assertEquals(loop.orders.openOrders, 0)
        assertEquals(matchTrades(mergedText.toString(UTF_8)), tradesText.toString(UTF_8))
        // the merged day holds the new forms the strategies use: spread capture's post-only quotes and their
        // moves, momentum's IOC orders
        if (kind == StrategyKind.SpreadCapture) {
          assert(mergedText.toString(UTF_8).contains(",POST\n"))
          assert(mergedText.toString(UTF_8).contains("\nmodify,"))
        }
        if (kind == StrategyKind.Momentum) assert(mergedText.toString(UTF_8).contains(",IOC\n"))
        val fold = new PnlFold(fee)
        feed.foreach(_(fold))
        fold.closeThrough(fold.now + PnlFold.NanosPerHour)
        val mine = fold.report(fold.lastClosedHour).filter(_.key.account == Me.value)
        assert(mine.nonEmpty)
        assert(mine.forall(_.position == 0L), mine.toString)
        val pnl = mine.map(_.pnl).foldLeft(BigDecimal.ZERO)(_.add(_))
        val fees = mine.map(_.fees).foldLeft(BigDecimal.ZERO)(_.add(_))
        assertEquals(pnl.compareTo(d.pnl), 0, s"fold $pnl, backtest ${d.pnl}")
        assertEquals(fees.compareTo(d.fees), 0, s"fold $fees, backtest ${d.fees}")
        loop.exchange.checkInvariants()
      }
    }
}
