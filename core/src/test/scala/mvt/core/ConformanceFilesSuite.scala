package mvt.core

/** The vendored conformance vectors are all found, complete, and readable up to their declared error. */
class ConformanceFilesSuite extends munit.FunSuite {

  test("every file of the folder belongs to a discovered case") {
    val cases = ConformanceCases.all
    assertEquals(cases.size, ConformanceCases.fileNames.count(_.endsWith(".commands.csv")))
    val used = cases.flatMap { c =>
      Vector(".commands.csv", ".events.csv").map(c.name + _) ++
        c.snapshot.toVector.flatMap(_ =>
          Vector(".snapshot.csv", ".trades.csv", ".quotes.csv").map(c.name + _)
        ) ++
        c.errorLine.map(_ => c.name + ".error")
    }.toSet
    assertEquals(ConformanceCases.fileNames.toSet -- used, Set("README.md"))
    assert(cases.exists(_.errorLine.isDefined) && cases.exists(_.snapshot.isDefined))
  }

  ConformanceCases.all.foreach { c =>
    test(s"${c.name}: the reader stops exactly where the case says") {
      val text = new String(c.commands, java.nio.charset.StandardCharsets.UTF_8)
      (CommandReader.parse(text), c.errorLine) match {
        case (Right(_), None) => ()
        case (Left(e), Some(line)) => assertEquals(e.line, line, e.render)
        case (other, expected) => fail(s"read $other, case expects error at $expected")
      }
    }
  }
}
