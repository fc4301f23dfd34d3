package mvt.cli

import mvt.core.files.FileTree
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}
import java.sql.DriverManager

/**
 * `mvt serve users` and `mvt serve tokens` as an operator runs them, the password on standard input; and the
 * options that decide who can reach the portal: loopback by default, another address only with TLS or
 * `--insecure-http`, and a warning naming what becomes reachable.
 */
class ServeUsersSuite extends munit.FunSuite {

  override val munitTimeout = scala.concurrent.duration.Duration(240, "s")

  private def withStore[A](f: (Path, Path) => A): A = {
    val dir = Files.createTempDirectory("mvt-users")
    try {
      val j = Files.createDirectories(dir.resolve("j"))
      val db = dir.resolve("s.db")
      assertEquals(CliRun("serve", "--once", "--journal", j.toString, "--db", db.toString)().status, 0)
      f(dir, db)
    } finally FileTree.delete(dir)
  }

  private def stdin(s: String): Array[Byte] = s.getBytes(UTF_8)

  private def rows(db: Path, sql: String): Vector[Vector[String]] = {
    val c = DriverManager.getConnection("jdbc:sqlite:" + db)
    try {
      val rs = c.createStatement().executeQuery(sql)
      val n = rs.getMetaData.getColumnCount
      Iterator.continually(rs.next()).takeWhile(identity).map(_ =>
        (1 to n).map(i => String.valueOf(rs.getObject(i))).toVector
      ).toVector
    } finally c.close()
  }

  test(
    "users add, list, passwd and remove; the password comes from stdin and is stored only as a salted hash"
  ) {
    withStore { (_, db) =>
      val add = CliRun(
        "serve",
        "users",
        "add",
        "--db",
        db.toString,
        "alice",
        "--role",
        "client",
        "--accounts",
        "1,2"
      )(stdin("correct horse battery\n"))
      assertEquals(add.status, 0, add.err)
      assert(add.out.contains("user alice added"), add.out)
      val staff = CliRun("serve", "users", "add", "--db", db.toString, "sam", "--role", "staff")(
        stdin("another long secret\r\n")
      )
      assertEquals(staff.status, 0, staff.err)

      val list = CliRun("serve", "users", "list", "--db", db.toString)()
      assertEquals(list.status, 0, list.err)
      assertEquals(
        list.out.linesIterator.toVector.drop(1),
        Vector("alice\tclient\t1,2\t0", "sam\tstaff\tall\t0")
      )

      val stored = rows(
        db,
        "SELECT name, algorithm, iterations, length(salt), length(hash), hex(hash) FROM users ORDER BY name"
      )
      assertEquals(
        stored.map(_.take(5)),
        Vector(
          Vector("alice", "PBKDF2WithHmacSHA256", "310000", "16", "32"),
          Vector("sam", "PBKDF2WithHmacSHA256", "310000", "16", "32")
        )
      )
      val everything = rows(db, "SELECT * FROM users").flatten.mkString(" ")
      assert(!everything.contains("correct horse"), "the password is not in the store")

      // refusals: a taken name, a short password, nothing on stdin, a client without accounts, a bad role
      assertEquals(
        CliRun("serve", "users", "add", "--db", db.toString, "alice", "--role", "client", "--accounts", "3")(
          stdin("long enough pass\n")
        ).status,
        2
      )
      val short = CliRun(
        "serve",
        "users",
        "add",
        "--db",
        db.toString,
        "bob",
        "--role",
        "client",
        "--accounts",
        "3"
      )(stdin("short\n"))
      assertEquals(short.status, 2)
      assert(short.err.contains("at least 8"), short.err)
      val none =
        CliRun("serve", "users", "add", "--db", db.toString, "bob", "--role", "client", "--accounts", "3")()
      assertEquals(none.status, 1)
      assert(none.err.contains("standard input"), none.err)
      assertEquals(
        CliRun("serve", "users", "add", "--db", db.toString, "bob", "--role", "client")(
          stdin("long enough pass\n")
        ).status,
        2
      )
      assertEquals(
        CliRun("serve", "users", "add", "--db", db.toString, "bob", "--role", "boss")(
          stdin("long enough pass\n")
        ).status,
        1
      )
      assertEquals(
        CliRun("serve", "users", "add", "--db", db.toString, "bad name", "--role", "staff")(
          stdin("long enough pass\n")
        ).status,
        2
      )
      // the password is never an option
      assertEquals(
        CliRun("serve", "users", "add", "--db", db.toString, "bob", "--role", "staff", "--password", "x")().status,
        1
      )

      val before = rows(db, "SELECT hex(hash) FROM users WHERE name = 'alice'")
      assertEquals(
        CliRun("serve", "users", "passwd", "--db", db.toString, "alice")(stdin("a new long password\n")).status,
        0
      )
      assertNotEquals(rows(db, "SELECT hex(hash) FROM users WHERE name = 'alice'"), before)
      assertEquals(
        CliRun("serve", "users", "passwd", "--db", db.toString, "nobody")(stdin("a new long password\n")).status,
        2
      )

      assertEquals(CliRun("serve", "users", "remove", "--db", db.toString, "alice")().status, 0)
      assertEquals(CliRun("serve", "users", "remove", "--db", db.toString, "alice")().status, 2)
      val events = rows(db, "SELECT event FROM audit").flatten.toSet
      assert(Set("user-added", "password-changed", "user-removed").subsetOf(events), events.toString)
    }
  }

