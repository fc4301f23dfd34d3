package mvt.core.console

/** Comma-separated values and labelled sets: every element read, every refusal in one form. */
class CommaListSuite extends munit.FunSuite {

  private def refusals[A](v: cats.data.ValidatedNel[String, A]): List[String] = v.fold(_.toList, _ => Nil)

  private val positive = (s: String) => s.toIntOption.filter(_ > 0)

  test("every element parsed, spaces around one allowed") {
    assertEquals(CommaList.parse("1, 2,3", positive, "rate").toOption, Some(Vector(1, 2, 3)))
    assertEquals(CommaList.single(" 7 ", positive, "rate").toOption, Some(7))
  }

  test("each bad or empty element is one refusal, with what was expected when given") {
    assertEquals(
      refusals(CommaList.parse("1,x,,0", positive, "rate", "positive")),
      List(
        "bad rate 'x' (expected positive)",
        "bad rate '' (expected positive)",
        "bad rate '0' (expected positive)"
      )
    )
    assertEquals(refusals(CommaList.parse("4000,", positive, "rate")), List("bad rate ''"))
  }

  test("a label set reads one label or a list, and refuses an unknown or empty one naming the labels") {
    val colours = new LabelSet[String] {
      def what = "colour"
      def values = Vector("red", "green")
      def label(e: String) = e
    }
    assertEquals(colours.names, "red|green")
    assertEquals(colours.readList("green,red").toOption, Some(Vector("green", "red")))
    assertEquals(
      refusals(colours.readList("red,,blue")),
      List("unknown colour '' (expected red|green)", "unknown colour 'blue' (expected red|green)")
    )
  }
}
