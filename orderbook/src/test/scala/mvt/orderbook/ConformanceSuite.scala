package mvt.orderbook

import java.io.{ByteArrayInputStream, ByteArrayOutputStream}
import mvt.core.*

/** Every conformance vector, for every engine, through the library API, byte for byte. */
class ConformanceSuite extends munit.FunSuite {

  for (c <- ConformanceCases.all; engine <- Engine.values) {
    test(s"${c.name} [${engine.label}] via CsvEventWriter") {
      check(c, EngineRun.viaWriter(engine, c.commands))
    }
    test(s"${c.name} [${engine.label}] via Event.Collector") {
      check(c, EngineRun.viaCollector(engine, c.commands))
    }
  }

  private def check(c: ConformanceCase, got: EngineRun.Outcome): Unit = {
    assertNoDiff(got.events, c.events, "events")
    assertEquals(got.events, c.events, "events, byte for byte")
    (got.error, c.errorLine) match {
      case (None, None) =>
        assertEquals(got.snapshot, c.snapshot.get, "snapshot")
      case (Some(e), Some(line)) =>
        assertEquals(e.line, line, e.render)
        assert(e.render.startsWith(s"line $line: "), e.render)
      case (error, expected) => fail(s"format error $error, the case expects one at line $expected")
    }
  }

  // Replay.run is the loop the command uses; it must agree with the checked loop above
  for (c <- ConformanceCases.all) {
    test(s"${c.name} via Replay.run and Replay.events") {
      val bytes = new ByteArrayOutputStream
      val writer = new CsvEventWriter(bytes)
      val exchange = new Exchange(Engine.Fast, writer)
      val reader = new CommandReader(new ByteArrayInputStream(c.commands))
      val error =
        try { Replay.run(reader, exchange); None }
        catch { case e: FormatError => Some(e.line) }
      writer.flush()
      assertEquals(bytes.toString("UTF-8"), c.events)
      assertEquals(error, c.errorLine)
      // the value API over the commands before the error gives the same events and snapshot
      val before =
        new String(c.commands, "UTF-8").linesWithSeparators.take(c.errorLine.fold(Int.MaxValue)(_.toInt - 1))
      val commands = CommandReader.parse(before.mkString).fold(e => fail(e.render), identity)
      for (engine <- Engine.values) {
        val (events, levels) = Replay.events(engine, commands)
        assertEquals(events.map(_.render + "\n").mkString, c.events, engine.label)
        assertEquals(EngineRun.snapshotText(levels), EngineRun.snapshotText(exchange.snapshot), engine.label)
      }
      c.snapshot.foreach(s => assertEquals(EngineRun.snapshotText(exchange.snapshot), s))
    }
  }
}
