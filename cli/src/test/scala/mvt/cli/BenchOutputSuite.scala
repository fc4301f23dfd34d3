package mvt.cli

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Files as JFiles

/** Every `mvt bench` command writes `--json`, and an unwritable output fails before any measuring. */
class BenchOutputSuite extends munit.FunSuite {

  test("bench memory --json writes the printed figures per engine") {
    CliRun.withTempFile(".json") { json =>
      val r = CliRun(
        "bench",
        "memory",
        "--orders",
        "100000",
        "--engine",
        "fast,list",
        "--json",
        json.toString
      )()
      assertEquals(r.status, 0, r.err)
      assert(r.out.contains("measured heap"), r.out)
      val text = new String(JFiles.readAllBytes(json), UTF_8)
      assert(text.contains("\"machine\": {\"cores\""), text)
      assert(text.contains("\"engine\": \"fast\", \"orders\": 100000, \"levels\": 5000"), text)
      assert(text.contains("\"engine\": \"list\""), text)
      assert(text.contains("\"arrayBytesPerOrder\": null"), text)
      assert("\"bytesPerOrder\": [0-9.E-]+".r.findAllIn(text).size == 2, text)
    }
  }

  private val unwritable = "no/such/dir/out.json"

  for (
    (name, args) <- Vector(
      "memory" -> Vector("bench", "memory", "--orders", "100000", "--json", unwritable),
      "throughput" -> Vector("bench", "throughput", "--generate", "1000", "--json", unwritable),
      "latency --json" -> Vector(
        "bench",
        "latency",
        "--engine",
        "fast",
        "--rates",
        "1000",
        "--json",
        unwritable
      ),
      "latency --html" -> Vector(
        "bench",
        "latency",
        "--engine",
        "fast",
        "--rates",
        "1000",
        "--html",
        unwritable
      ),
      "latency --hlog" -> Vector(
        "bench",
        "latency",
        "--engine",
        "fast",
        "--rates",
        "1000",
        "--hlog",
        unwritable
      )
    )
  )
    test(s"bench $name: an unwritable output fails at once with one line and status 1") {
      val r = CliRun(args*)()
      assertEquals(r.status, 1, r.err)
      assertEquals(r.out, "")
      assertEquals(
        r.err.trim,
        s"mvt bench ${name.takeWhile(_ != ' ')}: cannot write $unwritable: no such file or directory"
      )
    }
}
