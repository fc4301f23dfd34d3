package mvt.venue

/** How `mvt venue` reads `--speed` and `--durability`: every value it takes, and a reason for each it refuses. */
class VenueOptionsSuite extends munit.FunSuite {

  test("--speed: max, or a positive finite number") {
    assertEquals(VenueRun.Options.speed("max"), Right(None))
    assertEquals(VenueRun.Options.speed("2.5"), Right(Some(2.5)))
    List("0", "-1", "Infinity", "fast", "").foreach(s =>
      assertEquals(
        VenueRun.Options.speed(s),
        Left(s"--speed: expected a positive number or max, found \"$s\"")
      )
    )
  }

  test("--durability: each mode by its name, anything else refused with the names") {
    Durability.values.foreach(d => assertEquals(VenueRun.Options.durability(d.label), Right(d)))
    assertEquals(
      VenueRun.Options.durability("fsync"),
      Left(s"--durability: expected ${Durability.names}, found \"fsync\"")
    )
  }
}
