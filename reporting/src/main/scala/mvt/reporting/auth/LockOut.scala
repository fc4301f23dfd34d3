package mvt.reporting.auth

/**
 * Failed sign-ins by key (a user name, or an address), each key's failures inside the window, and the keys
 * locked out until a time. Immutable; times are epoch milliseconds.
 */
final case class LockOut(failures: Map[String, Vector[Long]], lockedUntil: Map[String, Long]) {

  def locked(key: String, now: Long): Boolean = lockedUntil.get(key).exists(_ > now)

  /** A failure of `key` at `now`: the state after it, and whether it locked the key out. */
  def fail(key: String, now: Long, policy: AuthPolicy): (LockOut, Boolean) = {
    val since = now - policy.window.toMillis
    val fs = failures.getOrElse(key, Vector.empty).filter(_ > since) :+ now
    if (fs.size >= policy.maxFailures)
      (LockOut(failures - key, lockedUntil.updated(key, now + policy.lockFor.toMillis)), true)
    else (copy(failures = failures.updated(key, fs)), false)
  }

  /** A successful sign-in clears the key's failures. */
  def succeed(key: String): LockOut = copy(failures = failures - key)

  /** Forgets what no longer counts at `now`, so the maps do not grow without bound. */
  def prune(now: Long, policy: AuthPolicy): LockOut = {
    val since = now - policy.window.toMillis
    LockOut(
      failures.view.mapValues(_.filter(_ > since)).filter(_._2.nonEmpty).toMap,
      lockedUntil.filter(_._2 > now)
    )
  }
}

object LockOut {
  val empty: LockOut = LockOut(Map.empty, Map.empty)
}
