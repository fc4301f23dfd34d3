package mvt.core

import java.io.OutputStream

/** A buffered ASCII writer that formats longs and prices without allocating. Not thread-safe. */
final class AsciiOutput(out: OutputStream, capacity: Int = 1 << 16) {
  private val buf = new Array[Byte](capacity)
  private var pos = 0
  private val digits = new Array[Byte](20)

  private inline def ensure(n: Int): Unit = if (pos + n > buf.length) flushBuffer()

  private def flushBuffer(): Unit = {
    out.write(buf, 0, pos)
    pos = 0
  }

  def byte(b: Int): AsciiOutput = {
    ensure(1)
    buf(pos) = b.toByte
    pos += 1
    this
  }

  /** Writes an ASCII string (symbols, keywords). */
  def ascii(s: String): AsciiOutput = {
    val n = s.length
    ensure(n)
    var i = 0
    while (i < n) { buf(pos + i) = s.charAt(i).toByte; i += 1 }
    pos += n
    this
  }

  def long(v: Long): AsciiOutput = {
    ensure(20)
    if (v == Long.MinValue) ascii("-9223372036854775808")
    else {
      var x = v
      if (x < 0) { buf(pos) = '-'; pos += 1; x = -x }
      var n = 0
      while ({ digits(n) = ('0' + (x % 10)).toByte; n += 1; x /= 10; x != 0 }) ()
      while (n > 0) { n -= 1; buf(pos) = digits(n); pos += 1 }
      this
    }
  }

  /** The canonical price text (see `Price.render`). */
  def price(p: Price): AsciiOutput = {
    ensure(30)
    val raw = p.raw
    long(raw / Price.Scale)
    var frac = raw % Price.Scale
    if (frac != 0L) {
      var width = Price.FractionDigits
      while (frac % 10 == 0) { frac /= 10; width -= 1 }
      buf(pos) = '.'
      pos += 1
      var i = width - 1
      while (i >= 0) { buf(pos + i) = ('0' + (frac % 10)).toByte; frac /= 10; i -= 1 }
      pos += width
    }
    this
  }

  // the last instant written and its text: the session clock changes far less often than lines are written
  private var lastTime = -1L
  private var lastTimeText = ""

  /** The canonical ISO-8601 text of an instant; allocates only when the instant differs from the last one. */
  def timestamp(t: Timestamp): AsciiOutput = {
    if (t.epochNanos != lastTime) {
      lastTime = t.epochNanos
      lastTimeText = t.render
    }
    ascii(lastTimeText)
  }

  inline def comma(): AsciiOutput = byte(',')

  inline def newline(): AsciiOutput = byte('\n')

  def flush(): Unit = {
    flushBuffer()
    out.flush()
  }
}
