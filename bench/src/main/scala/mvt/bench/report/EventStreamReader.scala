package mvt.bench.report

import mvt.bench.load.{HttpLines, ReadySockets}
import mvt.core.Timestamp

import java.io.IOException
import java.net.InetSocketAddress
import java.nio.ByteBuffer
import java.nio.channels.{SelectionKey, Selector, SocketChannel}
import java.nio.charset.StandardCharsets.US_ASCII

/**
 * Bench-only: many Server-Sent Event streams of the portal read by one platform thread over non-blocking sockets,
 * far lighter than an HTTP client library, so that what the live bench measures is the portal's sending and not
 * its client's parsing (one Ember client on the same two cores decoded a thousand streams' events slower than
 * they came, and the socket buffers then queued old events in front of new ones). It speaks only what the portal
 * answers: HTTP/1.1, a status line, headers, a chunked or unframed body; of each event it reads only the `"at"`
 * of its data, keeping the head of each line and skipping the rest. `onAt(stream, at, received)` is called on
 * the reading thread for every data line, `received` the `System.nanoTime` of the read that completed it;
 * `opened` once a stream's status is 200, `ended` once when a stream ends or fails (why).
 *
 * Thread contract: `run` on one platform thread (it returns when `stop` is called, or interrupted); `stop` on
 * any.
 */
final class EventStreamReader(
    port: Int,
    paths: Vector[String],
    bearer: String,
    opened: Int => Unit,
    ended: (Int, String) => Unit,
    onAt: (Int, Long, Long) => Unit
) {

  @volatile private var stopped = false

  // one stream's parsing state, on the reading thread only
  private final class Conn(val index: Int, val channel: SocketChannel) {
    var phase = 0 // 0 headers, 1 chunk size, 2 chunk data, 3 the CRLF after a chunk, 4 unframed body
    var chunked = false
    var remaining = 0L // bytes left of the chunk being read
    val line = new java.lang.StringBuilder // the line being read, headers and body alike
    var status = -1
    var done = false
  }

  private val AtKey = "\"at\":\""

  /** Ends `run` at its next wake-up (within 100 ms). */
  def stop(): Unit = stopped = true

  /** Connects every stream, then reads them all until `stop`; every socket is closed when it returns. */
  def run(): Unit = {
    val selector = Selector.open()
    val conns = new Array[Conn](paths.size)
    try {
      var i = 0
      while (i < paths.size && !stopped) {
        val ch = SocketChannel.open(new InetSocketAddress("127.0.0.1", port))
        val req = s"GET ${paths(i)} HTTP/1.1\r\nHost: 127.0.0.1:$port\r\nAccept: text/event-stream\r\n" +
          s"Authorization: Bearer $bearer\r\n\r\n"
        val out = ByteBuffer.wrap(req.getBytes(US_ASCII))
        while (out.hasRemaining) { val _ = ch.write(out) }
        ch.configureBlocking(false)
        conns(i) = new Conn(i, ch)
        val _ = ch.register(selector, SelectionKey.OP_READ, conns(i))
        i += 1
      }
      val buf = ByteBuffer.allocateDirect(1 << 16)
      val bytes = new Array[Byte](1 << 16)
      val reader = new ReadySockets.Reader {
        def read(key: SelectionKey, n: Int): Unit = {
          val c = key.attachment.asInstanceOf[Conn]
          val received = System.nanoTime()
          buf.flip()
          buf.get(bytes, 0, n)
          var j = 0
          while (j < n && !c.done) { take(c, bytes(j), received); j += 1 }
          if (c.done) key.cancel()
        }
        def ended(key: SelectionKey, error: IOException): Unit = {
          val c = key.attachment.asInstanceOf[Conn]
          finish(c, if (error == null) "was closed by the portal" else s"failed: ${error.getMessage}")
          key.cancel()
        }
      }
      while (!stopped && !Thread.currentThread.isInterrupted) {
        val _ = selector.select(100L)
        ReadySockets.readEach(selector, buf, reader)
      }
    } finally {
      conns.foreach(c => if (c != null) c.channel.close())
      selector.close()
    }
  }

  private def finish(c: Conn, why: String): Unit =
    if (!c.done) { c.done = true; ended(c.index, why) }

  // one byte of a stream's answer, through its framing
  private def take(c: Conn, b: Byte, received: Long): Unit =
    c.phase match {
      case 0 => if (b == '\n') header(c) else if (b != '\r') { val _ = c.line.append(b.toChar) }
      case 1 =>
        if (b == '\n') {
          c.remaining = HttpLines.chunkSize(c.line)
          c.line.setLength(0)
          if (c.remaining == 0L) finish(c, "was closed by the portal (its last chunk)") else c.phase = 2
        } else if (b != '\r') { val _ = c.line.append(b.toChar) }
      case 2 =>
        body(c, b, received)
        c.remaining -= 1
        if (c.remaining == 0L) c.phase = 3
      case 3 => if (b == '\n') c.phase = 1
      case _ => body(c, b, received)
    }

  private def header(c: Conn): Unit = {
    val l = c.line.toString
    c.line.setLength(0)
    if (c.status < 0) {
      c.status = HttpLines.status(l)
      if (c.status != 200) finish(c, s"the portal answered $l")
    } else if (l.isEmpty) {
      c.phase = if (c.chunked) 1 else 4
      opened(c.index)
    } else if (l.toLowerCase.startsWith("transfer-encoding:") && l.toLowerCase.contains("chunked"))
      c.chunked = true
  }

  // one byte of the event stream itself: a data line's `at` is handed on when its line ends
  private def body(c: Conn, b: Byte, received: Long): Unit =
    if (b == '\n') {
      val l = c.line
      if (l.length > 5 && l.charAt(0) == 'd' && l.indexOf("data:") == 0) {
        val i = l.indexOf(AtKey)
        val j = if (i < 0) -1 else l.indexOf("\"", i + AtKey.length)
        if (j > 0)
          Timestamp.parse(l.substring(i + AtKey.length, j)).foreach(t =>
            onAt(c.index, t.epochNanos, received)
          )
      }
      l.setLength(0)
    } else if (b != '\r' && c.line.length < LineKept) { val _ = c.line.append(b.toChar) }

  // the head of an event's line that is kept: its `"at"` comes within the first hundred characters of the data,
  // and the rest of the line (each symbol's figures, most of the bytes) is skipped, not copied
  private val LineKept = 200
}
