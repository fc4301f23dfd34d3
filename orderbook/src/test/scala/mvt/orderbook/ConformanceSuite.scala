package mvt.orderbook

import mvt.core.*

/** Every conformance vector, for every engine, through the library API, byte for byte: events, snapshot, feeds. */
class ConformanceSuite extends munit.FunSuite {
  // the long random vectors through the historical books are CPU-bound: generous beside another test JVM
  override val munitTimeout = scala.concurrent.duration.Duration(5, "min")

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
        assertEquals(got.trades, c.trades.get, "trade feed")
        assertEquals(got.quotes, c.quotes.get, "quote feed")
      case (Some(e), Some(line)) =>
        assertEquals(e.line, line, e.render)
        assert(e.render.startsWith(s"line $line: "), e.render)
      case (error, expected) => fail(s"format error $error, the case expects one at line $expected")
    }
  }

  // the value API over the commands before any error gives the same events and snapshot
  for (c <- ConformanceCases.all) {
    test(s"${c.name} via Replay.events") {
      val before =
        new String(c.commands, "UTF-8").linesWithSeparators.take(c.errorLine.fold(Int.MaxValue)(_.toInt - 1))
      val commands = CommandReader.parse(before.mkString).fold(e => fail(e.render), identity)
      for (engine <- Engine.values) {
        val (events, levels) = Replay.events(engine, commands)
        assertEquals(events.map(_.render + "\n").mkString, c.events, engine.label)
        c.snapshot.foreach(s => assertEquals(EngineRun.snapshotText(levels), s, engine.label))
      }
    }
  }
}
