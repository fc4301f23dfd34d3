package mvt.fix

import java.io.ByteArrayOutputStream
import java.net.{InetSocketAddress, Socket, SocketTimeoutException}
import java.nio.charset.StandardCharsets.ISO_8859_1

/** FIX framing by hand for the tests that must send what a well-behaved engine would not: a raw socket. */
object RawFix {
  val Soh = '\u0001'

  /** A framed FIX 4.4 message: BodyLength and CheckSum computed over `body` (fields joined by SOH, no trailer). */
  def frame(body: String): Array[Byte] = {
    val b = if (body.endsWith(Soh.toString)) body else body + Soh
    val head = s"8=FIX.4.4${Soh}9=${b.getBytes(ISO_8859_1).length}$Soh"
    val sum = (head + b).getBytes(ISO_8859_1).foldLeft(0)((s, x) => s + (x & 0xff)) % 256
    (head + b + f"10=$sum%03d$Soh").getBytes(ISO_8859_1)
  }

  def logon(compId: String, password: String, seq: Int = 1): Array[Byte] =
    frame(
      Seq(
        "35=A",
        s"34=$seq",
        s"49=$compId",
        s"52=${now()}",
        "56=MVT",
        "98=0",
        "108=30",
        s"553=$compId",
        s"554=$password"
      )
        .mkString(Soh.toString)
    )

  def now(): String =
    java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS").format(
      java.time.LocalDateTime.now(java.time.ZoneOffset.UTC)
    )

  /** Connects, writes `bytes`, then reads what comes back until the peer closes or `millis` of quiet pass. */
  def exchange(port: Int, bytes: Array[Byte], millis: Int = 3000): String = {
    val s = new Socket()
    try {
      s.connect(new InetSocketAddress("127.0.0.1", port), 10000)
      s.setSoTimeout(millis)
      s.getOutputStream.write(bytes)
      s.getOutputStream.flush()
      val out = new ByteArrayOutputStream()
      val buf = new Array[Byte](4096)
      var open = true
      while (open) {
        val n =
          try s.getInputStream.read(buf)
          catch { case _: SocketTimeoutException => -1; case _: java.io.IOException => -1 }
        if (n < 0) open = false else out.write(buf, 0, n)
      }
      new String(out.toByteArray, ISO_8859_1)
    } finally s.close()
  }
}

/**
 * One raw FIX connection kept open, for tests that send header fields a QuickFIX/J client sets only itself (such as
 * PossDupFlag 43=Y on a resend): frames go out as written, and messages come back parsed into tag -> value.
 */
final class RawSession(port: Int) extends AutoCloseable {
  import RawFix.Soh
  private val socket = new java.net.Socket()
  socket.connect(new java.net.InetSocketAddress("127.0.0.1", port), 10000)
  socket.setSoTimeout(200)
  private val in = socket.getInputStream
  private val pending = new StringBuilder

  def send(bytes: Array[Byte]): Unit = { socket.getOutputStream.write(bytes); socket.getOutputStream.flush() }

  /** The next message of type `msgType` (35), skipping others; fails after `seconds`. */
  def next(msgType: String, seconds: Int = 30): Map[Int, String] = {
    val deadline = System.nanoTime() + seconds * 1000000000L
    var found: Map[Int, String] = null
    while (found == null) {
      if (System.nanoTime() > deadline)
        throw new AssertionError(s"no message of type $msgType within $seconds s")
      val m = nextFrame()
      if (m != null && m.get(35).contains(msgType)) found = m
    }
    found
  }

  // one whole message from the stream, or null if none came within the socket's timeout
  private def nextFrame(): Map[Int, String] = {
    val end = pending.indexOf(s"${Soh}10=")
    val close = if (end < 0) -1 else pending.indexOf(Soh.toString, end + 4)
    if (close >= 0) {
      val text = pending.substring(0, close)
      pending.delete(0, close + 1)
      text.split(Soh).iterator.map(_.split("=", 2)).collect { case Array(t, v) => t.toInt -> v }.toMap
    } else {
      val buf = new Array[Byte](4096)
      val n =
        try in.read(buf)
        catch { case _: java.net.SocketTimeoutException => 0 }
      if (n < 0) throw new AssertionError("the venue closed the connection")
      pending.append(new String(buf, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1))
      null
    }
  }

  def close(): Unit = socket.close()
}

/**
 * A client's raw session for orders on ACME: logged on at once, its messages numbered from 2, each optionally marked
 * as a resend after a crash, PossDupFlag (43=Y) with OrigSendingTime (122), as only a FIX engine's own resend sends
 * them. Each request returns the next ExecutionReport.
 */
final class RawOrders(port: Int, compId: String, password: String) extends AutoCloseable {
  private val raw = new RawSession(port)
  private var seq = 1
  raw.send(RawFix.logon(compId, password))
  val _ = raw.next("A")

  def send(possDup: Boolean, body: (Int, String)*): Map[Int, String] = {
    seq += 1
    val now = RawFix.now()
    val header = Seq(35 -> body.head._2, 34 -> seq.toString, 49 -> compId, 52 -> now, 56 -> "MVT") ++
      (if (possDup) Seq(43 -> "Y", 122 -> now) else Nil)
    val fields = header ++ body.tail ++ (if ("DFG".contains(body.head._2)) Seq(60 -> now) else Nil)
    raw.send(RawFix.frame(fields.map((t, v) => s"$t=$v").mkString(RawFix.Soh.toString)))
    next()
  }

  def nos(possDup: Boolean, id: String, side: String, qty: Int, px: String): Map[Int, String] =
    send(possDup, 35 -> "D", 11 -> id, 54 -> side, 55 -> "ACME", 38 -> qty.toString, 40 -> "2", 44 -> px)

  def replace(possDup: Boolean, id: String, orig: String, qty: Int, px: String): Map[Int, String] =
    send(
      possDup,
      35 -> "G",
      11 -> id,
      41 -> orig,
      54 -> "2",
      55 -> "ACME",
      38 -> qty.toString,
      40 -> "2",
      44 -> px
    )

  def cancel(possDup: Boolean, id: String, orig: String): Map[Int, String] =
    send(possDup, 35 -> "F", 11 -> id, 41 -> orig, 54 -> "2", 55 -> "ACME")

  /** Asks for every message the venue sent before (ResendRequest 1 to infinity): returns the first report resent. */
  def resendAll(): Map[Int, String] = send(false, 35 -> "2", 7 -> "1", 16 -> "0")

  /** The next ExecutionReport. */
  def next(): Map[Int, String] = raw.next("8")

  def close(): Unit = raw.close()
}
