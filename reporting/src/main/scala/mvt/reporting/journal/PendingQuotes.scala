package mvt.reporting.journal

/**
 * Quote lines read but not folded yet, in file order, as columns: each with its line number and the byte offset
 * just after it. A queue: appended at the end, taken from the head; mutable, one owner.
 */
final class PendingQuotes {
  private var cap = 1024
  // rows [head, tail) are pending; row arrays all of length `cap`
  private var head = 0
  private var tail = 0
  var time = new Array[Long](cap)
  var symbol = new Array[String](cap)
  var bid = new Array[Long](cap)
  var ask = new Array[Long](cap)
  var twoSided = new Array[Boolean](cap)
  var line = new Array[Long](cap)
  var end = new Array[Long](cap)

  def isEmpty: Boolean = head == tail

  /** The row at the head; meaningful only when not empty. */
  def first: Int = head

  /** The row added last; meaningful only when not empty. */
  def last: Int = tail - 1

  def removeFirst(): Unit = head += 1

  /** Drops the row added last (one refused after it was parsed). */
  def removeLast(): Unit = tail -= 1

  def add(t: Long, s: String, b: Long, a: Long, two: Boolean, ln: Long, e: Long): Unit = {
    if (tail == cap) makeRoom()
    time(tail) = t; symbol(tail) = s; bid(tail) = b; ask(tail) = a
    twoSided(tail) = two; line(tail) = ln; end(tail) = e
    tail += 1
  }

  // slides the pending rows to the front, and grows the columns when they are more than half full
  private def makeRoom(): Unit = {
    val n = tail - head
    val newCap = if (n * 2 > cap) cap * 2 else cap
    def slide[A](a: Array[A], fresh: => Array[A]): Array[A] = {
      val to = if (newCap == cap) a else fresh
      System.arraycopy(a, head, to, 0, n)
      to
    }
    time = slide(time, new Array[Long](newCap))
    symbol = slide(symbol, new Array[String](newCap))
    bid = slide(bid, new Array[Long](newCap))
    ask = slide(ask, new Array[Long](newCap))
    twoSided = slide(twoSided, new Array[Boolean](newCap))
    line = slide(line, new Array[Long](newCap))
    end = slide(end, new Array[Long](newCap))
    cap = newCap
    head = 0
    tail = n
  }
}
