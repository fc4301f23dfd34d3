package mvt.bench.load

import org.HdrHistogram.Histogram

import java.io.IOException
import java.net.InetSocketAddress
import java.nio.ByteBuffer
import java.nio.channels.{SelectionKey, Selector, SocketChannel}
import java.nio.charset.StandardCharsets.US_ASCII
import java.util.concurrent.atomic.AtomicLong
import java.util.concurrent.locks.LockSupport

/**
 * A light open-loop HTTP/1.1 load generator: `clients` keep-alive connections to `127.0.0.1:port`, all driven by
 * the thread that calls `drive` over non-blocking sockets, and one pacing thread that releases each request at
 * its intended start and wakes the driver. Of each answer it reads only the status line and the framing
 * (`Content-Length` or chunked) to find its end, so that on a shared machine the latencies it records are the
 * server's and the HTTP stack's, not a client library's (an Ember client on its own worker added about 4 ms
 * to the p99 of a constant body at 1,000 requests/s on two cores). The schedule and the measure are
 * `OpenLoad`'s: request `i` is due at `start + i / rate`, its latency is from then to its answer's last byte,
 * and a request that finds every connection busy waits for one, late, its lateness in its latency.
 *
 * Requests go out on the idle connections in turn, so that each carries its share and none is left idle for the
 * server's keep-alive timeout to close under a request.
 *
 * Thread contract: one `drive` at a time (it blocks its caller until the run ends); `close` after the last.
 * Connections are opened at the first `drive` and kept for the next, as a browser keeps its own.
 */
final class KeepAliveLoad(port: Int, clients: Int) extends AutoCloseable {
  require(clients >= 1, s"clients must be >= 1: $clients")

  private val selector = Selector.open()

  // one connection: the request it carries (-1 when idle) and where it is in reading the answer
  private final class Conn {
    var channel: SocketChannel = null
    var request = -1L
    var due = 0L
    var phase =
      0 // 0 status line, 1 headers, 2 body by length, 3 chunk size, 4 chunk data, 5 chunk's CRLF, 6 trailer
    var status = 0
    var length = -1L
    var chunked = false
    var closes = false // the server said Connection: close
    var remaining = 0L
    val line = new java.lang.StringBuilder

    def reset(): Unit = {
      request = -1L; phase = 0; status = 0; length = -1L; chunked = false; closes = false; remaining = 0L
      line.setLength(0)
    }
  }

  private val conns = Array.fill(clients)(new Conn)

  // the connection tried first for the next request: the one after the last used (kept from run to run)
  private var turn = 0

  private def connect(c: Conn): Unit = {
    if (c.channel != null) c.channel.close()
    val ch = SocketChannel.open(new InetSocketAddress("127.0.0.1", port))
    ch.setOption(java.net.StandardSocketOptions.TCP_NODELAY, java.lang.Boolean.TRUE)
    ch.configureBlocking(false)
    val _ = ch.register(selector, SelectionKey.OP_READ, c)
    c.channel = ch
    c.reset()
  }

