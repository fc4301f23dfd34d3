package mvt.cluster.nemesis

import mvt.cluster.fork.ForkedNode

import scala.collection.mutable

/**
 * Applies a [[Schedule]] to the traders of a forked cluster as the day goes: `kill -9`, `SIGSTOP` then `SIGCONT`,
 * and restarts (a new JVM, a new incarnation, through `restart`, given the trader's index and how many times it
 * was restarted before). A kill is injected only when `allUp` (every trader's current JVM is a member), so at most
 * one trader is down at a time even where a restarted JVM is still joining; a kill not injected skips its restart
 * too. Driven by [[step]] from the run's loop; not thread-safe.
 */
final class Nemesis(
    schedule: Schedule,
    restart: (Int, Int) => ForkedNode,
    allUp: () => Boolean = () => true
) {

  private var due = schedule.faults
  private val paused = mutable.LongMap.empty[(ForkedNode, Long)]
  private val restarts = mutable.HashMap.empty[Int, Int]
  private val started = Vector.newBuilder[ForkedNode]
  private val done = Vector.newBuilder[Injected]

  /** The faults injected so far, as they read, with the JVM they hit (`(name)`) and when. */
  def injected: Vector[String] = done.result().map(_.render)

  /** The faults injected so far. */
  def log: Vector[Injected] = done.result()

  /** The traders started again. */
  def restarted: Vector[ForkedNode] = started.result()

  /**
   * Injects every fault due by `elapsedMillis` into `traders` (the current JVM of each trader, updated in place
   * on a restart) and resumes the pauses that are over.
   */
  def step(elapsedMillis: Long, traders: Array[ForkedNode]): Unit = {
    paused.toVector.foreach { case (i, (n, until)) =>
      if (elapsedMillis >= until) { signal(n, "CONT"); paused.remove(i) }
    }
    while (due.nonEmpty && due.head.millis <= elapsedMillis) {
      val at = due.head
      due = due.tail
      val n = traders(at.fault match {
        case Fault.Kill(t) => t
        case Fault.Pause(t, _) => t
        case Fault.Restart(t) => t
      })
      // the JVM the fault hit; a restart's is the new one
      var hit = n.name
      val applied = at.fault match {
        case Fault.Kill(_) if n.process.isAlive && allUp() =>
          n.process.destroyForcibly()
          true
        case Fault.Pause(t, ms) if n.process.isAlive && !paused.contains(t.toLong) =>
          signal(n, "STOP")
          paused.update(t.toLong, (n, elapsedMillis + ms))
          true
        case Fault.Restart(t) if !n.process.isAlive =>
          val k = restarts.getOrElse(t, 0) + 1
          restarts.update(t, k)
          val again = restart(t, k)
          traders(t) = again
          started += again
          hit = again.name
          true
        case _ => false
      }
      if (applied) done += Injected(elapsedMillis, at.fault, hit)
    }
  }

  /** Resumes every paused trader (before the run stops them). */
  def release(): Unit = {
    paused.valuesIterator.foreach((n, _) => signal(n, "CONT"))
    paused.clear()
  }

  private def signal(n: ForkedNode, sig: String): Unit = {
    val _ = new ProcessBuilder("kill", s"-$sig", n.process.pid.toString).start().waitFor()
  }
}
