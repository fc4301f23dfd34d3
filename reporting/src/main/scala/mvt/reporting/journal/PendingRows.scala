package mvt.reporting.journal

/**
 * Feed lines read but not folded yet, in file order, as columns a subclass keeps: each line with its number
 * and the byte offset just after it. A queue: appended at the end, taken from the head; mutable, one owner.
 */
abstract class PendingRows {
  protected var cap = 1024
  // rows [head, tail) are pending; every column has length `cap`
  private var head = 0
  private var tail = 0
  var time = new Array[Long](cap)
  var symbol = new Array[String](cap)
  var line = new Array[Long](cap)
  var end = new Array[Long](cap)

  def isEmpty: Boolean = head == tail

  /** The row at the head; meaningful only when not empty. */
  def first: Int = head

  def removeFirst(): Unit = head += 1

  /** The row to fill next, with its common columns set; the subclass sets its own. */
  protected def append(t: Long, s: String, ln: Long, e: Long): Int = {
    if (tail == cap) makeRoom()
    time(tail) = t; symbol(tail) = s; line(tail) = ln; end(tail) = e
    tail += 1
    tail - 1
  }

  /** Rows `[from, from + n)` of a column moved to the front of a column of length `newCap` (itself if as long). */
  protected def slide[A](a: Array[A], from: Int, n: Int, newCap: Int, fresh: => Array[A]): Array[A] = {
    val to = if (newCap == a.length) a else fresh
    System.arraycopy(a, from, to, 0, n)
    to
  }

  /** Moves the subclass's own columns as `slide` does. */
  protected def slideOwn(from: Int, n: Int, newCap: Int): Unit

  // slides the pending rows to the front, and grows the columns when they are more than half full
  private def makeRoom(): Unit = {
    val n = tail - head
    val newCap = if (n * 2 > cap) cap * 2 else cap
    time = slide(time, head, n, newCap, new Array[Long](newCap))
    symbol = slide(symbol, head, n, newCap, new Array[String](newCap))
    line = slide(line, head, n, newCap, new Array[Long](newCap))
    end = slide(end, head, n, newCap, new Array[Long](newCap))
    slideOwn(head, n, newCap)
    cap = newCap
    head = 0
    tail = n
  }
}
