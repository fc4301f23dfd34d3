package mvt.reporting.auth

import org.scalacheck.Prop.forAll
import org.scalacheck.Gen

import scala.concurrent.duration.*

/** The pure parts of sign-in: password hashes, secrets and their shape, the lock-out's counting. */
class AuthPiecesSuite extends munit.ScalaCheckSuite {

  test("a new password hash is made under the sign-in rules, and the dummy matches no password") {
    val a = PasswordHash.create("correct horse".toCharArray, 1000)
    assert(a.matches("correct horse".toCharArray))
    assertEquals((a.salt.length, a.hash.length), (PasswordHash.SaltBytes, PasswordHash.HashBytes))
    assertEquals(PasswordHash.Dummy.iterations, PasswordHash.Iterations)
    assert(!PasswordHash.Dummy.matches("correct horse".toCharArray))
  }

  property("a secret reads back from its text, and its key matches only its own hash") {
    forAll(Gen.const(())) { _ =>
      val (s, h) = Secret.create()
      val (other, _) = Secret.create()
      Secret.parse(s.text).contains(s) && h.matches(s.key) && !h.matches(other.key) && s.id == h.id
    }
  }

  test("text that is not a secret's shape is refused before any lookup") {
    val s = Secret.create()._1.text
    for (
      t <- Vector(
        "",
        ".",
        s + "=",
        s.replace('.', '-'),
        s.dropRight(1),
        "a" + s,
        s.updated(3, '+'),
        s.updated(30, '/')
      )
    )
      assertEquals(Secret.parse(t), None, t)
  }

  test("failures lock a key out at the limit within the window, for its time; a success clears them") {
    val p = AuthPolicy(maxFailures = 3, window = 10.minutes, lockFor = 5.minutes)
    val m = 60000L
    val (l1, x1) = LockOut.empty.fail("u", 0, p)
    val (l2, x2) = l1.fail("u", 1 * m, p)
    assert(!x1 && !x2 && !l2.locked("u", 2 * m))
    // a failure outside the window no longer counts
    val (l3, x3) = l2.fail("u", 11 * m, p)
    assert(!x3 && !l3.locked("u", 11 * m))
    val (l4, x4) = l3.fail("u", 12 * m, p)
    val (l5, x5) = l4.fail("u", 13 * m, p)
    assert(!x4 && x5 && l5.locked("u", 13 * m) && l5.locked("u", 17 * m) && !l5.locked("u", 18 * m))
    assert(!l5.locked("v", 13 * m), "another key is not locked")
    val (l6, _) = LockOut.empty.fail("w", 0, p)
    assertEquals(l6.succeed("w").failures.get("w"), None)
    assertEquals(l5.prune(20 * m, p), LockOut.empty)
  }
}
