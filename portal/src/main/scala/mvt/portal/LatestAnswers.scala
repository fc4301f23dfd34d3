package mvt.portal

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicReference

/**
 * Each account's JSON answer at the latest hour asked for, rendered once and kept as bytes: a closed hour's
 * figures never change, so the answer stays exact until a later hour is asked for, which replaces them all. An
 * earlier hour is rendered afresh every time (it comes from the store anyway). At most `capacity` accounts are
 * kept. Safe to use from any thread; two requests that miss at once may both render, and either's bytes are kept.
 */
final class LatestAnswers(capacity: Int = LatestAnswers.Capacity) {

  // the hour held and its rendered answers by account
  private final class Held(val hour: Long, val answers: ConcurrentHashMap[Int, Array[Byte]])

  private val held = new AtomicReference(new Held(Long.MinValue, new ConcurrentHashMap))

  /** `account`'s answer at `hour`: the bytes kept, or `render`'s, kept when `hour` is the latest asked for. */
  def apply(account: Int, hour: Long)(render: => Array[Byte]): Array[Byte] = {
    var h = held.get
    if (hour > h.hour) {
      val later = new Held(hour, new ConcurrentHashMap)
      // whoever lost the race to a later hour finds it below and renders without keeping
      h = if (held.compareAndSet(h, later)) later else held.get
    }
    if (hour != h.hour) render
    else {
      val kept = h.answers.get(account)
      if (kept != null) kept
      else {
        val bytes = render
        if (h.answers.size < capacity) h.answers.putIfAbsent(account, bytes)
        bytes
      }
    }
  }
}

object LatestAnswers {

  /** The accounts kept by default: ten times the benchmark's 10,000, a few tens of megabytes at 20 symbols. */
  val Capacity: Int = 100000
}
