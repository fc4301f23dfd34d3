package mvt.reporting.auth

import cats.effect.std.Semaphore
import cats.effect.{IO, Ref}
import cats.syntax.all.*

/**
 * Who a request is: sign-in by name and password (a new session), a session cookie's or an API token's user,
 * sign-out. A failed sign-in is answered the same way, as slowly, whether the name exists or not (an unknown
 * name is checked against a dummy hash), and counts against the name and the address; enough failures lock
 * them out for a while, and a locked-out attempt is refused without checking the password at all (still after
 * the same delay). Sign-ins, failures, lock-outs and sign-outs go to the audit log and to `log`. Password
 * hashing runs on blocking threads, at most two at once, so a burst of sign-ins cannot starve the portal.
 */
final class Authenticator private (
    store: AuthStore,
    val policy: AuthPolicy,
    clock: IO[Long],
    log: String => IO[Unit],
    hashing: Semaphore[IO],
    lockOut: Ref[IO, LockOut]
) {

  private def audit(
      event: AuditEvent,
      user: Option[String],
      address: Option[String],
      detail: String
  ): IO[Unit] =
    clock.flatMap { now =>
      val line = s"audit: ${event.word} user=${user.getOrElse("-")} address=${address.getOrElse("-")}" +
        (if (detail.isEmpty) "" else s" $detail")
      store.audit(AuditEntry(now, event.word, user, address, detail)).attempt >> log(line)
    }

  private def verify(hash: PasswordHash, password: String): IO[Boolean] =
    hashing.permit.surround(IO.blocking(hash.matches(password.toCharArray)))

  /**
   * Signs `name` in with `password` from `address`: a new session, or None (always after `failureDelay`, and the
   * same None for an unknown name, a wrong password and a lock-out).
   */
  def signIn(name: String, password: String, address: String): IO[Option[Secret]] = {
    val userKey = "user:" + name
    val addrKey = "address:" + address
    for {
      now <- clock
      state <- lockOut.get
      // the name is logged only when it is a valid one, so that a password typed into the name field is not
      shown = User.checkName(name).toOption
      locked = state.locked(userKey, now) || state.locked(addrKey, now)
      found <- if (locked || shown.isEmpty) IO.pure(None) else store.user(name)
      ok <- found match {
        case Some((_, hash)) if !locked => verify(hash, password)
        case _ => verify(PasswordHash.Dummy, password).as(false)
      }
      result <-
        if (ok) {
          lockOut.update(_.succeed(userKey).succeed(addrKey)) >>
            store.createSession(name, now).flatTap(_ => audit(AuditEvent.SignedIn, shown, Some(address), "")).map(
              Some(_)
            )
        } else {
          val why = if (locked) "locked out" else "wrong name or password"
          lockOut.modify { s =>
            val (s1, userLocked) = if (locked) (s, false) else s.prune(now, policy).fail(userKey, now, policy)
            val (s2, addrLocked) = if (locked) (s1, false) else s1.fail(addrKey, now, policy)
            (s2, (userLocked, addrLocked))
          }.flatMap { (userLocked, addrLocked) =>
            audit(AuditEvent.Failed, shown, Some(address), why) >>
              IO.whenA(userLocked)(
                audit(AuditEvent.LockedOut, shown, Some(address), s"the name, for ${policy.lockFor}")
              ) >>
              IO.whenA(addrLocked)(audit(
                AuditEvent.LockedOut,
                shown,
                Some(address),
                s"the address, for ${policy.lockFor}"
              ))
          } >> IO.sleep(policy.failureDelay).as(None)
        }
    } yield result
  }

  /**
   * The live session a cookie names, if any, from the sessions held in memory; an expired one is ended. `touch`
   * counts this as a use.
   */
  def session(cookie: String, touch: Boolean = true): IO[Option[SessionRow]] =
    Secret.parse(cookie) match {
      case None => IO.pure(None)
      case Some(secret) =>
        store.session(secret).flatMap {
          case None => IO.pure(None)
          case Some(row) =>
            clock.flatMap { now =>
              if (expired(row, now)) endUnlessUsedElsewhere(secret, row, now)
              // a use is written at most once a minute: idle expiry is exact to a minute, and a click rarely writes
              else if (touch && now - row.seen >= 60000) store.touchSession(row.id, now).attempt.as(Some(row))
              else IO.pure(Some(row))
            }
        }
    }

  // a session idle here may have been used through another process on the same file, which records its uses in
  // the file only: the file decides before the session is ended (a rare read, once per session that expires)
  private def endUnlessUsedElsewhere(secret: Secret, row: SessionRow, now: Long): IO[Option[SessionRow]] =
    store.sessionInFile(secret).attempt.flatMap {
      case Right(Some(r)) if !expired(r, now) => store.touchSession(r.id, r.seen).attempt.as(Some(r))
      case _ => store.endSession(row.id).attempt.as(None)
    }

  private def expired(row: SessionRow, now: Long): Boolean =
    now - row.created >= policy.absolute.toMillis || now - row.seen >= policy.idle.toMillis

  /**
   * Which of these session cookies and API tokens are live ones, each with its user, from the sessions and tokens
   * held in memory (a sweep over many open streams reads no file). A session is judged as
   * `session(_, touch = false)` judges it, and an expired one is ended.
   */
  def stillHeld(cookies: Set[String], tokens: Set[String]): IO[(Map[String, User], Map[String, User])] = {
    val sessions = cookies.toVector.flatMap(Secret.parse)
    val bearers = tokens.toVector.flatMap(Secret.parse)
    if (sessions.isEmpty && bearers.isEmpty) IO.pure((Map.empty, Map.empty))
    else
      for {
        found <- store.held(sessions, bearers)
        now <- clock
        (rows, users) = found
        (gone, live) = rows.partition((_, row) => expired(row, now))
        kept <-
          gone.toVector.traverseFilter((s, row) => endUnlessUsedElsewhere(s, row, now).map(_.map(s -> _)))
      } yield ((live ++ kept).map((s, row) => s.text -> row.user), users.map((s, u) => s.text -> u))
  }

  /** The user an API token belongs to, if it is a live one. */
  def token(text: String): IO[Option[User]] =
    Secret.parse(text).fold(IO.pure(None))(store.tokenUser)

  /** Ends the session a cookie names, if it is a live one. */
  def signOut(cookie: String, address: String): IO[Unit] =
    session(cookie, touch = false).flatMap {
      case None => IO.unit
      case Some(row) =>
        store.endSession(row.id) >> audit(AuditEvent.SignedOut, Some(row.user.name), Some(address), "")
    }
}

object Authenticator {

  /** An authenticator over `store`; `clock` gives epoch milliseconds (a test may drive it). */
  def apply(
      store: AuthStore,
      policy: AuthPolicy,
      log: String => IO[Unit],
      clock: IO[Long] = IO.realTime.map(_.toMillis)
  ): IO[Authenticator] =
    for {
      s <- Semaphore[IO](2)
      r <- Ref.of[IO, LockOut](LockOut.empty)
    } yield new Authenticator(store, policy, clock, log, s, r)
}
