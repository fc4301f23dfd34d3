package mvt.reporting.live

import cats.effect.{IO, Resource}
import mvt.reporting.{LiveFigure, PnlFold}

import java.util.concurrent.{ConcurrentHashMap, CopyOnWriteArrayList}
import java.util.concurrent.atomic.{AtomicBoolean, AtomicReference}
import scala.util.control.NonFatal

/** An account's figures as of the last line folded that changed them (`at`, epoch nanoseconds). */
final case class LiveSnapshot(account: Int, at: Long, version: Long, symbols: Vector[LiveFigure])

/**
 * The live figures of the accounts someone is watching, kept up to date by ingest (`FoldWatcher`): after each
 * poll, each watched account whose fills or marks moved gets a new snapshot, computed from the fold on ingest's
 * thread, and each watcher of that account waiting for a newer one is woken with it (`Watching.next`): nothing
 * polls. A watcher is a one-slot mailbox: it holds the newest snapshot only, so one that falls behind skips
 * straight to the newest state, never to a queue of stale ones. Snapshots are immutable.
 *
 * Thread contract: `folded` runs on ingest's thread only; `watch`, `latest` and a watcher's `next` and `wake` on
 * any (one fiber at a time calls a watcher's `next`). A watch's `stamp` is read and written by ingest's thread
 * alone. Why a waiter is never missed: a waiter puts itself in its slot, then reads `snapshot` (and the wake
 * flag); ingest writes `snapshot` (a waker its flag), then reads the slot. Both are volatile accesses, so at
 * least one side sees the other; a waiter is answered once, by whichever side takes it out of the slot.
 */
final class LiveFigures extends FoldWatcher {

  // one fiber waiting for a snapshot newer than `after`, or for a wake-up
  private final class Waiter(val after: Long, val answer: Either[Throwable, Option[LiveSnapshot]] => Unit)

  // one watcher: its slot holds its waiting fiber, if any
  private final class Watcher(watch: Watch) extends LiveFigures.Watching {
    val slot = new AtomicReference[Waiter](null)
    val woken = new AtomicBoolean(false)

    def latest: Option[LiveSnapshot] = Option(watch.snapshot)

    def next(after: Long): IO[Option[LiveSnapshot]] = IO.defer {
      val s = watch.snapshot
      if (s != null && s.version > after) IO.pure(Some(s))
      else if (woken.getAndSet(false)) IO.pure(None)
      else
        IO.async[Option[LiveSnapshot]] { answer =>
          IO {
            val w = new Waiter(after, answer)
            slot.set(w)
            val now = watch.snapshot
            if (now != null && now.version > after) {
              if (slot.compareAndSet(w, null)) answer(Right(Some(now)))
            } else if (woken.get && slot.compareAndSet(w, null)) { woken.set(false); answer(Right(None)) }
            Some(IO { val _ = slot.compareAndSet(w, null) })
          }
        }
    }

    def wake(): Unit = {
      woken.set(true)
      val w = slot.get
      if (w != null && slot.compareAndSet(w, null)) { woken.set(false); w.answer(Right(None)) }
    }

    // ingest's thread: a waiter for an older version is answered with `s`
    def offer(s: LiveSnapshot): Unit = {
      val w = slot.get
      if (w != null && w.after < s.version && slot.compareAndSet(w, null)) w.answer(Right(Some(s)))
    }
  }

  // one watched account: its latest snapshot and its watchers
  private final class Watch {
    val watchers = new CopyOnWriteArrayList[Watcher] // changed under the map's lock on this key (compute)
    var stamp: Array[Long] = null // ingest's thread only; null until first computed
    @volatile var snapshot: LiveSnapshot = null

    // ingest's thread: the new snapshot out, then every watcher waiting for a newer one woken with it
    def publish(s: LiveSnapshot): Unit = {
      snapshot = s
      val it = watchers.iterator
      while (it.hasNext) it.next().offer(s)
    }
  }

  private val watched = new ConcurrentHashMap[Int, Watch]

  /** Keeps `account`'s live figures computed while the resource is held; through it, wait for them to move. */
  def watch(account: Int): Resource[IO, LiveFigures.Watching] =
    Resource.make(IO {
      var added: Watcher = null
      watched.compute(
        account,
        (_, w) => {
          val x = if (w == null) new Watch else w
          added = new Watcher(x)
          x.watchers.add(added)
          x
        }
      )
      added
    })(mine =>
      IO {
        watched.compute(
          account,
          (_, w) =>
            if (w == null) null
            else { w.watchers.remove(mine); if (w.watchers.isEmpty) null else w }
        )
        ()
      }
    )

  /** The latest snapshot of a watched account, if ingest has computed one. */
  def latest(account: Int): Option[LiveSnapshot] =
    Option(watched.get(account)).flatMap(w => Option(w.snapshot))

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

  /**
   * One watcher of an account's live figures: the latest snapshot, and a wait for the next. Any thread; one fiber
   * at a time waits.
   */
  trait Watching {

    /** The latest snapshot, if ingest has computed one. */
    def latest: Option[LiveSnapshot]

    /**
     * The latest snapshot once its version is above `after`: at once if it is already, else when ingest publishes
     * one (never a queue of them: a reader that falls behind gets the newest); or `None` once `wake` is called,
     * whichever comes first (a wake with no wait pending answers the next wait). Cancelable.
     */
    def next(after: Long): IO[Option[LiveSnapshot]]

    /**
     * Answers the pending or the next `next` with `None`, so that its fiber looks at why it was woken (a session
     * that ended, a keep-alive due) without a race against the snapshots. Any thread.
     */
    def wake(): Unit
  }
}
