package mvt.core

/** The one password hash: matches its own password only, salted afresh each time, and only under its algorithm. */
class PasswordHashSuite extends munit.FunSuite {

  test("a password hash matches its password only, and two hashes of one password differ by their salt") {
    val a = PasswordHash.create("correct horse".toCharArray, 1000)
    val b = PasswordHash.create("correct horse".toCharArray, 1000)
    assert(a.matches("correct horse".toCharArray))
    assert(!a.matches("correct horsE".toCharArray))
    assert(!a.matches("correct horse ".toCharArray))
    assert(!a.matches("".toCharArray))
    assert(!java.util.Arrays.equals(a.salt, b.salt) && !java.util.Arrays.equals(a.hash, b.hash))
    assertEquals((a.salt.length, a.hash.length), (PasswordHash.SaltBytes, PasswordHash.HashBytes))
  }

  test("an algorithm it does not know matches nothing, and a hash read back matches as the one made") {
    val a = PasswordHash.create("s3cret".toCharArray, 1000)
    assert(!a.copy(algorithm = "MD5").matches("s3cret".toCharArray))
    val read = PasswordHash(a.algorithm, a.iterations, a.salt.clone, a.hash.clone)
    assert(read.matches("s3cret".toCharArray))
    assert(!read.copy(iterations = 1001).matches("s3cret".toCharArray))
  }
}
