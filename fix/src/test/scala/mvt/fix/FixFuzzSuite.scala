package mvt.fix

import org.scalacheck.Gen
import quickfix.Message

/** Garbage on the wire or in message bodies never crashes the venue or another session. */
class FixFuzzSuite extends munit.FunSuite with FixFixture {

  val types = Gen.oneOf("D", "F", "G", "V", "8", "9", "Z", "AE", "x", "3", "5")
  val tag = Gen.frequency(
    3 -> Gen.oneOf(11, 38, 40, 41, 44, 54, 55, 59, 18, 146, 262, 263, 267, 269),
    1 -> Gen.choose(1, 20000)
  )
  val value = Gen.oneOf(
    Gen.alphaNumStr.map(_.take(20)),
    Gen.choose(-5L, Long.MaxValue).map(_.toString),
    Gen.oneOf("", "1", "2", "ACME", "-1", "0.000000001", "1e9", "99999999999", "\u0001", "="),
    Gen.listOfN(30, Gen.choose(1, 255).map(_.toChar)).map(_.mkString)
  )
  val body = Gen.listOf(Gen.zip(tag, value)).map(_.take(30))

  test("random bodies of random types from a logged-on session: the session and its neighbour keep trading") {
    withGateway { r =>
      val Vector(a, b) = r.loggedOnTogether("A", "B"): @unchecked
      val rnd = new scala.util.Random(7)
      val params = Gen.Parameters.default
      var sent = 0
      while (sent < 300) {
        (Gen.zip(types, body)).apply(params, org.scalacheck.rng.Seed(rnd.nextLong())).foreach { (t, fields) =>
          val m = new Message()
          m.getHeader.setString(35, t)
          fields.foreach((k, v) => if (!v.contains('\u0001') && v.nonEmpty) m.setString(k, v))
          try a.send(m)
          catch { case _: Exception => () } // a message QuickFIX/J refuses to send is not the venue's problem
          sent += 1
        }
      }
      // still up: a cross between the two sessions reports to both
      a.awaitLogon()
      a.send(FixTestClient.limit("fz-a", '2', "BETA", 5, "20"));
      b.send(FixTestClient.limit("fz-b", '1', "BETA", 5, "20"))
      def trade(c: FixTestClient, id: String): Unit = {
        var found = false
        while (!found) { val m = c.next("8"); found = m.getString(11) == id && m.getChar(150) == 'F' }
      }
      trade(a, "fz-a")
      trade(b, "fz-b")
      assert(r.venue.terminated.isDone == false)
    }
  }

  test("random bytes and random frames on raw connections never crash the gateway or a logged-on session") {
    withGateway { r =>
      val a = r.loggedOn("A")
      val chunk = Gen.oneOf(
        Gen.listOf(Gen.choose(0, 255).map(_.toByte)).map(_.take(2000).toArray),
        body.map(fs =>
          RawFix.frame(
            ("35=D" +: "49=C" +: "56=MVT" +: "34=1" +: fs.map((k, v) => s"$k=$v")).mkString("\u0001")
          )
        ),
        Gen.const(RawFix.logon("C", "c-secret").dropRight(4) ++ "999\u0001".getBytes)
      )
      val params = Gen.Parameters.default
      val rnd = new scala.util.Random(5)
      (1 to 40).foreach { i =>
        chunk.apply(params, org.scalacheck.rng.Seed(rnd.nextLong())).foreach(c =>
          RawFix.exchange(r.port, c, 200)
        )
        if (i % 10 == 0) {
          a.send(FixTestClient.limit(s"raw-$i", '1', "ACME", 1, "1"))
          assertEquals(a.next("8").getChar(150), '0')
        }
      }
    }
  }
}
