package mvt.cli

/** Every `mvt bench` command writes `--json`, and an unwritable output fails before any measuring. */
class BenchOutputSuite extends munit.FunSuite {

  test("bench memory --json writes the printed figures per engine") {
    val (r, text) = CliRun.withJson(
      "bench",
      "memory",
      "--orders",
      "100000",
      "--engine",
      "fast,list"
    )
    assert(r.out.contains("measured heap"), r.out)
    val doc = JsonDoc(text)
    assert(doc.hcursor.downField("machine").downField("cores").as[Int].isRight, text)
    val results = JsonDoc.array(doc, "results")
    def engine(name: String) = results.find(JsonDoc.string(_, "engine").contains(name))
    val fast = engine("fast").getOrElse(fail(s"no fast record in $text"))
    assertEquals(
      (JsonDoc.long(fast, "orders"), JsonDoc.long(fast, "levels")),
      (Some(100000L), Some(5000L)),
      text
    )
    val list = engine("list").getOrElse(fail(s"no list record in $text"))
    assert(JsonDoc.isNull(list, "arrayBytesPerOrder"), text)
    assertEquals(results.count(_.hcursor.downField("bytesPerOrder").as[Double].isRight), 2, text)
  }

  private val unwritable = "no/such/dir/out.json"

  for (
    (name, args) <- Vector(
      "memory" -> Vector("bench", "memory", "--orders", "100000", "--json", unwritable),
      "throughput" -> Vector("bench", "throughput", "--generate", "1000", "--json", unwritable)
    ) ++ Vector("--json", "--html", "--hlog").map(o =>
      s"latency $o" -> Vector("bench", "latency", "--engine", "fast", "--rates", "1000", o, unwritable)
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
