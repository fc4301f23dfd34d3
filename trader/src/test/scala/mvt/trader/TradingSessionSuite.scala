package mvt.trader

import mvt.trader.pipeline.*
import mvt.trader.queue.*
import mvt.trader.strategy.*

import mvt.orderbook.Engine
import mvt.workload.{CommandSource, SourceError}

/** A trading session end to end: a bad line keeps what came before it, and a session runs once. */
class TradingSessionSuite extends munit.FunSuite {

  private def config = TradingSession.Config(
    Engine.Fast,
    new SyntheticStrategy(0),
    TraderPipeline(TraderPipeline.Deadlines.none, new RingJournal(8), PreTradeCheck.AllowAll),
    QueuePolicy.Block,
    4,
    InterpreterKind.Fold,
    1
  )

  // the error comes back as a FormatError, as TradingSession.run expects from its feed
  private def feed(text: String)(tracker: BboTracker): Unit =
    CommandSource.fromText(text).replayAll(tracker).left.foreach {
      case SourceError.Format(e) => throw e
      case other => fail(s"unexpected $other")
    }

  test("a format error ends the feed; the updates before it are processed and the error comes back") {
    val decisions = Vector.newBuilder[Decision]
    val session = new TradingSession(config, d => decisions += d)
    val (summary, error) =
      session.run(
        feed("add,X,1,BUY,10,5\nadd,X,2,SELL,11,5\nadd,X,3,HOLD,10,5\nadd,X,4,BUY,9,1\n")
      )
    assertEquals(error.map(_.line), Some(3L))
    assertEquals(summary.updates, 2L) // the bid, then the ask: line 4 was never read
    assertEquals(summary.outcomes, Vector(OutcomeKind.NoDecision -> 1L, OutcomeKind.Sent -> 1L))
    assertEquals(decisions.result().map(_.render), Vector("decision,X,bid,10,1"))
  }

  test("a session runs once") {
    val session = new TradingSession(config, _ => ())
    session.run(feed("add,X,1,BUY,10,5\n"))
    intercept[IllegalArgumentException](session.run(_ => ()))
  }
}
