package mvt.cluster.nemesis

import mvt.cluster.fork.ForkedNode

import scala.collection.mutable

/**
 * Applies a [[Schedule]] to the traders of a forked cluster as the day goes: `kill -9`, `SIGSTOP` then `SIGCONT`,
 * restarts (a new JVM, a new incarnation, through `restart`, given the trader's index and how many times it
 * was restarted before), and partitions, cut and healed through the nodes' control channels (the nodes, and
 * `exchange` for a partition from the exchange, must run with `--control`). A kill is injected only when `allUp`
 * (every trader's current JVM is a member), so at most one trader is down at a time even where a restarted JVM is
 * still joining; a kill not injected skips its restart too. Driven by [[step]] from the run's loop; not
 * thread-safe.
 */
final class Nemesis(
    schedule: Schedule,
    restart: (Int, Int) => ForkedNode,
    allUp: () => Boolean = () => true,
    exchange: Option[ForkedNode] = None
) {

  private var due = schedule.faults
  private val paused = mutable.LongMap.empty[(ForkedNode, Long)]
  private val restarts = mutable.HashMap.empty[Int, Int]
  private val started = Vector.newBuilder[ForkedNode]
  // each fault injected, with what went wrong injecting it ("" when nothing did)
  private val done = Vector.newBuilder[(Injected, String)]
  // the nodes of the partition in place, and when it heals; empty when none is
  private var cut = Vector.empty[ForkedNode]
  private var healAt = Long.MaxValue
  private var note = ""

  /**
   * The faults injected so far, as they read, with the JVM they hit (`(name)`) and when, and for a partition how
   * many nodes did not acknowledge the cut.
   */
  def injected: Vector[String] = done.result().map((i, note) => i.render + note)

  /** The faults injected so far. */
  def log: Vector[Injected] = done.result().map(_._1)

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
    if (elapsedMillis >= healAt) heal()
    while (due.nonEmpty && due.head.millis <= elapsedMillis) {
      val at = due.head
      due = due.tail
      val n = traders(at.fault.target)
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
        case Fault.Partition(t, x, ms) if n.process.isAlive && cut.isEmpty =>
          val others = traders.indices.filter(_ != t).map(traders).toVector ++ exchange.filter(_ => x)
          note = partition(n, others.filter(_.process.isAlive), exchange.filter(_ => !x).toVector)
          healAt = elapsedMillis + ms
          true
        case _ => false
      }
      if (applied) done += ((Injected(elapsedMillis, at.fault, hit), note))
      note = ""
    }
  }

  /** Resumes every paused trader and heals a partition in place (before the run stops them). */
  def release(): Unit = {
    paused.valuesIterator.foreach((n, _) => signal(n, "CONT"))
    paused.clear()
    heal()
  }

  // cuts `side` from `others` on both sides of every link, each node acknowledging before the next is asked, then
  // probes from `side` every link it cut and its link to the exchange when that stays whole; says how many nodes
  // did not acknowledge and what the probes met
  private def partition(side: ForkedNode, others: Vector[ForkedNode], whole: Vector[ForkedNode]): String = {
    // a node that has not said where it listens cannot be cut from: that counts as a cut not acknowledged
    val known = others.forall(_.address.isDefined) && side.address.isDefined
    val ok =
      (known && side.cut(others.flatMap(_.address))) +: others.map(o => known && o.cut(side.address.toVector))
    cut = side +: others
    val missing = ok.count(!_)
    val cutOff = others.flatMap(_.address).toSet
    val probes = side.probe((others ++ whole).flatMap(_.address))
    val silent = probes.count(p => cutOff(p.peer.value) && !p.answered)
    val answered = probes.count(p => !cutOff(p.peer.value) && p.answered)
    (if (missing == 0) "" else s" ($missing of ${ok.size} nodes did not acknowledge the cut)") +
      s" (probes: $silent of ${cutOff.size} cut peers silent, $answered of ${whole.size} whole links answered)"
  }

  // heals the partition in place, then probes from its cut-off node every link it had cut (its events say how)
  private def heal(): Unit = {
    cut.filter(_.process.isAlive).foreach(_.heal())
    cut.headOption.filter(_.process.isAlive).foreach(side => side.probe(cut.drop(1).flatMap(_.address)): Unit)
    cut = Vector.empty
    healAt = Long.MaxValue
  }

  private def signal(n: ForkedNode, sig: String): Unit = {
    val _ = new ProcessBuilder("kill", s"-$sig", n.process.pid.toString).start().waitFor()
  }
}
