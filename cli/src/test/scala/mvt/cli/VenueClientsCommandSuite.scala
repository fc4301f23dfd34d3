package mvt.cli

import cats.effect.unsafe.implicits.global
import com.monovore.decline.Command
import mvt.fix.ClientsFile

import java.io.{ByteArrayInputStream, ByteArrayOutputStream, PrintStream}
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Files

/** `mvt venue add-client`, run through its decline options as `mvt venue` will register it. */
class VenueClientsCommandSuite extends munit.FunSuite {

  def run(args: String*)(stdin: String): (Int, String) = {
    val err = new ByteArrayOutputStream
    val t = Terminal(
      new ByteArrayInputStream(stdin.getBytes(UTF_8)),
      new PrintStream(new ByteArrayOutputStream),
      new PrintStream(err, true, UTF_8)
    )
    Command("venue", "")(VenueClientsCommand.opts(t)).parse(args) match {
      case Left(help) => (1, help.toString)
      case Right(io) => (io.unsafeRunSync().code, err.toString(UTF_8))
    }
  }

  test("add-client stores a salted hash of the password read from stdin, never the password") {
    val dir = Files.createTempDirectory("mvt-clients")
    val f = dir.resolve("clients.csv")
    try {
      val (status, err) =
        run("add-client", "--clients", f.toString, "FIRM1", "--account", "12")("correct horse\n")
      assertEquals(status, 0, err)
      val clients = ClientsFile.read(f).fold(fail(_), identity)
      assertEquals(clients.map(c => (c.compId, c.account.value)), Vector(("FIRM1", 12)))
      assert(clients.head.password.matches("correct horse".toCharArray))
      assert(!Files.readString(f).contains("correct horse"))
      val (again, why) = run("add-client", "--clients", f.toString, "FIRM1", "--account", "12")("x\n")
      assertEquals(again, 2)
      assert(why.contains("FIRM1 is already listed"), why)
    } finally { Files.deleteIfExists(f); Files.deleteIfExists(dir) }
  }

  test("a bad account, a bad CompID or no password is a usage error with status 1 and no file") {
    val dir = Files.createTempDirectory("mvt-clients")
    val f = dir.resolve("clients.csv")
    try {
      val (s1, e1) = run("add-client", "--clients", f.toString, "FIRM1", "--account", "0")("pw\n")
      assertEquals(s1, 1)
      assert(e1.contains("--account: expected an account from 1 to 2147483647, found \"0\""), e1)
      val (s2, e2) = run("add-client", "--clients", f.toString, "FIRM 1", "--account", "3")("pw\n")
      assertEquals(s2, 1)
      assert(e2.contains("COMPID: expected"), e2)
      val (s3, e3) = run("add-client", "--clients", f.toString, "FIRM1", "--account", "3")("")
      assertEquals(s3, 1)
      assert(e3.contains("password as one non-empty line"), e3)
      assert(!Files.exists(f))
    } finally { Files.deleteIfExists(f); Files.deleteIfExists(dir) }
  }
}
