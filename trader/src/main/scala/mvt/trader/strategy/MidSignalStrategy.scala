package mvt.trader
package strategy

import mvt.core.*

import java.util.concurrent.ConcurrentHashMap

/**
 * A strategy that keeps, per symbol, a ring of the last two-sided mids (twice the mid, exact) and turns them into
 * a signal (+1, -1 or 0), acting once per signal: again only after the signal turns flat or reverses.
 * Thread-safe; updates of one symbol that race each other are applied in the order they take the symbol's lock.
 */
abstract class MidSignalStrategy[W <: MidSignalStrategy.Window] extends TradingStrategy {
  private val windows = new ConcurrentHashMap[String, W]()

  /** A new symbol's empty window. */
  protected def newWindow(): W

  /** Under the symbol's lock: takes `mid` (twice the mid) into `w` and says the signal now. */
  protected def update(w: W, mid: Long): Int

  /** The order a new signal (+1 or -1) places. */
  protected def act(e: BboUpdated, signal: Int): Decision

  final def decide(e: BboUpdated): Option[Decision] =
    if (!e.isTwoSided) None
    else {
      val w = windows.computeIfAbsent(e.symbol.name, _ => newWindow())
      val signal = w.synchronized {
        val s = update(w, e.midTimesTwoRaw)
        val changed = s != w.signal
        w.signal = s
        if (changed) s else 0
      }
      if (signal == 0) None else Some(act(e, signal))
    }
}

object MidSignalStrategy {

  /** One symbol's last `size` mids by slot `seen % size`, the mids seen, and the signal last acted on. */
  class Window(size: Int) {
    val mids = new Array[Long](size)
    var seen = 0L
    var signal = 0
  }
}
