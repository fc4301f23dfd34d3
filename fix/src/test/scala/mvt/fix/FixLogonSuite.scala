package mvt.fix

import scala.jdk.CollectionConverters.*

/** Who may log on: the right Username and Password, a known CompID, one session at a time; every attempt logged. */
class FixLogonSuite extends munit.FunSuite with FixFixture {

  test("a client with its CompID and password logs on, and the attempt is logged without the password") {
    withGateway { r =>
      r.loggedOn("A")
      val lines = r.logLines.asScala.toVector
      assert(lines.exists(_.contains("logon of A")), lines)
      assert(lines.exists(_.contains("accepted")), lines)
      assert(!lines.exists(_.contains(passwordOf("A"))), lines)
    }
  }

  test("a wrong password is refused with a Logout saying why, and logged without the password") {
    withGateway { r =>
      val c = r.client("A", password = "guess-1")
      assertEquals(c.nextLogoutText(), "wrong password for this Username (553)")
      assert(!c.loggedOn)
      val lines = r.logLines.asScala.toVector
      assert(lines.exists(l => l.contains("logon of A") && l.contains("refused")), lines)
      assert(!lines.exists(_.contains("guess-1")), lines)
    }
  }

  test("an unknown CompID is refused with a Logout saying so") {
    withGateway { r =>
      val c = r.client("NOBODY", password = "x")
      assert(c.nextLogoutText().contains("unknown SenderCompID NOBODY"))
      assert(!c.loggedOn)
    }
  }

  test("a Username other than the SenderCompID is refused") {
    withGateway { r =>
      val c = r.client("A", username = Some("B"))
      assertEquals(c.nextLogoutText(), "Username (553) must be the SenderCompID")
    }
  }

  test("a second session of a logged-on CompID is refused and the first goes on trading") {
    withGateway { r =>
      val first = r.loggedOn("A")
      val answer = RawFix.exchange(r.port, RawFix.logon("A", passwordOf("A"), seq = 1000))
      // refused: a Logout, or a connection QuickFIX/J drops; never a Logon back
      assert(!answer.contains(s"35=A${RawFix.Soh}"), answer)
      first.send(FixTestClient.limit("a1", '1', "ACME", 10, "100"))
      assertEquals(first.next("8").getChar(150), '0')
      assert(first.loggedOn)
    }
  }

  test("a Logon without a Password is refused with a Logout saying what it must carry") {
    withGateway { r =>
      val body =
        Seq("35=A", "34=1", "49=B", s"52=${RawFix.now()}", "56=MVT", "98=0", "108=30", "553=B").mkString(
          RawFix.Soh.toString
        )
      val answer = RawFix.exchange(r.port, RawFix.frame(body))
      assert(answer.contains("35=5"), answer)
      assert(answer.contains("a Logon must carry Username (553) and Password (554)"), answer)
    }
  }
}
