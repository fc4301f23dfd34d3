package mvt.cluster

import scala.concurrent.duration.*

/** Waiting on a condition with a generous limit: tests never assert on how long it took. */
object Eventually {

  def apply(what: String, limit: FiniteDuration = 30.seconds)(cond: => Boolean): Unit = {
    val deadline = limit.fromNow
    while (!cond) {
      if (deadline.isOverdue()) throw new AssertionError(s"not reached within $limit: $what")
      Thread.sleep(20)
    }
  }
}
