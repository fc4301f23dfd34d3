package mvt.core

import java.io.InputStream

/**
 * Reads ten million generated lines that never exist in memory as a whole, and checks that the reader keeps at
 * most one 64 KiB buffer ahead of the line it is on: its memory does not grow with the file.
 */
class CommandReaderStreamingSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(120, "s")

  /**
   * Lines of one fixed width, made on the fly: line n (1-based) is `add` of id n, except every 100th, a cancel of
   * id n, and every 1000th (offset 500), a comment. Equal widths let the test know the byte offset of any line.
   */
  private final class Synthetic(lines: Long) extends InputStream {
    import Synthetic.*
    private val buf = new Array[Byte](Width)
    private var line = 0L // lines handed out completely
    private var pos = Width // next byte of buf to hand out
    var bytesRead = 0L
    var largestRequest = 0

    private def makeLine(n: Long): Unit = {
      val template = if (n % 1000 == 500) Comment else if (n % 100 == 0) Cancel else Add
      System.arraycopy(template, 0, buf, 0, Width)
      if (template ne Comment) {
        // the id field: zero-padded digits ending at a fixed column
        var v = n
        var i = (if (template eq Add) AddIdEnd else CancelIdEnd) - 1
        while (v > 0) { buf(i) = ('0' + (v % 10)).toByte; v /= 10; i -= 1 }
      }
      pos = 0
    }

    def read(): Int = {
      val one = new Array[Byte](1)
      if (read(one, 0, 1) < 0) -1 else one(0) & 0xff
    }

    override def read(b: Array[Byte], off: Int, len: Int): Int = {
      largestRequest = math.max(largestRequest, len)
      var n = 0
      while (n < len && (pos < Width || line < lines)) {
        if (pos == Width) { line += 1; makeLine(line) }
        val k = math.min(len - n, Width - pos)
        System.arraycopy(buf, pos, b, off + n, k)
        pos += k
        n += k
      }
      bytesRead += n
      if (n == 0 && len > 0) -1 else n
    }
  }

  private object Synthetic {
    private def ascii(s: String) = s.getBytes(java.nio.charset.StandardCharsets.US_ASCII)
    val Add: Array[Byte] = ascii("add,ACME,0000000000,BUY,10.25,100\n")
    val AddIdEnd: Int = "add,ACME,0000000000".length
    val Cancel: Array[Byte] = ascii("cancel,ACME,000000000000000000000\n")
    val CancelIdEnd: Int = "cancel,ACME,000000000000000000000".length
    val Comment: Array[Byte] = ascii("# a comment of the same width....\n")
    val Width: Int = Add.length
    require(Cancel.length == Width && Comment.length == Width)
  }

  test("ten million lines stream through in constant memory") {
    val lines = 10000000L
    val in = new Synthetic(lines)
    val reader = new CommandReader(in)
    var commands = 0L
    var cancels = 0L
    var maxAhead = 0L
    while (reader.next()) {
      commands += 1
      val n = reader.lineNumber
      // the id field says which line this is: nothing was skipped or read twice
      if (reader.id.value != n) fail(s"line $n holds id ${reader.id.value}")
      if (reader.kind == CommandReader.Cancel) cancels += 1
      else if (reader.qty.units != 100L || reader.price.raw != 1025000000L) fail(s"line $n misread")
      maxAhead = math.max(maxAhead, in.bytesRead - n * Synthetic.Width)
    }
    assertEquals(reader.lineNumber, lines)
    assertEquals(commands, lines - lines / 1000)
    assertEquals(cancels, lines / 100 - lines / 1000) // the comment lines sit on multiples of 100
    assertEquals(in.bytesRead, lines * Synthetic.Width)
    assert(in.largestRequest <= 65536, s"asked for ${in.largestRequest} bytes at once")
    assert(maxAhead <= 65536, s"read $maxAhead bytes past the current line")
  }
}
