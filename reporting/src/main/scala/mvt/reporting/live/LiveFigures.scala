package mvt.reporting.live

import cats.effect.{IO, Resource}
import mvt.reporting.{LiveFigure, PnlFold}

import java.util.concurrent.ConcurrentHashMap
import scala.util.control.NonFatal

/** An account's figures as of the last line folded that changed them (`at`, epoch nanoseconds). */
final case class LiveSnapshot(account: Int, at: Long, version: Long, symbols: Vector[LiveFigure])

/**
 * The live figures of the accounts someone is watching, kept up to date by ingest (`FoldWatcher`): after each
 * poll, each watched account whose fills or marks moved gets a new snapshot, computed from the fold on ingest's
 * thread. Readers on any thread take the latest snapshot (`latest`), which is immutable.
 *
 * Thread contract: `folded` runs on ingest's thread only; `watch` and `latest` on any. A watch's `stamp` is
 * read and written by ingest's thread alone; `snapshot` is volatile, so a reader sees a whole snapshot once
 * ingest has published it.
 */
final class LiveFigures extends FoldWatcher {

  private final class Watch {
    var watchers = 0 // guarded by the map's lock on this key (compute)
    var stamp: Array[Long] = null // ingest's thread only; null until first computed
    @volatile var snapshot: LiveSnapshot = null
  }

  private val watched = new ConcurrentHashMap[Int, Watch]

  /** Keeps `account`'s live figures computed while the resource is held. */
  def watch(account: Int): Resource[IO, Unit] =
    Resource.make(IO {
      watched.compute(account, (_, w) => { val x = if (w == null) new Watch else w; x.watchers += 1; x })
      ()
    })(_ =>
      IO {
        watched.compute(account, (_, w) => if (w == null || w.watchers <= 1) null else { w.watchers -= 1; w })
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
          w.snapshot =
            LiveSnapshot(
              e.getKey,
              fold.now,
              if (before == null) 1L else before.version + 1,
              fold.liveOf(e.getKey)
            )
        }
      }
    } catch {
      // live figures are a view: a failure here must never stop ingest; the next poll tries again
      case NonFatal(_) => ()
    }
}
