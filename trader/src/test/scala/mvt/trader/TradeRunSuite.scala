package mvt.trader

import mvt.orderbook.Engine
import mvt.trader.pipeline.{InterpreterKind, PreTradeCheck}
import mvt.trader.queue.QueuePolicy
import mvt.trader.strategy.StrategyKind
import mvt.workload.CommandSource

import java.io.{ByteArrayOutputStream, PrintStream}

/** `mvt trade`'s session as set up from its settings: decisions as lines, the summary at the end, a feed's error. */
class TradeRunSuite extends munit.FunSuite {

  private val synthetic =
    TradeStrategy.of(StrategyKind.Synthetic, None, Vector("cost-us" -> Some("cost-ns" -> 0L)), None).toOption.get

  private def settings(budget: Option[Long]) =
    TradeRun.Settings(Engine.Fast, synthetic, QueuePolicy.Block, 4, InterpreterKind.Fold, 1, budget)

  private def run(text: String, check: PreTradeCheck = PreTradeCheck.AllowAll) = {
    val (decisions, err) = (new ByteArrayOutputStream, new ByteArrayOutputStream)
    val error = TradeRun(
      settings(None),
      check,
      decisions,
      new PrintStream(err, true),
      tracker => CommandSource.fromText(text).replayAll(tracker)
    )
    (error, decisions.toString("UTF-8").linesIterator.toVector, err.toString("UTF-8"))
  }

  test("an error ends the feed: the commands before it are traded, the summary printed, the error returned") {
    val (error, lines, summary) =
      run("add,X,1,BUY,10,5\nadd,X,2,SELL,11,5\nadd,X,3,HOLD,10,5\nadd,X,4,BUY,9,1\n")
    assertEquals(error.map(_.toString.contains("line 3")), Some(true), error.toString)
    assertEquals(lines.size, 1, lines)
    assert(lines.head.startsWith("decision,X,"), lines)
    assert(summary.nonEmpty)
  }

  test("a pre-trade check that refuses everything leaves no decision") {
    val (error, lines, _) = run("add,X,1,BUY,10,5\nadd,X,2,SELL,11,5\n", _ => false)
    assertEquals(error, None)
    assertEquals(lines, Vector.empty)
  }
}
