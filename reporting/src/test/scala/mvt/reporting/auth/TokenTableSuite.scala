package mvt.reporting.auth

import cats.effect.IO
import cats.effect.unsafe.implicits.global
import mvt.reporting.StoreFixtures
import mvt.reporting.store.ReportStore

import java.nio.file.Path
import scala.concurrent.duration.*

/**
 * The tokens held in memory answer as the store does: a token revoked or a user removed by this store is refused
 * at once, by another connection to the file (as another process would write it) within the refresh's bound; an
 * unknown or forged token never passes.
 */
class TokenTableSuite extends munit.FunSuite with StoreFixtures {

  // far above the refresh's second, for a busy machine; the test waits for a condition, never a time
  private val Bound = 60.seconds

  private def eventually(what: String)(cond: IO[Boolean]): Unit = {
    val deadline = System.nanoTime() + Bound.toNanos
    while (!run(cond)) {
      if (System.nanoTime() > deadline) fail(s"$what: not within $Bound")
      Thread.sleep(50)
    }
  }

  // another writer of the file: plain JDBC, nothing of this process's store in the loop
  private def elsewhere(db: Path)(statement: String): Unit = {
    val c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath)
    try {
      c.createStatement().execute("PRAGMA foreign_keys=ON")
      c.createStatement().execute("PRAGMA busy_timeout=10000")
      c.createStatement().execute(statement)
    } finally c.close()
  }

  private def withUsers[A](f: (Path, AuthStore) => A): A =
    withTempDir { dir =>
      val db = dir.resolve("report.db")
      val (store, release) = run(ReportStore.open(db, None).flatMap(_ => AuthStore.open(db)).allocated)
      try {
        val h = PasswordHash.create("a-long-password".toCharArray, 1000)
        run(store.addUser(User("ann", Role.Client, Set(7)), h, 0L))
        run(store.addUser(User("ben", Role.Staff, Set.empty), h, 0L))
        f(db, store)
      } finally run(release)
    }

  private def token(s: AuthStore, name: String): Secret = run(s.createToken(name, 0L)).get

  test("a token is its user's at once; an unknown token, or a known ID with a forged key, is refused") {
    withUsers { (_, store) =>
      val t = token(store, "ann")
      assertEquals(run(store.tokenUser(t)), Some(User("ann", Role.Client, Set(7))))
      assertEquals(run(store.tokenUser(Secret.create()._1)), None)
      assertEquals(run(store.tokenUser(t.copy(key = Secret.create()._1.key))), None)
    }
  }

  test("a token revoked, or a user removed, by this store is refused at once") {
    withUsers { (_, store) =>
      val a1 = token(store, "ann")
      val a2 = token(store, "ann")
      val b = token(store, "ben")
      assertEquals(run(store.revokeTokens("ann")), Some(2))
      assertEquals(run(store.tokenUser(a1)), None)
      assertEquals(run(store.tokenUser(a2)), None)
      assertEquals(run(store.tokenUser(b)).map(_.name), Some("ben"))
      assert(run(store.removeUser("ben")))
      assertEquals(run(store.tokenUser(b)), None)
    }
  }

  test(
    "a token revoked, a user removed or a token added by another writer of the file holds within the bound"
  ) {
    withUsers { (db, store) =>
      val a = token(store, "ann")
      val b = token(store, "ben")
      assert(run(store.tokenUser(a)).isDefined && run(store.tokenUser(b)).isDefined)
      elsewhere(db)("DELETE FROM tokens WHERE user = 'ann'")
      eventually("ann's revoked token refused")(store.tokenUser(a).map(_.isEmpty))
      assertEquals(run(store.tokenUser(b)).map(_.name), Some("ben"))
      elsewhere(db)("DELETE FROM users WHERE name = 'ben'")
      eventually("removed ben's token refused")(store.tokenUser(b).map(_.isEmpty))

      // a token written by another store on the same file (as `mvt serve tokens create` writes it) is taken up
      val other = run(AuthStore.open(db).use(o => o.createToken("ann", 0L))).get
      eventually("a token made elsewhere accepted")(store.tokenUser(other).map(_.exists(_.name == "ann")))
      // and a change of the user's accounts too
      elsewhere(db)("UPDATE users SET accounts = '7,8' WHERE name = 'ann'")
      eventually("ann's new accounts seen")(store.tokenUser(other).map(_.exists(_.accounts == Set(7, 8))))
    }
  }
}