  /**
   * Runs `config`'s schedule, request `i` being the bytes `requestOf(i)` (see `KeepAliveLoad.get`); returns when
   * every request is answered or `config.timeout` after the last was due (the unanswered count as failed).
   */
  def drive(config: OpenLoad.Config, requestOf: Long => Array[Byte]): OpenLoad.Result = {
    // a kept connection the server closed since the last run (its idle timeout) is opened anew, not failed
    val _ = selector.selectNow()
    ReadySockets.readEach(
      selector,
      ByteBuffer.allocate(256),
      new ReadySockets.Reader {
        def read(key: SelectionKey, n: Int): Unit = ()
        def ended(key: SelectionKey, error: IOException): Unit = {
          key.cancel(); key.attachment.asInstanceOf[Conn].channel.close()
        }
      }
    )
    // a connection refused is no connection: its share of the requests waits for the others, or fails
    conns.foreach(c =>
      if (c.channel == null || !c.channel.isOpen)
        try connect(c)
        catch { case _: IOException => c.reset(); c.channel = null }
    )
    val latencies = new Histogram(3)
    val lag = new Histogram(3)
    var ok = 0L
    var non2xx = 0L
    var failed = 0L
    val released = new AtomicLong(0)
    val start = System.nanoTime() + 1000000L // the first request a millisecond from now: the pacer is started
    def dueOf(i: Long) = start + (i * config.intervalNanos).toLong
    val deadline = dueOf(config.requests - 1) + config.timeout.toNanos
    val pacer = new Thread(
      () => {
        var i = 0L
        while (i < config.requests && !Thread.currentThread.isInterrupted) {
          val at = dueOf(i)
          var wait = at - System.nanoTime()
          while (wait > 0) { LockSupport.parkNanos(wait); wait = at - System.nanoTime() }
          released.set(i + 1)
          val _ = selector.wakeup()
          i += 1
        }
      },
      "load-pacer"
    )
    pacer.setDaemon(true)
    pacer.start()
    val buf = ByteBuffer.allocate(1 << 16)
    var next = 0L // the next request to send
    var done = 0L // answered or failed
    var last = turn - 1 // the connection that carried the latest request
    // ends `c`'s request: its answer complete (the status), or lost (failed, and the connection opened anew)
    def answered(c: Conn, now: Long): Unit = {
      latencies.recordValue(math.max(0L, now - c.due))
      if (c.status >= 200 && c.status < 300) ok += 1 else non2xx += 1
      done += 1
      if (c.closes) connect(c) else c.reset()
    }
    def lost(c: Conn): Unit = {
      if (c.request >= 0) { failed += 1; done += 1 }
      try connect(c)
      catch { case _: IOException => c.reset(); c.channel = null }
    }
    val reader = new ReadySockets.Reader {
      def read(key: SelectionKey, n: Int): Unit = {
        val c = key.attachment.asInstanceOf[Conn]
        val now = System.nanoTime()
        val a = buf.array
        var j = 0
        while (j < n) {
          if (take(c, a(j))) { answered(c, now); j = n } // one answer at a time on a connection
          else j += 1
        }
      }
      def ended(key: SelectionKey, error: IOException): Unit = {
        key.cancel(); lost(key.attachment.asInstanceOf[Conn])
      }
    }
    try {
      while (done < config.requests && System.nanoTime() < deadline && conns.exists(_.channel != null)) {
        // every request due goes out on an idle connection, in order, the connections taking turns from the one
        // after the last used: each carries its share, so none sits idle long enough for the server's keep-alive
        // timeout (Ember's 60 s) to close it just as a request is written to it (that request would be lost, and
        // a wave of such closes and reopenings landed in whichever leg ran a minute after a burst)
        val due = released.get
        var k = 0
        while (next < due && k < conns.length) {
          val c = conns((turn + k) % conns.length)
          if (c.request < 0 && c.channel != null) {
            last = (turn + k) % conns.length
            val bytes = ByteBuffer.wrap(requestOf(next))
            c.request = next
            c.due = dueOf(next)
            lag.recordValue(math.max(0L, System.nanoTime() - c.due))
            next += 1
            try {
              // a request of a few hundred bytes fits the socket's buffer: the connection carries nothing else
              while (bytes.hasRemaining) { val _ = c.channel.write(bytes) }
            } catch { case _: IOException => lost(c) }
          }
          k += 1
        }
        turn = (last + 1) % conns.length
        val _ = selector.select(100L)
        ReadySockets.readEach(selector, buf, reader)
      }
    } finally {
      pacer.interrupt()
      pacer.join()
    }
    // what was never answered by the deadline failed; its connection is opened anew for the next run
    conns.foreach(c => if (c.request >= 0) lost(c))
    failed = config.requests - ok - non2xx
    OpenLoad.Result(config, latencies, ok, non2xx, failed, lag)
  }

  // one byte of an answer on `c`; true when it ends the answer
  private def take(c: Conn, b: Byte): Boolean =
    c.phase match {
      case 0 | 1 =>
        if (b == '\n') header(c)
        else { if (b != '\r') { val _ = c.line.append(b.toChar) }; false }
      case 2 => c.remaining -= 1; c.remaining == 0L
      case 3 =>
        if (b == '\n') {
          c.remaining = HttpLines.chunkSize(c.line)
          c.line.setLength(0)
          c.phase = if (c.remaining == 0L) 6 else 4
        } else if (b != '\r') { val _ = c.line.append(b.toChar) }
        false
      case 4 =>
        c.remaining -= 1
        if (c.remaining == 0L) c.phase = 5
        false
      case 5 => if (b == '\n') c.phase = 3; false
      case _ =>
        // the trailer: lines up to an empty one
        if (b == '\n') { val end = c.line.length == 0; c.line.setLength(0); end }
        else { if (b != '\r') { val _ = c.line.append(b.toChar) }; false }
    }

  // a status or header line ended; true when the answer ends with its headers (no body)
  private def header(c: Conn): Boolean = {
    val l = c.line.toString
    c.line.setLength(0)
    if (c.phase == 0) {
      c.status = HttpLines.status(l)
      c.phase = 1
      false
    } else if (l.isEmpty) {
      if (c.chunked) { c.phase = 3; false }
      else if (c.length > 0) { c.remaining = c.length; c.phase = 2; false }
      else true
    } else {
      val colon = l.indexOf(':')
      if (colon > 0) {
        val name = l.substring(0, colon).trim.toLowerCase
        val value = l.substring(colon + 1).trim.toLowerCase
        if (name == "content-length") c.length = value.toLongOption.getOrElse(-1L)
        else if (name == "transfer-encoding") c.chunked = value.contains("chunked")
        else if (name == "connection") c.closes = value.contains("close")
      }
      false
    }
  }

  def close(): Unit = {
    conns.foreach(c => if (c.channel != null) c.channel.close())
    selector.close()
  }
}

object KeepAliveLoad {

  /** The bytes of `GET target` (a path and query) to `127.0.0.1:port` with `headers` (name, value). */
  def get(port: Int, target: String, headers: Seq[(String, String)] = Nil): Array[Byte] = {
    val b = new java.lang.StringBuilder(128 + target.length)
    b.append("GET ").append(target).append(" HTTP/1.1\r\nHost: 127.0.0.1:").append(port).append("\r\n")
    headers.foreach((n, v) => b.append(n).append(": ").append(v).append("\r\n"))
    b.append("\r\n").toString.getBytes(US_ASCII)
  }
}
