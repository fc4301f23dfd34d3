package mvt.workload

class MarkovGeneratorSuite extends munit.FunSuite {
  import MarkovGenerator.Weights

  test("the default weights render and parse back") {
    assertEquals(Weights.parse(Weights.default.render), Right(Weights.default))
  }

  test("a weights file with comments and rows in any order parses") {
    val text = "# firm weights\nsell,1,2,3,4\nbuy,4,3,2,1\n\nexecution,1,1,1,1\ncancel,0,0,1,0\n"
    assertEquals(
      Weights.parse(text),
      Right(Weights(Vector(Vector(4, 3, 2, 1), Vector(1, 2, 3, 4), Vector(0, 0, 1, 0), Vector(1, 1, 1, 1))))
    )
  }

  test("bad weights files name the line and the fault") {
    def err(text: String) = Weights.parse(text).left.getOrElse(fail(s"accepted: $text"))
    assert(err("buy,1,1,1\n").startsWith("line 1: expected"))
    assert(err("buy,1,1,1,1\nhold,1,1,1,1\n").startsWith("line 2: unknown kind 'hold'"))
    assert(err("buy,1,1,1,-1\n").startsWith("line 1: weights must be whole numbers"))
    assert(err("buy,0,0,0,0\n").contains("all zero"))
    assert(err("buy,1,1,1,1\nbuy,1,1,1,1\n").startsWith("line 2: a second row"))
    assert(err("buy,1,1,1,1\n").contains("no row for sell, cancel, execution"))
  }

  test("deterministic for a seed, and every kind occurs") {
    val a = MarkovGenerator.generate(Weights.default, WorkloadProfile.normal, 30000, 1L)
    val b = MarkovGenerator.generate(Weights.default, WorkloadProfile.normal, 30000, 1L)
    assertEquals(
      Vector.tabulate(a.batch.size)(a.batch.command),
      Vector.tabulate(b.batch.size)(b.batch.command)
    )
    val m = a.mix
    assert(m.adds > 0 && m.cancelsAccepted > 0 && m.executions > 0 && m.crossingAdds > 0, m.render)
  }

  test("the chain follows its weights: a chain that never cancels emits no cancel") {
    val noCancel = Weights(Vector.fill(4)(Vector(1, 1, 0, 1)))
    val g = MarkovGenerator.generate(noCancel, WorkloadProfile.normal, 20000, 2L)
    assertEquals(g.mix.cancels, 0L)
    assert(g.mix.executions > 0)
    // only buys and sells: nothing crosses on purpose
    val passive =
      MarkovGenerator.generate(Weights(Vector.fill(4)(Vector(1, 1, 0, 0))), WorkloadProfile.normal, 20000, 2L)
    assertEquals(passive.mix.crossingAdds, 0L)
    assertEquals(passive.mix.cancels, 0L)
  }

  test("the share of cancels follows the stationary distribution of the chain") {
    // from every state: cancel with weight 1 of 4, so about a quarter of the steps try to cancel
    val w = Weights(Vector.fill(4)(Vector(1, 1, 1, 1)))
    val m = MarkovGenerator.generate(w, WorkloadProfile.normal, 100000, 4L).mix
    assertEqualsDouble(m.cancels.toDouble / m.commands, 0.25, 0.03)
  }
}
