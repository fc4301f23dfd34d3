package mvt.cluster

/** The control lines a harness writes to a node's stdin: each reads as its command, anything else with a reason. */
class NodeControlSuite extends munit.FunSuite {
  import NodeControl.Command

  test("cut, probe and heal read as their commands, with every peer") {
    assertEquals(
      NodeControl.parse("cut 127.0.0.1:2552,localhost:2553"),
      Right(Command.Cut(Vector(("127.0.0.1", 2552), ("localhost", 2553))))
    )
    assertEquals(
      NodeControl.parse(" probe 127.0.0.1:2552 "),
      Right(Command.Probe(Vector(("127.0.0.1", 2552))))
    )
    assertEquals(NodeControl.parse("heal"), Right(Command.Heal))
  }

  test("a line that is no command, or names a peer without a port, is refused and says why") {
    assert(
      NodeControl.parse("cut 127.0.0.1").left.exists(_.contains("127.0.0.1")),
      NodeControl.parse("cut x")
    )
    assert(NodeControl.parse("probe a:0").isLeft)
    assert(NodeControl.parse("split 127.0.0.1:2552").left.exists(_.contains("split")))
  }
}
