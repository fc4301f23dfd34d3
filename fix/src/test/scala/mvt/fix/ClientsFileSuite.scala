package mvt.fix

import mvt.core.PasswordHash

import java.nio.file.Files

/** The clients file: hashes, never passwords; a clear message on a bad line; add refuses a listed CompID. */
class ClientsFileSuite extends munit.FunSuite with FixFixture {

  test("clients added to a file read back, and the file never holds a password") {
    withDir { dir =>
      val f = dir.resolve("clients.csv")
      assertEquals(
        ClientsFile.add(
          f,
          Client("FIRM1", mvt.core.Account(7), PasswordHash.create("pw-one".toCharArray, 1000))
        ),
        Right(())
      )
      assertEquals(
        ClientsFile.add(
          f,
          Client("FIRM2", mvt.core.Account(8), PasswordHash.create("pw-two".toCharArray, 1000))
        ),
        Right(())
      )
      val back = ClientsFile.read(f).fold(fail(_), identity)
      assertEquals(back.map(c => (c.compId, c.account.value)), Vector(("FIRM1", 7), ("FIRM2", 8)))
      assert(back(1).password.matches("pw-two".toCharArray))
      val text = Files.readString(f)
      assert(!text.contains("pw-one") && !text.contains("pw-two"), text)
      assert(ClientsFile.add(f, back(0)).left.exists(_.contains("FIRM1 is already listed")))
    }
  }

  test("a bad line is named with its line and field") {
    withDir { dir =>
      val f = dir.resolve("clients.csv")
      val good = Client("OK", mvt.core.Account(1), PasswordHash.create("x".toCharArray, 1000)).render
      Files.writeString(f, s"${ClientsFile.Header}\n$good\nBAD,0,${good.split(",", 3)(2)}\n")
      assertEquals(
        ClientsFile.read(f),
        Left(s"$f: line 3: field 2 (account): expected an account from 1 to 2147483647, found \"0\"")
      )
      Files.writeString(f, s"$good\n$good\n")
      assertEquals(ClientsFile.read(f), Left(s"$f: line 2: field 1 (compid): \"OK\" is listed twice"))
      Files.writeString(f, "a b,1,x\n")
      assert(ClientsFile.read(f).left.exists(_.contains("line 1: expected 6 fields")))
    }
  }
}
