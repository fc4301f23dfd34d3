package mvt.cli

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Files as JFiles

/**
 * `mvt node`'s TLS options: without them a node listens on loopback only (another address is refused), the key
 * store goes with its password file, and a store or password file that cannot be read is named, status 1, with
 * the password never shown.
 */
class NodeTlsOptionsSuite extends munit.FunSuite {

  private def oneLine(r: CliRun.Result, status: Int): Unit = {
    assertEquals(r.status, status, r.err)
    assertEquals(r.err.linesIterator.size, 1, r.err)
    assert(!r.err.contains("Exception"), r.err)
  }

  test("without TLS a node may listen on loopback only") {
    val r = CliRun("node", "--role", "trader", "--host", "0.0.0.0")()
    oneLine(r, 1)
    assert(r.err.contains("--host 0.0.0.0: without --tls-keystore a node listens on loopback only"), r.err)
  }

  test("a key store needs its password file, and a trust store needs a key store") {
    val a = CliRun("node", "--role", "trader", "--tls-keystore", "ks.p12")()
    oneLine(a, 1)
    assert(a.err.contains("--tls-keystore needs --tls-password-file"), a.err)
    val b = CliRun("cluster", "--data", "day.csv", "--tls-truststore", "ts.p12")()
    oneLine(b, 1)
    assert(b.err.contains("need --tls-keystore"), b.err)
  }

  test("a missing key store or an empty password file is named, status 1, and the password is never shown") {
    val dir = JFiles.createTempDirectory("mvt-node-tls")
    try {
      val missing = dir.resolve("none.p12")
      val pw = JFiles.write(dir.resolve("pw"), "s3cret-word\n".getBytes(UTF_8))
      val r = CliRun(
        "node",
        "--role",
        "trader",
        "--tls-keystore",
        missing.toString,
        "--tls-password-file",
        pw.toString
      )()
      oneLine(r, 1)
      assert(r.err.contains(s"$missing: the TLS key store does not exist or cannot be read"), r.err)
      assert(!r.err.contains("s3cret-word") && !r.out.contains("s3cret-word"), r.err)
      val empty = JFiles.write(dir.resolve("empty"), Array.emptyByteArray)
      val e = CliRun(
        "node",
        "--role",
        "trader",
        "--tls-keystore",
        pw.toString,
        "--tls-password-file",
        empty.toString
      )()
      oneLine(e, 1)
      assert(e.err.contains(s"$empty: the TLS password file's first line is empty"), e.err)
    } finally {
      JFiles.list(dir).forEach(JFiles.delete(_))
      JFiles.delete(dir)
    }
  }
}
