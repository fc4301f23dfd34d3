package mvt.reporting.auth

import cats.effect.IO
import cats.effect.unsafe.implicits.global
import mvt.reporting.StoreFixtures
import mvt.reporting.store.ReportStore

import java.nio.file.Path
import scala.concurrent.duration.*

/**
 * The tokens and sessions held in memory answer as the store does: a token revoked, a session ended or a user
 * removed by this store is refused at once, by another connection to the file (as another process would write it)
 * within the refresh's bound; an unknown or forged token or session never passes; a session's idle expiry counts
 * the uses another process recorded in the file.
 */
class SecretTableSuite extends munit.FunSuite with StoreFixtures {

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

  private def authenticator(store: AuthStore, clock: cats.effect.Ref[IO, Long]): Authenticator =
    run(Authenticator(store, AuthPolicy(idle = 30.minutes, absolute = 12.hours), _ => IO.unit, clock.get))

  test("a session is held at once when begun, and refused at once when ended, forged or unknown") {
    withUsers { (_, store) =>
      val s = run(store.createSession("ann", 0L))
      assertEquals(run(store.session(s)).map(r => (r.user.name, r.created, r.seen)), Some(("ann", 0L, 0L)))
      assertEquals(run(store.session(s.copy(key = Secret.create()._1.key))), None)
      assertEquals(run(store.session(Secret.create()._1)), None)
      // a token is not a session, nor a session a token
      val t = token(store, "ann")
      assertEquals(run(store.session(t)), None)
      assertEquals(run(store.tokenUser(s)), None)
      run(store.endSession(s.id))
      assertEquals(run(store.session(s)), None)
      val (sessions, _) = run(store.held(Vector(s), Vector.empty))
      assert(sessions.isEmpty)
    }
  }

  test("a password changed or a user removed by this store ends their sessions at once") {
    withUsers { (_, store) =>
      val a = run(store.createSession("ann", 0L))
      val b = run(store.createSession("ben", 0L))
      assert(run(store.setPassword("ann", PasswordHash.create("another-password".toCharArray, 1000))))
      assertEquals(run(store.session(a)), None)
      assert(run(store.session(b)).isDefined)
      assert(run(store.removeUser("ben")))
      assertEquals(run(store.session(b)), None)
    }
  }

  test("a session ended, or its user removed, by another writer of the file is refused within the bound") {
    withUsers { (db, store) =>
      val a = run(store.createSession("ann", 0L))
      val b = run(store.createSession("ben", 0L))
      elsewhere(db)(s"DELETE FROM sessions WHERE id = '${a.id}'")
      eventually("ann's session ended elsewhere refused")(store.session(a).map(_.isEmpty))
      assert(run(store.session(b)).isDefined)
      elsewhere(db)("DELETE FROM users WHERE name = 'ben'")
      eventually("removed ben's session refused")(store.session(b).map(_.isEmpty))
      // a session begun by another store on the same file is taken up
      val other = run(AuthStore.open(db).use(o => o.createSession("ann", 0L)))
      eventually("a session begun elsewhere accepted")(
        store.session(other).map(_.exists(_.user.name == "ann"))
      )
    }
  }

  test("idle and absolute expiry hold at once; a use recorded by this process or by another one keeps it") {
    withUsers { (db, store) =>
      val clock = run(cats.effect.Ref.of[IO, Long](0L))
      val auth = authenticator(store, clock)
      val s = run(store.createSession("ann", 0L))
      val idle = run(store.createSession("ann", 0L))
      val elsewhereUsed = run(store.createSession("ann", 0L))
      // used at 20 minutes (recorded, a minute or more after the last), so still live at 45
      run(clock.set(20.minutes.toMillis))
      assert(run(auth.session(s.text)).isDefined)
      // another process records a use of its own, in the file only
      elsewhere(db)(s"UPDATE sessions SET seen = ${20.minutes.toMillis} WHERE id = '${elsewhereUsed.id}'")
      run(clock.set(45.minutes.toMillis))
      assert(run(auth.session(s.text, touch = false)).isDefined, "used 25 minutes ago")
      assert(run(auth.session(elsewhereUsed.text, touch = false)).isDefined, "used elsewhere 25 minutes ago")
      assertEquals(run(auth.session(idle.text)), None, "idle for 45 minutes")
      // ended, not just refused: gone from memory and from the file
      assertEquals(run(store.session(idle)), None)
      assertEquals(run(store.sessionInFile(idle)), None)
      // the absolute limit ends even a session in use
      run(clock.set(12.hours.toMillis - 1.minute.toMillis))
      run(store.touchSession(s.id, 12.hours.toMillis - 2.minutes.toMillis))
      assert(run(auth.session(s.text)).isDefined)
      run(clock.set(12.hours.toMillis))
      assertEquals(run(auth.session(s.text)), None, "twelve hours after sign-in")
    }
  }
}
