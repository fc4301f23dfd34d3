package mvt.cluster.nemesis

import mvt.cluster.fork.ForkedNode

import scala.collection.mutable

/**
 * Applies a [[Schedule]] to the traders of a forked cluster as the day goes: `kill -9`, `SIGSTOP` then `SIGCONT`,
 * restarts (a new JVM, a new incarnation, through `restart`, given the trader's index and how many times it
 * was restarted before), and cuts (a trader from the other traders, from the exchange, or both), made and healed
 * through the nodes' control channels (every node must run with `--control`). A kill, and a cut, is injected only
 * when `allUp` (every trader's current JVM is a member), so at most one trader is down at a time even where a
 * restarted JVM is still joining; a kill not injected skips its restart too. A cut is made only while no trader is
 * paused, no other cut is in place and the exchange is steady; one due when it cannot be waits until it can (at
 * most one of each kind waits, the others are not injected, and none waits past the schedule's last fault). While
 * a cut is in place no trader is killed or paused (a paused node could not acknowledge the heal): such a fault is
 * not injected. A cut heals when its time is up or, earlier, once
 * `healEarly` holds of it (a run that waits for something to happen under the cut, with its time as a deadline);
 * with `probeCuts`, the cut-off trader probes every link it cut after the cut and after the heal (each unanswered
 * probe costs 3 s, too long for short cuts). The exchange (`exchange`, started again through
 * `restartExchange`, given how many times it was before) is killed only while every trader is up, none is paused
 * and no partition is in place, waiting for that if it must (until the schedule's last fault), and started again as
 * long after its kill as the schedule puts its restart after the kill; while it is down, and until its restart is
 * trading again (`exchangeUp`), no trader is killed, paused or cut off (two of three members silent would make the
 * survivor's resolver down it); a restart that is not trading a minute later is stopped, so the run ends. Driven by
 * [[step]] from the run's loop; not thread-safe.
 */