  test("users and tokens need an existing report store, and refuse a file that is not one") {
    val dir = Files.createTempDirectory("mvt-users")
    try {
      val r = CliRun("serve", "users", "list", "--db", dir.resolve("nope.db").toString)()
      assertEquals(r.status, 1)
      assert(r.err.contains("no report store there"), r.err)
      assert(!Files.exists(dir.resolve("nope.db")), "no store is made by a user command")
      val text =
        Files.writeString(dir.resolve("t.db"), "not a database at all, only text long enough for a header\n")
      val t = CliRun("serve", "tokens", "create", "--db", text.toString, "x")()
      assertEquals(t.status, 1, t.err)
      assertEquals(t.err.linesIterator.size, 1, t.err)
    } finally FileTree.delete(dir)
  }

  test("tokens create prints a token once and stores only its hash; revoke ends every token of the user") {
    withStore { (_, db) =>
      assertEquals(
        CliRun("serve", "users", "add", "--db", db.toString, "bot", "--role", "client", "--accounts", "7")(
          stdin("long enough pass\n")
        ).status,
        0
      )
      val t1 = CliRun("serve", "tokens", "create", "--db", db.toString, "bot")()
      val t2 = CliRun("serve", "tokens", "create", "--db", db.toString, "bot")()
      assertEquals(t1.status, 0, t1.err)
      val token = t1.out.trim
      assert(token.matches("[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{43}"), token)
      assertNotEquals(token, t2.out.trim)
      val stored = rows(db, "SELECT * FROM tokens").flatten.mkString(" ")
      assert(!stored.contains(token.drop(17)), "the token's key is not in the store")
      assertEquals(
        CliRun("serve", "users", "list", "--db", db.toString)().out.linesIterator.toVector(1),
        "bot\tclient\t7\t2"
      )
      val revoke = CliRun("serve", "tokens", "revoke", "--db", db.toString, "bot")()
      assertEquals(revoke.status, 0)
      assert(revoke.out.contains("2 token(s)"), revoke.out)
      assertEquals(rows(db, "SELECT count(*) FROM tokens"), Vector(Vector("0")))
      assertEquals(CliRun("serve", "tokens", "create", "--db", db.toString, "nobody")().status, 2)
    }
  }

  test("a non-loopback --host is refused without TLS or --insecure-http, and warned about with them") {
    withStore { (dir, db) =>
      val j = dir.resolve("j").toString
      val refused = CliRun("serve", "--journal", j, "--db", db.toString, "--host", "0.0.0.0", "--port", "0")()
      assertEquals(refused.status, 1)
      assert(refused.err.contains("is not loopback") && refused.err.contains("--insecure-http"), refused.err)
      val half = CliRun("serve", "--journal", j, "--db", db.toString, "--tls-keystore", "k.p12")()
      assertEquals(half.status, 1)
      assert(half.err.contains("--tls-password-file"), half.err)
      // with --insecure-http it starts, after a warning that names what becomes reachable
      val run = ForkedMvt.start(
        dir,
        None,
        "serve",
        "--journal",
        j,
        "--db",
        db.toString,
        "--host",
        "0.0.0.0",
        "--port",
        "0",
        "--insecure-http"
      )
      try {
        val end = System.nanoTime + 120_000_000_000L
        while (!run.stderr.contains("the portal is at") && run.process.isAlive && System.nanoTime < end)
          Thread.sleep(50)
        val err = run.stderr
        assert(err.contains("warning: --host 0.0.0.0 over plain HTTP"), err)
        assert(err.contains("the JSON API") && err.contains("unencrypted"), err)
        assert(err.contains("no user yet"), err)
      } finally {
        run.process.toHandle.destroy()
        run.await(60)
      }
    }
  }
}
