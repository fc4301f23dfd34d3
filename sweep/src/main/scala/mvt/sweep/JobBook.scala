package mvt.sweep

import scala.collection.immutable.{BitSet, Queue}

/**
 * The coordinator's book of one sweep's jobs: those still to hand out (re-issued ones first), the lease of each
 * job out with a worker of type `W` (its holder and when the lease expires, in ms), and the jobs done. A job is done
 * once, by the first outcome that arrives for it; a later one is a duplicate. Immutable: every step returns a new
 * book.
 *
 * Invariants: a job is in at most one of pending and done; a leased job is not pending; a done job may still be
 * leased to a worker that has not yet reported (its report will be a duplicate).
 */
final case class JobBook[W](
    total: Int,
    pending: Queue[Int],
    leases: Map[Int, JobBook.Lease[W]],
    done: BitSet
) {

  def complete: Boolean = done.size == total

  /** How many jobs `worker` holds. */
  def heldBy(worker: W): Int = leases.valuesIterator.count(_.worker == worker)

  /** Leases the next pending job to `worker` until `until`; None when nothing is pending. */
  def lease(worker: W, until: Long): Option[(Int, JobBook[W])] =
    pending.dequeueOption.map { (job, rest) =>
      job -> copy(pending = rest, leases = leases.updated(job, JobBook.Lease(worker, until)))
    }

  /**
   * `worker` reports job `job`: true if this is the job's first outcome (it counts), false for a duplicate or a
   * job out of range (ignored). The reporter's lease ends either way; a lease of the same job to another worker
   * stays until that worker reports, leaves or its lease expires.
   */
  def finish(job: Int, worker: W): (Boolean, JobBook[W]) = {
    val leases2 = leases.get(job) match {
      case Some(l) if l.worker == worker => leases - job
      case _ => leases
    }
    if (job < 0 || job >= total || done.contains(job)) (false, copy(leases = leases2))
    else (true, copy(pending = pending.filter(_ != job), leases = leases2, done = done + job))
  }

  /** Ends every lease `gone` holds (a worker left, or a lease expired): those jobs not done go first in line. */
  def reissue(gone: (Int, JobBook.Lease[W]) => Boolean): (Int, JobBook[W]) = {
    val (ended, kept) = leases.partition(gone.tupled)
    val again = ended.keys.toVector.sorted.filter(j => !done.contains(j) && !pending.contains(j))
    (again.size, copy(pending = Queue.from(again) ++ pending, leases = kept))
  }

  /** Ends the leases of `worker`. */
  def workerGone(worker: W): (Int, JobBook[W]) = reissue((_, l) => l.worker == worker)

  /** Ends the leases that expired by `now`. */
  def expire(now: Long): (Int, JobBook[W]) = reissue((_, l) => l.until <= now)
}

object JobBook {

  /** A job out with `worker` until `until` (ms). */
  final case class Lease[W](worker: W, until: Long)

  /** A book of `total` jobs of which those in `have` are already done: the rest pending, in job order. */
  def apply[W](total: Int, have: BitSet): JobBook[W] = {
    val done = have.filter(j => j >= 0 && j < total)
    JobBook(total, Queue.from((0 until total).filterNot(done.contains)), Map.empty, done)
  }
}