final class Nemesis(
    schedule: Schedule,
    restart: (Int, Int) => ForkedNode,
    allUp: () => Boolean = () => true,
    exchange: Option[ForkedNode] = None,
    restartExchange: Int => ForkedNode = _ => throw new IllegalStateException("no exchange to restart"),
    exchangeUp: () => Boolean = () => true,
    probeCuts: Boolean = true,
    healEarly: Nemesis.Cut => Boolean = Nemesis.AtDeadline
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
  // the cut in place as `healEarly` sees it
  private var cutNow = Option.empty[Nemesis.Cut]
  // cuts due that could not be made when due, at most one of each kind, oldest first
  private var waiting = Vector.empty[Fault]
  private var exchangeNow = exchange
  private val exchangesKilled = Vector.newBuilder[ForkedNode]
  private var exchangeRestarts = 0
  // a kill of the exchange due and not injected yet: how long after it its restart comes (-1: none due)
  private var exchangeKillGap = -1L
  // the killed exchange's restart: when (-1: the exchange is not down)
  private var exchangeRestartAt = -1L
  // when the exchange was last started again (-1: never)
  private var exchangeBackAt = -1L
  private val lastFault = schedule.faults.lastOption.fold(0L)(_.millis)

  /** The exchange's current JVM. */
  def currentExchange: Option[ForkedNode] = exchangeNow

  /** The exchange's JVMs the nemesis killed, in order. */
  def killedExchanges: Vector[ForkedNode] = exchangesKilled.result()

  /** Whether the nemesis killed the exchange and has not started it again yet. */
  def exchangeDown: Boolean = exchangeRestartAt >= 0L

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
    if (elapsedMillis >= healAt || cutNow.exists(healEarly)) heal()
    exchangeStep(elapsedMillis)
    waitingCut(elapsedMillis, traders)
    while (due.nonEmpty && due.head.millis <= elapsedMillis) {
      val at = due.head
      due = due.tail
      at.fault match {
        case Fault.KillExchange =>
          // its restart follows the kill as the schedule has it, whenever the kill can be injected
          val i = due.indexWhere(_.fault == Fault.RestartExchange)
          exchangeKillGap = if (i < 0) 400L else due(i).millis - at.millis
          if (i >= 0) due = due.patch(i, Nil, 1)
          exchangeStep(elapsedMillis)
        case Fault.RestartExchange => () // taken with its kill
        case _ => trader(elapsedMillis, at, traders)
      }
    }
  }

  // the exchange's due kill if it can be injected now (every trader up, none paused), or dropped once the schedule is
  // over; its restart once due
  private def exchangeStep(elapsedMillis: Long): Unit = exchangeNow.foreach { n =>
    if (exchangeBackAt >= 0L && n.process.isAlive && !exchangeUp()) {
      if (elapsedMillis - exchangeBackAt > Nemesis.RestartWithinMillis) n.process.destroyForcibly(): Unit
    } else exchangeBackAt = -1L
    if (exchangeKillGap >= 0L && !exchangeDown) {
      if (n.process.isAlive && allUp() && paused.isEmpty && cut.isEmpty) {
        n.process.destroyForcibly()
        exchangesKilled += n
        exchangeRestartAt = elapsedMillis + exchangeKillGap
        exchangeKillGap = -1L
        done += ((Injected(elapsedMillis, Fault.KillExchange, n.name), ""))
      } else if (elapsedMillis > lastFault) exchangeKillGap = -1L
    }
    if (exchangeDown && elapsedMillis >= exchangeRestartAt) {
      n.process.waitFor()
      exchangeRestarts += 1
      val again = restartExchange(exchangeRestarts)
      exchangeNow = Some(again)
      exchangeRestartAt = -1L
      exchangeBackAt = elapsedMillis
      done += ((Injected(elapsedMillis, Fault.RestartExchange, again.name), ""))
    }
  }

  // the exchange neither down nor restarting
  private def exchangeSteady: Boolean = !exchangeDown && exchangeBackAt < 0L

  private def trader(elapsedMillis: Long, at: Schedule.At, traders: Array[ForkedNode]): Unit = {
    val n = traders(at.fault.traderIndex)
    // the JVM the fault hit; a restart's is the new one
    var hit = n.name
    var note = ""
    val applied = at.fault match {
      case Fault.Kill(_) if n.process.isAlive && allUp() && exchangeSteady && cut.isEmpty =>
        n.process.destroyForcibly()
        true
      case Fault.Pause(t, ms)
          if n.process.isAlive && !paused.contains(t.toLong) && exchangeSteady && cut.isEmpty =>
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
      case f if f.cutsLinks =>
        if (canCut(n)) { note = makeCut(elapsedMillis, f, traders); true }
        else {
          if (!waiting.exists(_.getClass == f.getClass)) waiting :+= f
          false
        }
      case _ => false
    }
    if (applied) done += ((Injected(elapsedMillis, at.fault, hit), note))
  }

  // a cut may be made: every node up and steady, nothing paused, no cut in place
  private def canCut(n: ForkedNode): Boolean =
    n.process.isAlive && cut.isEmpty && paused.isEmpty && exchangeSteady && allUp()

  // the oldest waiting cut, if it can be made now; none waits past the schedule's last fault
  private def waitingCut(elapsedMillis: Long, traders: Array[ForkedNode]): Unit =
    if (elapsedMillis > lastFault) waiting = Vector.empty
    else
      waiting.headOption.foreach { f =>
        val n = traders(f.traderIndex)
        if (canCut(n)) {
          waiting = waiting.tail
          val note = makeCut(elapsedMillis, f, traders)
          done += ((Injected(elapsedMillis, f, n.name), note))
        }
      }

  // makes the cut `f` (a partition or a cut from the exchange) until `f`'s time is up; what the making met
  private def makeCut(elapsedMillis: Long, f: Fault, traders: Array[ForkedNode]): String = {
    val t = f.traderIndex
    val otherTraders = traders.indices.filter(_ != t).map(traders).toVector
    val (note, ms) = f match {
      case Fault.Partition(_, x, ms) =>
        (
          partition(
            traders(t),
            otherTraders ++ exchangeNow.filter(_ => x),
            exchangeNow.filter(_ => !x).toVector
          ),
          ms
        )
      case Fault.ExchangeCut(_, ms) => (partition(traders(t), exchangeNow.toVector, otherTraders), ms)
      case other =>
        throw new IllegalArgumentException(s"not a cut: ${other.render}") // callers pass cuts only
    }
    healAt = elapsedMillis + ms
    note
  }

  /** Resumes every paused trader and heals a partition in place (before the run stops them). */
  def release(): Unit = {
    paused.valuesIterator.foreach((n, _) => signal(n, "CONT"))
    paused.clear()
    heal()
  }

  // cuts `side` from `others` on both sides of every link, each node acknowledging before the next is asked, then
  // (with `probeCuts`) probes from `side` every link it cut and its links that stay whole (`whole`); says how many
  // nodes did not acknowledge and what the probes met
  private def partition(side: ForkedNode, others: Vector[ForkedNode], whole: Vector[ForkedNode]): String = {
    // a node that has not said where it listens cannot be cut from: that counts as a cut not acknowledged
    val known = others.forall(_.address.isDefined) && side.address.isDefined
    val ok =
      (known && side.cut(others.flatMap(_.address))) +: others.map(o => known && o.cut(side.address.toVector))
    cut = side +: others
    cutNow =
      Some(Nemesis.Cut(side.address.getOrElse(""), others.flatMap(_.address), System.currentTimeMillis))
    val missing = ok.count(!_)
    val cutOff = others.flatMap(_.address).toSet
    val acknowledged =
      if (missing == 0) "" else s" ($missing of ${ok.size} nodes did not acknowledge the cut)"
    if (!probeCuts) acknowledged
    else {
      val probes = side.probe((others ++ whole).flatMap(_.address))
      val silent = probes.count(p => cutOff(p.peer.value) && !p.answered)
      val answered = probes.count(p => !cutOff(p.peer.value) && p.answered)
      acknowledged +
        s" (probes: $silent of ${cutOff.size} cut peers silent, $answered of ${whole.size} whole links answered)"
    }
  }

  // heals the cut in place, then (with `probeCuts`) probes from its cut-off node every link it had cut (its events
  // say how)
  private def heal(): Unit = {
    cut.filter(_.process.isAlive).foreach(_.heal())
    if (probeCuts)
      cut.headOption.filter(_.process.isAlive).foreach(side =>
        side.probe(cut.drop(1).flatMap(_.address)): Unit
      )
    cut = Vector.empty
    cutNow = None
    healAt = Long.MaxValue
  }

  private def signal(n: ForkedNode, sig: String): Unit = {
    val _ = new ProcessBuilder("kill", s"-$sig", n.process.pid.toString).start().waitFor()
  }
}

object Nemesis {

  /**
   * A cut in place, as a condition to heal it early sees it: the cut-off trader's address (`host:port`, the `node` of
   * its history), the addresses it is cut from, and when every node had applied the cut (epoch milliseconds).
   */
  final case class Cut(side: String, from: Vector[String], atMillis: Long)

  /** Heals no cut early: each lasts its fault's time. */
  val AtDeadline: Cut => Boolean = _ => false

  /** How long a restarted exchange may take to trade again before the nemesis stops it (the run then ends). */
  val RestartWithinMillis = 60_000L
}
