package mvt.cli

import java.net.{InetAddress, ServerSocket}
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Files as JFiles

/**
 * `mvt node` and `mvt cluster` refuse what they cannot run with one line saying why: an address in use or that
 * does not resolve (status 1), a day with a bad line, found before any node is forked (status 2, file and line).
 */
class NodeRefusalSuite extends munit.FunSuite {

  override val munitTimeout: scala.concurrent.duration.Duration = scala.concurrent.duration.Duration(2, "min")

  private def oneLine(r: CliRun.Result, status: Int): Unit = {
    assertEquals(r.status, status, r.err)
    assertEquals(r.err.linesIterator.size, 1, r.err)
    assert(!r.err.contains("unexpected error") && !r.err.contains("Exception"), r.err)
  }

  test("node --port on a port in use says which address, status 1") {
    val taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress)
    try {
      val port = taken.getLocalPort
      val r = CliRun("node", "--role", "trader", "--port", port.toString)()
      oneLine(r, 1)
      assert(r.err.contains(s"cannot start the node on 127.0.0.1:$port"), r.err)
    } finally taken.close()
  }

  test("node --fix-port on a trader, or without --clients, is a usage error naming the option") {
    val trader = CliRun("node", "--role", "trader", "--fix-port", "9878", "--clients", "clients.csv")()
    assertEquals(trader.status, 1, trader.err)
    assert(trader.err.contains("--fix-port is for --role exchange only"), trader.err)
    val alone = CliRun("node", "--role", "exchange", "--data", "d.csv", "--dir", "v", "--fix-port", "9878")()
    assertEquals(alone.status, 1, alone.err)
    assert(alone.err.contains("--fix-port needs --clients FILE"), alone.err)
  }

  test("node --host that does not resolve says so, status 1") {
    val r = CliRun("node", "--role", "trader", "--host", "nosuch.invalid")()
    oneLine(r, 1)
    assert(r.err.contains("nosuch.invalid"), r.err)
  }

  test("cluster --data with a bad line refuses it before forking: file and line, status 2") {
    CliRun.withTempFile(".csv") { day =>
      JFiles.write(day, "add,ACME,1,SELL,10.05,100\nadd,ACME,2,SELL,10.05,50\nbogus\n".getBytes(UTF_8))
      val r = CliRun("cluster", "--data", day.toString, "--nodes", "1")()
      oneLine(r, 2)
      assert(r.err.contains(day.getFileName.toString) && r.err.contains("line 3"), r.err)
      assertEquals(r.out, "", "no cluster was formed")
    }
  }

  test("cluster --data naming a directory is refused before forking, status 1") {
    val dir = JFiles.createTempDirectory("mvt-cluster-dir")
    try {
      val r = CliRun("cluster", "--data", dir.toString)()
      oneLine(r, 1)
      assert(r.err.contains(dir.toString), r.err)
      assertEquals(r.out, "", "no cluster was formed")
    } finally JFiles.delete(dir)
  }
}
