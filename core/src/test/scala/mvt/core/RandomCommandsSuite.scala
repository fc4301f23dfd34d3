package mvt.core

import java.nio.charset.StandardCharsets.UTF_8

/** The random stream generator is deterministic and produces what the differential tests rely on. */
class RandomCommandsSuite extends munit.FunSuite {
  // a hundred thousand lines generated and parsed per stream: generous beside another test JVM
  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  private def sample(seed: Long, mix: Mix, n: Int) = new RandomCommands(seed, mix).take(n).toVector

  test("the same seed gives the same stream; another seed another one") {
    assertEquals(sample(1L, Mix.crossHeavy(100), 5000), sample(1L, Mix.crossHeavy(100), 5000))
    assertNotEquals(sample(1L, Mix.crossHeavy(100), 5000), sample(2L, Mix.crossHeavy(100), 5000))
  }

  List("cancel-heavy" -> Mix.cancelHeavy(2000), "cross-heavy" -> Mix.crossHeavy(2000)).foreach {
    (name, mix) =>
      test(s"$name: well-formed, with every price precision, bad value and kind of line") {
        val lines = sample(42L, mix, 100000)
        val commands = CommandReader.parse(lines.mkString("\n")).fold(e => fail(e.render), identity)
        val adds = commands.collect { case a: Command.Add => a }
        val prices = lines.filter(_.startsWith("add,")).map(_.split(',')(4))
        val decimals = prices.map(p => if (p.contains('.')) p.length - p.indexOf('.') - 1 else 0).toSet
        (0 to 8).foreach(d => assert(decimals(d), s"no price with $d decimals"))
        assert(adds.exists(!_.price.isValid) && adds.exists(!_.qty.isValid), "no invalid values")
        assert(
          adds.exists(_.price.raw < Price.Scale) && adds.exists(_.price.raw > 1000000L * Price.Scale),
          "no far-apart prices"
        )
        assert(adds.exists(_.id.value > Long.MaxValue / 2), "no ids near the top of the range")
        assert(
          prices.exists(_.startsWith("00")) && prices.exists(p => p.contains('.') && p.endsWith("0")),
          "no non-canonical spellings"
        )
        assert(lines.contains("") && lines.exists(_.startsWith("#")) && lines.exists(_.endsWith("\r")))
        val cancels = commands.size - adds.size
        assert(cancels > commands.size / 10, s"$cancels cancels")
        assertEquals(
          commands.collect { case a: Command.Add => a.symbol; case c: Command.Cancel => c.symbol }.distinct.size,
          mix.symbols
        )
        // the stream is ASCII, as the spec's fields are
        assert(lines.forall(l => new String(l.getBytes(UTF_8), UTF_8) == l && l.forall(_ < 128)))
      }
  }
}
