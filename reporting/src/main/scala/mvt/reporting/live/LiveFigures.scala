package mvt.reporting.live

import cats.effect.{IO, Resource}
import mvt.reporting.{LiveFigure, PnlFold}

import java.util.concurrent.{ConcurrentHashMap, ConcurrentLinkedQueue}
import java.util.concurrent.atomic.AtomicBoolean
import scala.util.control.NonFatal

/** An account's figures as of the last line folded that changed them (`at`, epoch nanoseconds). */
final case class LiveSnapshot(account: Int, at: Long, version: Long, symbols: Vector[LiveFigure])

/**
 * The live figures of the accounts someone is watching, kept up to date by ingest (`FoldWatcher`): after each
 * poll, each watched account whose fills or marks moved gets a new snapshot, computed from the fold on ingest's
 * thread, and whoever waits for that account's next snapshot is woken with it (`Watching.next`): nothing polls.
 * Readers on any thread take the latest snapshot (`latest`), which is immutable.
 *
 * Thread contract: `folded` runs on ingest's thread only; `watch`, `latest` and a watch's `next` on any. A
 * watch's `stamp` is read and written by ingest's thread alone. Why a waiter is never missed: a waiter adds
 * itself to the queue, then reads `snapshot`; ingest writes `snapshot`, then walks the queue. Both are volatile
 * accesses (the queue's are), so at least one of the two sees the other: the waiter sees the new snapshot or
 * ingest sees the waiter. A waiter is answered once, by whichever side wins its `compareAndSet`.
 */
final class LiveFigures extends FoldWatcher {

  // one fiber waiting for a snapshot newer than `after`; true once answered or given up
  private final class Waiter(val after: Long, val wake: Either[Throwable, LiveSnapshot] => Unit)
      extends AtomicBoolean(false)

  private final class Watch extends LiveFigures.Watching {
    var watchers = 0 // guarded by the map's lock on this key (compute)
    var stamp: Array[Long] = null // ingest's thread only; null until first computed
    @volatile var snapshot: LiveSnapshot = null
    val waiters = new ConcurrentLinkedQueue[Waiter]

    def latest: Option[LiveSnapshot] = Option(snapshot)

    def next(after: Long): IO[LiveSnapshot] = IO.defer {
      val s = snapshot
      if (s != null && s.version > after) IO.pure(s)
      else
        IO.async[LiveSnapshot] { wake =>
          IO {
            val w = new Waiter(after, wake)
            waiters.add(w)
            val now = snapshot
            if (now != null && now.version > after && w.compareAndSet(false, true)) {
              waiters.remove(w)
              wake(Right(now))
            }
            Some(IO { if (w.compareAndSet(false, true)) { val _ = waiters.remove(w) } })
          }
        }
    }

    // ingest's thread: the new snapshot out, then everyone who waited for one newer than theirs woken with it
    def publish(s: LiveSnapshot): Unit = {
      snapshot = s
      val it = waiters.iterator
      while (it.hasNext) {
        val w = it.next()
        if (w.after < s.version) {
          it.remove()
          if (w.compareAndSet(false, true)) w.wake(Right(s))
        }
      }
    }
  }

  private val watched = new ConcurrentHashMap[Int, Watch]

  /** Keeps `account`'s live figures computed while the resource is held; through it, wait for them to move. */
  def watch(account: Int): Resource[IO, LiveFigures.Watching] =
    Resource.make(IO {
      watched.compute(account, (_, w) => { val x = if (w == null) new Watch else w; x.watchers += 1; x })
    })(_ =>
      IO {
        watched.compute(account, (_, w) => if (w == null || w.watchers <= 1) null else { w.watchers -= 1; w })
        ()
      }
    )

  /** The latest snapshot of a watched account, if ingest has computed one. */
  def latest(account: Int): Option[LiveSnapshot] =
    Option(watched.get(account)).flatMap(_.latest)

  /** How many accounts are watched now. */
  def watchedAccounts: Int = watched.size

  def folded(fold: PnlFold): Unit =
    try {
      val it = watched.entrySet.iterator
      while (it.hasNext) {
        val e = it.next()
        val w = e.getValue
        val stamp = fold.liveStamp(e.getKey)
        if (w.stamp == null || !java.util.Arrays.equals(stamp, w.stamp)) {
          w.stamp = stamp
          val before = w.snapshot
          w.publish(
            LiveSnapshot(
              e.getKey,
              fold.now,
              if (before == null) 1L else before.version + 1,
              fold.liveOf(e.getKey)
            )
          )
        }
      }
    } catch {
      // live figures are a view: a failure here must never stop ingest; the next poll tries again
      case NonFatal(_) => ()
    }
}

object LiveFigures {

  /** One account's live figures while watched: the latest snapshot, and a wait for the next. Any thread. */
  trait Watching {

    /** The latest snapshot, if ingest has computed one. */
    def latest: Option[LiveSnapshot]

    /**
     * The latest snapshot once its version is above `after`: at once if it is already, else when ingest
     * publishes one (never a queue of them: a reader that falls behind gets the newest). Cancelable.
     */
    def next(after: Long): IO[LiveSnapshot]
  }
}
