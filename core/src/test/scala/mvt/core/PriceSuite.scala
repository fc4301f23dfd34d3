package mvt.core

import org.scalacheck.{Gen, Prop}
import org.scalacheck.Prop.{forAll, propBoolean}

/** Exact parsing and canonical rendering of prices (`Price`, `DecimalText`, `AsciiOutput.price`). */
class PriceSuite extends munit.ScalaCheckSuite {

  private def raw(text: String): Option[Long] = Price.parse(text).map(_.raw)

  /** The canonical form computed independently, through `BigDecimal`. */
  private def oracle(raw: Long): String =
    java.math.BigDecimal.valueOf(raw, 8).stripTrailingZeros.toPlainString

  private def viaAscii(p: Price): String = {
    val bytes = new java.io.ByteArrayOutputStream
    val w = new AsciiOutput(bytes)
    w.price(p)
    w.flush()
    bytes.toString("US-ASCII")
  }

  test("canonical forms: trailing fraction zeros and the dot are dropped, no exponent") {
    val cases = List(
      "1.50" -> "1.5",
      "100.00" -> "100",
      "100" -> "100",
      "0.10000000" -> "0.1",
      "001.5" -> "1.5",
      "10.05" -> "10.05",
      "0.00000001" -> "0.00000001",
      "0.00000010" -> "0.0000001",
      "1234567890.12345678" -> "1234567890.12345678",
      "9999999999.99999999" -> "9999999999.99999999",
      "1000000000" -> "1000000000",
      "10.000" -> "10"
    )
    cases.foreach { case (in, out) =>
      val p = Price.parse(in).getOrElse(fail(s"$in did not parse"))
      assert(p.isValid, in)
      assertEquals(p.render, out, in)
      assertEquals(viaAscii(p), out, in)
    }
  }

  test("exact raw values: no floating point on the way") {
    assertEquals(raw("0.1"), Some(10000000L))
    assertEquals(raw("0.3"), Some(30000000L))
    assertEquals(raw("1.00000001"), Some(100000001L))
    assertEquals(raw("9999999999.99999999"), Some(999999999999999999L))
    assertEquals(raw("0.12345678"), Some(12345678L))
  }

  test("eight fraction digits are in range, nine are out of range even when the value is exact") {
    assertEquals(Price.parse("1.12345678").map(_.isValid), Some(true))
    List("1.123456789", "1.000000000", "0.000000001", "0.123456780").foreach { t =>
      assertEquals(Price.parse(t), Some(Price.Unrepresentable), t)
      assert(!Price.Unrepresentable.isValid)
    }
  }

  test("prices of 1e10 and above are out of range; leading zeros do not count") {
    assertEquals(Price.parse("10000000000"), Some(Price.Unrepresentable))
    assertEquals(Price.parse("10000000000.5"), Some(Price.Unrepresentable))
    assertEquals(Price.parse("99999999999999999999999"), Some(Price.Unrepresentable))
    assertEquals(raw("00000000009999999999"), Some(999999999900000000L))
    assertEquals(raw("0000000000000000000000001.5"), Some(150000000L))
    assert(Price.parse("9999999999").exists(_.isValid))
  }

  test("zero is well-formed but not a valid price") {
    List("0", "000", "0.0", "0.00000000", "00.00").foreach { t =>
      assertEquals(raw(t), Some(0L), t)
      assert(!Price.parse(t).get.isValid, t)
    }
    assert(Price.fromRaw(1L).isValid)
    assert(!Price.fromRaw(Price.Limit).isValid)
    assert(Price.fromRaw(Price.Limit - 1).isValid)
  }

  test("malformed prices are None (a format error)") {
    List(
      "",
      ".",
      ".5",
      "1.",
      "1..2",
      "1.2.3",
      "-1",
      "+1",
      "1e5",
      "1E5",
      " 1",
      "1 ",
      "1,5",
      "ten",
      "0x10",
      "1_000",
      "١"
    ).foreach { t =>
      assertEquals(Price.parse(t), None, s"'$t'")
    }
  }

  test("unsafe accepts only valid prices") {
    assertEquals(Price.unsafe("10.5").raw, 1050000000L)
    intercept[IllegalArgumentException](Price.unsafe("0"))
    intercept[IllegalArgumentException](Price.unsafe("1.123456789"))
    intercept[IllegalArgumentException](Price.unsafe("abc"))
  }

  private val validRaw: Gen[Long] = Gen.oneOf(
    Gen.choose(1L, Price.Limit - 1),
    Gen.choose(1L, 1000L),
    Gen.choose(Price.Limit - 1000L, Price.Limit - 1),
    Gen.choose(1L, 100000L).map(_ * Price.Scale), // whole numbers
    Gen.choose(1L, 10000000L).map(_ * 1000L)
  )

  property("render then parse is the identity over every raw price in range") {
    forAll(validRaw) { r =>
      val p = Price.fromRaw(r)
      val text = p.render
      Prop.all(
        (Price.parse(text).map(_.raw) == Some(r)) :| s"round trip of $text",
        (text == oracle(r)) :| s"$text vs ${oracle(r)}",
        (viaAscii(p) == text) :| "AsciiOutput agrees",
        (!text.endsWith(".") && !(text.contains('.') && text.endsWith("0"))) :| s"canonical $text"
      )
    }
  }

  property("leading zeros and trailing fraction zeros parse to the same price") {
    forAll(validRaw, Gen.choose(0, 12), Gen.choose(0, 8)) { (r, lead, trail) =>
      val text = Price.fromRaw(r).render
      val dot = text.indexOf('.')
      val fraction = if (dot < 0) 0 else text.length - dot - 1
      val pad = math.min(trail, 8 - fraction)
      val padded =
        if (pad == 0) text else if (dot < 0) text + "." + "0" * pad else text + "0" * pad
      Price.parse("0" * lead + padded).map(_.raw) == Some(r)
    }
  }

  property("ordering of prices is numeric") {
    forAll(validRaw, validRaw) { (a, b) =>
      summon[Ordering[Price]].compare(Price.fromRaw(a), Price.fromRaw(b)).sign == a.compare(b).sign &&
      BigDecimal(Price.fromRaw(a).render).compare(BigDecimal(Price.fromRaw(b).render)).sign == a.compare(b).sign
    }
  }
}
