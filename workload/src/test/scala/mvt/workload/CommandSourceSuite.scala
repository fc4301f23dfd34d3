package mvt.workload

import mvt.core.*
import mvt.orderbook.Engine

import java.io.{ByteArrayInputStream, ByteArrayOutputStream, PipedInputStream, PipedOutputStream}

/** One command source for both formats and the one replay loop, on every conformance vector and on live input. */
class CommandSourceSuite extends munit.ScalaCheckSuite {
  import CommandSourceSuite.*

  private def asLog(commands: Array[Byte]): Array[Byte] = {
    val batch = CommandBatch.readCsv(new ByteArrayInputStream(commands)).toOption.get
    val out = new ByteArrayOutputStream()
    CommandLog.write(batch, out)
    out.toByteArray
  }

  for (c <- ConformanceCases.all; engine <- Vector(Engine.Fast, Engine.ListBook)) {
    test(s"${c.name} [${engine.label}] through CommandSource and TradingDay: events, snapshot, feeds") {
      val got = run(engine, c.commands)
      assertNoDiff(got.events, c.events)
      (got.error, c.errorLine) match {
        case (None, None) =>
          assertEquals(got.snapshot, c.snapshot.get)
          assertEquals(got.trades, c.trades.get)
          assertEquals(got.quotes, c.quotes.get)
          // the same day as a command log gives the same output, byte for byte
          assertEquals(run(engine, asLog(c.commands)), got)
        case (Some(SourceError.Format(e)), Some(line)) => assertEquals(e.line, line, e.render)
        case (error, expected) => fail(s"error $error, the case expects one at line $expected")
      }
    }
  }

  property("a random day converted to a log and back replays to the same events, trades and quotes") {
    import org.scalacheck.{Gen, Prop}
    Prop.forAll(Gen.choose(1L, Long.MaxValue), Gen.choose(50, 3000)) { (seed, lines) =>
      val mix = Mix.crossHeavy(maxTracked = 200).copy(accounts = 30, clockWeight = 0.1)
      val text = new RandomCommands(seed, mix).take(lines).mkString("", "\n", "\n").getBytes("UTF-8")
      val log = asLog(text)
      val back = new ByteArrayOutputStream()
      CommandSource.open(new ByteArrayInputStream(log)).toOption.get.readAll().toOption.get.writeCsv(back)
      val original = run(Engine.Fast, text)
      original.error.isEmpty && run(Engine.Fast, log) == original && run(
        Engine.Fast,
        back.toByteArray
      ) == original
    }
  }

  test(
    "convert: a commands file becomes a log and back, replaying the same; a bad line leaves a log cut short"
  ) {
    val text = new RandomCommands(7L, Mix.crossHeavy(maxTracked = 50)).take(400).mkString("", "\n", "\n")
      .getBytes("UTF-8")
    def convert(in: Array[Byte]): (Either[SourceError, Unit], Array[Byte]) = {
      val out = new ByteArrayOutputStream
      (CommandSource.open(new ByteArrayInputStream(in)).flatMap(_.convert(out)), out.toByteArray)
    }
    val (toLog, log) = convert(text)
    assertEquals(toLog, Right(()))
    assert(CommandSource.open(new ByteArrayInputStream(log)).toOption.get.isLog)
    val (toText, back) = convert(log)
    assertEquals(toText, Right(()))
    assertEquals(run(Engine.Fast, log), run(Engine.Fast, text))
    assertEquals(run(Engine.Fast, back), run(Engine.Fast, text))

    val (bad, cut) = convert("add,A,1,BUY,1,1\nadd,A,2,BUY,1,1\nadd,A,3,SIDEWAYS,1,1\n".getBytes("UTF-8"))
    assertEquals(bad.left.toOption.collect { case SourceError.Format(e) => e.line }, Some(3L))
    val reread = CommandSource.open(new ByteArrayInputStream(cut)).toOption.get
    assertEquals(reread.nextBlock(), 2)
    assert(reread.nextBlock() < 0, "no trailer: the log reads as truncated")
  }

