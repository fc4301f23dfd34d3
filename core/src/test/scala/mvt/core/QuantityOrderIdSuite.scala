package mvt.core

import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/** Parsing of the whole-number fields: quantities (range-checked later) and order ids (checked here). */
class QuantityOrderIdSuite extends munit.ScalaCheckSuite {

  private def qty(t: String): Option[Long] = Quantity.parse(t).map(_.units)
  private def id(t: String): Option[Long] = OrderId.parse(t).map(_.value)

  test("quantity range edges") {
    assertEquals(qty("0"), Some(0L))
    assert(!Quantity(0L).isValid)
    assert(Quantity(1L).isValid)
    assertEquals(qty("1000000000").map(Quantity(_).isValid), Some(true))
    assertEquals(qty("1000000001").map(Quantity(_).isValid), Some(false))
    assertEquals(qty("999999999999999999"), Some(999999999999999999L))
    // longer than a Long can hold: well-formed, out of range, never wrapped around into range
    List("9223372036854775807", "9223372036854775808", "18446744073709551617", "1" * 40).foreach { t =>
      val q = Quantity.parse(t)
      assert(q.isDefined, t)
      assert(!q.get.isValid, t)
    }
  }

  test("quantity leading zeros") {
    assertEquals(qty("0007"), Some(7L))
    assertEquals(qty("000"), Some(0L))
    assertEquals(qty("0" * 50 + "1000000000"), Some(1000000000L))
  }

  test("malformed quantities") {
    List("", "-5", "+5", "1.0", "1.", " 1", "1 ", "ten", "1e3", "0x1").foreach { t =>
      assertEquals(Quantity.parse(t), None, s"'$t'")
    }
  }

  test("order id edges: 1 to Long.MaxValue, anything else malformed") {
    assertEquals(id("1"), Some(1L))
    assertEquals(id("9223372036854775807"), Some(Long.MaxValue))
    assertEquals(id("0009223372036854775807"), Some(Long.MaxValue))
    assertEquals(id("00042"), Some(42L))
    List(
      "0",
      "000",
      "9223372036854775808",
      "9223372036854775810",
      "18446744073709551615",
      "18446744073709551616",
      "99999999999999999999",
      "",
      "-1",
      "+1",
      "1.0",
      " 1",
      "abc"
    ).foreach { t =>
      assertEquals(OrderId.parse(t), None, s"'$t'")
    }
  }

  property("quantities round-trip through text") {
    forAll(Gen.choose(0L, 999999999999999999L), Gen.choose(0, 5)) { (q, lead) =>
      qty("0" * lead + q.toString) == Some(q)
    }
  }

  property("order ids round-trip through text") {
    forAll(Gen.oneOf(Gen.choose(1L, Long.MaxValue), Gen.choose(Long.MaxValue - 100, Long.MaxValue))) { v =>
      id(v.toString) == Some(v)
    }
  }

  property("an order id beyond Long.MaxValue is never wrapped into range") {
    forAll(Gen.choose(BigInt(Long.MaxValue) + 1, BigInt(Long.MaxValue) * 20)) { big =>
      id(big.toString).isEmpty
    }
  }
}
