package mvt.cluster.history

import mvt.cluster.NodeId
import mvt.crdt.ClientId
import munit.FunSuite

import java.nio.charset.StandardCharsets
import java.nio.file.Files

class HistoryFileSuite extends FunSuite {

  private val dir = FunFixture[java.nio.file.Path](
    _ => Files.createTempDirectory("history"),
    d => { Files.list(d).forEach(Files.delete(_)); Files.delete(d) }
  )

  dir.test("what a node records reads back, numbered and in order") { d =>
    val f = d.resolve("t1.jsonl")
    val log = HistoryLog.open(f, NodeId("t1"), 7L)
    log.record(OpKind.Debit, ClientId("a"), "t1/1", 60)
    log.record(OpKind.Refund, ClientId("a"), "t1/1", 60)
    log.close()
    val ops = HistoryFile.read(f).fold(e => fail(e), identity)
    assertEquals(
      ops.map(o => (o.node, o.incarnation, o.seq, o.kind, o.cents)),
      Vector((NodeId("t1"), 7L, 1L, OpKind.Debit, 60L), (NodeId("t1"), 7L, 2L, OpKind.Refund, 60L))
    )
    assert(ops(0).atNanos <= ops(1).atNanos)
  }

  dir.test("a line cut by a kill is left out; a bad whole line is named with its file and line") { d =>
    val f = d.resolve("t2.jsonl")
    val log = HistoryLog.open(f, NodeId("t2"), 1L)
    log.record(OpKind.Provision, ClientId("a"), "", 100)
    log.close()
    Files.write(
      f,
      "{\"node\":\"t2\",\"incar".getBytes(StandardCharsets.UTF_8),
      java.nio.file.StandardOpenOption.APPEND
    )
    assertEquals(HistoryFile.read(f).map(_.size), Right(1))
    Files.write(
      f,
      "{\"node\":\"t2\",\"kind\":\"steal\"}\n".getBytes(StandardCharsets.UTF_8),
      java.nio.file.StandardOpenOption.APPEND
    )
    val err = HistoryFile.read(f).swap.getOrElse(fail("a bad line was read"))
    assert(err.startsWith(s"$f: line 2: not an operation"), err)
  }

  test("a missing file is refused by name") {
    val p = java.nio.file.Paths.get("no-such-history.jsonl")
    assertEquals(
      HistoryFile.readAll(Seq(p)),
      Left(s"$p: not a history file (it does not exist or is not a regular file)")
    )
  }

  test("the report names each finding and fails an overspend only where it is not allowed") {
    val ops = Seq(
      Operation(NodeId("v"), 1, 1, 0, OpKind.Provision, ClientId("a"), "", 100),
      Operation(NodeId("x"), 1, 1, 1, OpKind.Debit, ClientId("a"), "x/1", 80),
      Operation(NodeId("y"), 1, 1, 2, OpKind.Debit, ClientId("a"), "y/1", 80),
      Operation(NodeId("x"), 1, 2, 3, OpKind.Refund, ClientId("a"), "x/1", 80),
      Operation(NodeId("y"), 1, 2, 4, OpKind.Refund, ClientId("a"), "y/1", 80)
    )
    val v = HistoryChecker.check(ops)
    val strict = CheckReport.render(v, ops.size, overspendAllowed = false)
    assertEquals(strict.head, "account a: overspent by up to 60 cents")
    assert(strict.last.startsWith("FAILED: 5 operations, 1 accounts; lost 0 cents"), strict.last)
    assert(CheckReport.render(v, ops.size, overspendAllowed = true).last.startsWith("ok: "))
  }
}