  test("the format is told by the magic bytes, whatever the input is called") {
    assert(!CommandSource.fromText("add,A,1,BUY,1,1\n").isLog)
    val log = asLog("add,A,1,BUY,1,1\n".getBytes("UTF-8"))
    assert(CommandSource.open(new ByteArrayInputStream(log)).toOption.get.isLog)
    // text that merely starts like a word is still text
    assert(!CommandSource.fromText("MVT,x\n").isLog)
  }

  test("a live commands stream is handed over as it arrives, without waiting for a full block") {
    val pipeOut = new PipedOutputStream()
    val pipeIn = new PipedInputStream(pipeOut, 1 << 16)
    pipeOut.write("time,2026-01-05T14:30:00Z\nadd,A,1,BUY,10,5,7\n".getBytes("UTF-8"))
    pipeOut.flush()
    val source = CommandSource.open(pipeIn).toOption.get
    assertEquals(source.nextBlock(), 2) // would block forever if it waited for 8,192 commands
    assertEquals(
      command(source, 1),
      Command.Add(Symbol.unsafe("A"), OrderId(1), Side.Buy, Price.unsafe("10"), Quantity(5), Account(7))
    )
    pipeOut.write("cancel,A,1\n".getBytes("UTF-8"))
    pipeOut.close()
    assertEquals(source.nextBlock(), 1)
    assertEquals(source.nextBlock(), 0)
  }

  test("a format error comes after every command before it, in the same block") {
    val s = CommandSource.fromText("add,A,1,BUY,10,5\nadd,A,2,SELL,11,5\nadd,A,3,HOLD,1,1\nadd,A,4,BUY,1,1\n")
    assertEquals(s.nextBlock(), 2)
    assertEquals(s.nextBlock(), -1)
    assert(s.error.exists { case SourceError.Format(e) => e.line == 3; case _ => false }, s.error)
    assertEquals(s.nextBlock(), -1)
  }
}

object CommandSourceSuite {

  /** Command `i` of the source's current block, as a value. */
  def command(s: CommandSource, i: Int): Command = s.columns.command(i, s.symbols)

  /** What a run produced: events, the error that ended it, snapshot, trade and quote feeds. */
  final case class Output(
      events: String,
      error: Option[SourceError],
      snapshot: String,
      trades: String,
      quotes: String
  )

  /** Runs an input (either format) as `mvt match` does, through [[MatchRun]]. */
  def run(engine: Engine, input: Array[Byte]): Output = {
    val events = new ByteArrayOutputStream
    val trades = new ByteArrayOutputStream
    val quotes = new ByteArrayOutputStream
    val snap = new ByteArrayOutputStream
    val result = MatchRun(
      CommandSource.open(new ByteArrayInputStream(input)),
      engine,
      events,
      Some(trades),
      Some(quotes),
      Some(snap)
    )
    Output(
      events.toString("UTF-8"),
      result.left.toOption,
      snap.toString("UTF-8"),
      trades.toString("UTF-8"),
      quotes.toString("UTF-8")
    )
  }
}

/** A live stream whose next complete lines are blank or comments is not waited on. */
class LiveCommentsSuite extends munit.FunSuite {
  test("blank and comment lines before a partial line do not hold back the commands already read") {
    val pipeOut = new java.io.PipedOutputStream()
    val pipeIn = new java.io.PipedInputStream(pipeOut, 1 << 16)
    pipeOut.write("add,A,1,BUY,10,5\n\n# a comment\nadd,A,2,".getBytes("UTF-8"))
    pipeOut.flush()
    val source = CommandSource.open(pipeIn).toOption.get
    assertEquals(source.nextBlock(), 1) // would block on the partial third line if it read on
    pipeOut.write("SELL,11,5\n".getBytes("UTF-8"))
    pipeOut.close()
    assertEquals(source.nextBlock(), 1)
    assertEquals(source.nextBlock(), 0)
  }
}
