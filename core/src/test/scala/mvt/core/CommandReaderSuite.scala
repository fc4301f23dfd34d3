package mvt.core

import java.io.{ByteArrayInputStream, InputStream}
import java.nio.charset.StandardCharsets.UTF_8
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/** The commands-file reader: line handling, buffer boundaries, and every kind of format error. */
class CommandReaderSuite extends munit.ScalaCheckSuite {

  private val acme = Symbol.unsafe("ACME")
  private def add(id: Long, side: Side, price: String, qty: Long): Command =
    Command.Add(acme, OrderId(id), side, Price.unsafe(price), Quantity(qty))

  private def parse(text: String): Either[FormatError, Vector[Command]] = CommandReader.parse(text)

  /** A stream that hands out at most `chunk` bytes per read, to put buffer edges everywhere. */
  private final class Trickle(bytes: Array[Byte], chunk: Int) extends InputStream {
    private var pos = 0
    def read(): Int = if (pos >= bytes.length) -1 else { pos += 1; bytes(pos - 1) & 0xff }
    override def read(b: Array[Byte], off: Int, len: Int): Int =
      if (pos >= bytes.length) -1
      else {
        val n = math.min(math.min(len, chunk), bytes.length - pos)
        System.arraycopy(bytes, pos, b, off, n)
        pos += n
        n
      }
  }

  /** Every command with the line it was read from. */
  private def readWithLines(in: InputStream): Vector[(Long, Command)] = {
    val r = new CommandReader(in)
    val out = Vector.newBuilder[(Long, Command)]
    while (r.next()) out += (r.lineNumber -> r.command)
    out.result()
  }

  test("both command shapes") {
    assertEquals(
      parse("add,ACME,1,BUY,10.5,100\nadd,ACME,2,SELL,11,3\ncancel,ACME,1\n"),
      Right(Vector(
        add(1, Side.Buy, "10.5", 100),
        add(2, Side.Sell, "11", 3),
        Command.Cancel(acme, OrderId(1))
      ))
    )
  }

  test("the forms of spec/order-types.md: 8-field adds with a time in force, modify") {
    assertEquals(
      parse("add,ACME,1,BUY,10,5,,IOC\nadd,ACME,2,SELL,11,3,7,FOK\nadd,ACME,3,BUY,9,1,,POST\n" +
        "add,ACME,4,BUY,9,1,0012,GTC\nmodify,ACME,3,9.50,2\nmodify,ACME,3,0,0\n"),
      Right(Vector(
        Command.Add(
          acme,
          OrderId(1),
          Side.Buy,
          Price.unsafe("10"),
          Quantity(5),
          Account.House,
          TimeInForce.Ioc
        ),
        Command.Add(
          acme,
          OrderId(2),
          Side.Sell,
          Price.unsafe("11"),
          Quantity(3),
          Account(7),
          TimeInForce.Fok
        ),
        Command.Add(
          acme,
          OrderId(3),
          Side.Buy,
          Price.unsafe("9"),
          Quantity(1),
          Account.House,
          TimeInForce.Post
        ),
        Command.Add(acme, OrderId(4), Side.Buy, Price.unsafe("9"), Quantity(1), Account(12), TimeInForce.Gtc),
        Command.Modify(acme, OrderId(3), Price.unsafe("9.5"), Quantity(2)),
        Command.Modify(acme, OrderId(3), Price.fromRaw(0L), Quantity(0))
      ))
    )
  }

  test("render writes the new forms back as the reader reads them") {
    val text =
      "add,ACME,1,BUY,10,5,,IOC\nadd,ACME,2,SELL,11,3,7,FOK\nadd,ACME,4,BUY,9,1,12\nmodify,ACME,3,9.5,2\n"
    val commands = parse(text).fold(e => fail(e.render), identity)
    assertEquals(commands.map(_.render + "\n").mkString, text)
  }

  test("blank and # lines are skipped but counted") {
    val text = "# header\n\nadd,ACME,1,BUY,10,5\n\n#add,ACME,2,BUY,10,5\n\r\ncancel,ACME,1\n"
    assertEquals(
      readWithLines(new ByteArrayInputStream(text.getBytes(UTF_8))),
      Vector(3L -> add(1, Side.Buy, "10", 5), 7L -> Command.Cancel(acme, OrderId(1)))
    )
  }

  test("CRLF line ends") {
    assertEquals(
      parse("add,ACME,1,BUY,10,5\r\ncancel,ACME,1\r\n"),
      Right(Vector(add(1, Side.Buy, "10", 5), Command.Cancel(acme, OrderId(1))))
    )
  }

  test("a last line without a newline is read") {
    assertEquals(
      parse("add,ACME,1,BUY,10,5\ncancel,ACME,1"),
      Right(Vector(add(1, Side.Buy, "10", 5), Command.Cancel(acme, OrderId(1))))
    )
    assertEquals(parse("add,ACME,1,BUY,10,5\r"), Right(Vector(add(1, Side.Buy, "10", 5))))
    assertEquals(parse("cancel,ACME,7"), Right(Vector(Command.Cancel(acme, OrderId(7)))))
  }

  test("empty inputs") {
    assertEquals(parse(""), Right(Vector.empty))
    assertEquals(parse("\n\n\n"), Right(Vector.empty))
    assertEquals(parse("# only a comment"), Right(Vector.empty))
  }

  test("a UTF-8 byte order mark before the first line is ignored") {
    assertEquals(parse("\uFEFFadd,ACME,1,BUY,10,5\n"), Right(Vector(add(1, Side.Buy, "10", 5))))
  }

  test("a line across the 64 KiB buffer boundary") {
    val line = "add,ACME,123456789,SELL,10.12345678,999\n"
    // every offset of the line relative to the boundary
    (0 to line.length).foreach { shift =>
      val filler = "#" + "x" * (65536 - shift - 2) + "\n"
      val text = filler + line + line.replace("123456789", "2")
      val got = readWithLines(new ByteArrayInputStream(text.getBytes(UTF_8)))
      assertEquals(got.map(_._1), Vector(2L, 3L), s"shift $shift")
      assertEquals(got.map(_._2.asInstanceOf[Command.Add].id.value), Vector(123456789L, 2L), s"shift $shift")
      assertEquals(got.head._2.asInstanceOf[Command.Add].price, Price.unsafe("10.12345678"))
    }
  }

  test("a large generated input reads the same in one piece and in small chunks") {
    val lines = new RandomCommands(7L, Mix.crossHeavy(500)).take(20000).toVector
    val bytes = lines.mkString("", "\n", "\n").getBytes(UTF_8)
    assert(bytes.length > 4 * 65536, bytes.length)
    val whole = readWithLines(new ByteArrayInputStream(bytes))
    assert(whole.size > 19000, whole.size)
    List(1, 7, 4096, 65535, 65537, 200000).foreach { chunk =>
      assertEquals(readWithLines(new Trickle(bytes, chunk)), whole, s"chunk $chunk")
    }
    // and through the lazily generated stream
    val streamed = readWithLines(new LineStream(new RandomCommands(7L, Mix.crossHeavy(500)).take(20000)))
    assertEquals(streamed, whole)
  }

  test("a comment line longer than the buffer is skipped, and the next line keeps its number") {
    val text = "#" + "y" * 300000 + "\nadd,ACME,1,BUY,10,5\n"
    assertEquals(
      readWithLines(new ByteArrayInputStream(text.getBytes(UTF_8))),
      Vector(2L -> add(1, Side.Buy, "10", 5))
    )
  }

  test("an over-long line is a format error on its own line") {
    val text = "add,ACME,1,BUY,10,5\n#" + "z" * (3 << 20) + "\n"
    val e = parse(text).left.getOrElse(fail("expected a format error"))
    assertEquals(e.line, 2L)
    assert(e.render.startsWith("line 2: "), e.render)
  }

  /** (line text, the field name the message must name) for every kind of format error. */
  private val formatErrors: List[(String, String)] = List(
    "add,ACME,1,HOLD,10,5" -> "side",
    "add,ACME,1,buy,10,5" -> "side",
    "add,ACME,1,,10,5" -> "side",
    "add,ACME,1,BUY,10" -> "add needs 6 or 7 fields",
    "add,ACME,1,BUY,10,5,6,7" -> "field 8 (tif)",
    "add,ACME,1,BUY,10,5,6,7,8" -> "add needs 6 or 7 fields",
    "add,ACME,1,BUY,10,5,1,ioc" -> "field 8 (tif)",
    "add,ACME,1,BUY,10,5,1," -> "field 8 (tif)",
    "add,ACME,1,BUY,10,5,0,GTC" -> "field 7 (account)",
    "add,ACME,1,BUY,10,5,IOC" -> "field 7 (account)",
    "modify,ACME,1,10" -> "modify needs 5 fields",
    "modify,ACME,1,10,5,GTC" -> "modify needs 5 fields",
    "modify,ACME,0,10,5" -> "field 3 (order-id)",
    "modify,ACME,1,ten,5" -> "field 4 (price)",
    "modify,ACME,1,10,5.0" -> "field 5 (quantity)",
    "modify,acme,1,10,5" -> "symbol",
    "add" -> "add needs 6 or 7 fields",
    "add,ACME,1,BUY,10,5,0" -> "field 7 (account)",
    "add,ACME,1,BUY,10,5,2147483648" -> "field 7 (account)",
    "add,ACME,1,BUY,10,5,-1" -> "field 7 (account)",
    "add,ACME,1,BUY,10,5," -> "field 7 (account)",
    "add,ACME,1,BUY,10,5,1 " -> "field 7 (account)",
    "add,ACME,1,BUY,10,5,00000000000000000000001x" -> "field 7 (account)",
    "time" -> "time needs 2 fields",
    "time,2026-01-05T14:30:00Z,1" -> "time needs 2 fields",
    "time,2026-01-05" -> "field 2 (instant)",
    "time,2026-01-05T14:30:00" -> "field 2 (instant)",
    "time,2026-01-05T24:00:00Z" -> "field 2 (instant)",
    "time,2026-01-05T23:60:00Z" -> "field 2 (instant)",
    "time,2026-01-05T23:59:60Z" -> "field 2 (instant)",
    "time,2026-02-29T10:00:00Z" -> "field 2 (instant)",
    "time,2026-13-01T10:00:00Z" -> "field 2 (instant)",
    "time,1969-12-31T23:59:59.999999999Z" -> "field 2 (instant)",
    "time,2262-04-11T23:47:16.854775808Z" -> "field 2 (instant)",
    "time,2026-01-05T14:30:00.Z" -> "field 2 (instant)",
    "time,2026-01-05T14:30:00,5Z" -> "time needs 2 fields",
    "time,2026-01-05t14:30:00Z" -> "field 2 (instant)",
    "time,+2026-01-05T14:30:00Z" -> "field 2 (instant)",
    "cancel,ACME" -> "cancel needs 3 fields",
    "cancel,ACME,1,2" -> "cancel needs 3 fields",
    "amend,ACME,1,11" -> "unknown command",
    "ADD,ACME,1,BUY,10,5" -> "unknown command",
    ",ACME,1,BUY,10,5" -> "unknown command",
    " add,ACME,1,BUY,10,5" -> "unknown command",
    "add,acme,1,BUY,10,5" -> "symbol",
    "add,,1,BUY,10,5" -> "symbol",
    "add,ABCDEFGHIJKLM,1,BUY,10,5" -> "symbol",
    "add,AC ME,1,BUY,10,5" -> "symbol",
    "cancel,A_B,1" -> "symbol",
    "add, ACME,1,BUY,10,5" -> "symbol",
    "add,ACME,0,BUY,10,5" -> "order-id",
    "add,ACME,-1,BUY,10,5" -> "order-id",
    "add,ACME,,BUY,10,5" -> "order-id",
    "add,ACME,x1,BUY,10,5" -> "order-id",
    "add,ACME,9223372036854775808,BUY,10,5" -> "order-id",
    "cancel,ACME,0" -> "order-id",
    "cancel,ACME,1.0" -> "order-id",
    "add,ACME,1,BUY,ten,5" -> "price",
    "add,ACME,1,BUY,,5" -> "price",
    "add,ACME,1,BUY,.5,5" -> "price",
    "add,ACME,1,BUY,5.,5" -> "price",
    "add,ACME,1,BUY,-5,5" -> "price",
    "add,ACME,1,BUY,1e3,5" -> "price",
    "add,ACME,1,BUY,10 ,5" -> "price",
    "add,ACME,1,BUY,10,-5" -> "quantity",
    "add,ACME,1,BUY,10,5.0" -> "quantity",
    "add,ACME,1,BUY,10," -> "quantity",
    "add,ACME,1,BUY,10,five" -> "quantity",
    "add,ACME,1,BUY,10,5 " -> "quantity"
  )

  test("every kind of format error names its line and what is wrong") {
    val prefix = "# first\nadd,ACME,1,BUY,10,5\n\ncancel,ACME,1\n" // the bad line is line 5
    formatErrors.foreach { case (bad, what) =>
      List("\n", "\r\n", "").foreach { eol =>
        // without a line end, the bad line is the last line
        val rest = if (eol.isEmpty) "" else eol + "add,ACME,2,BUY,10,5\n"
        val r = new CommandReader(new ByteArrayInputStream((prefix + bad + rest).getBytes(UTF_8)))
        assert(r.next() && r.next(), bad)
        val e = intercept[FormatError](r.next())
        assertEquals(e.line, 5L, bad)
        assert(e.render.startsWith("line 5: "), e.render)
        assert(e.getMessage == e.render, e.getMessage)
        assert(e.detail.contains(what), s"'$bad': '${e.detail}' should mention $what")
      }
    }
  }

  test("out-of-range values are not format errors") {
    val text = RandomCommands.InvalidPrices.map(p => s"add,ACME,1,BUY,$p,5") ++
      RandomCommands.InvalidQuantities.map(q => s"add,ACME,1,BUY,10,$q")
    val got = parse(text.mkString("\n")).getOrElse(fail("no format error expected"))
    assertEquals(got.size, text.size)
    got.foreach {
      case Command.Add(_, _, _, p, q, _, _) => assert(!p.isValid || !q.isValid, s"$p $q")
      case other => fail(s"unexpected $other")
    }
  }

  test("a format error leaves the commands before it readable, and readAll reports it") {
    assertEquals(parse("add,ACME,1,BUY,10,5\nadd,ACME,2,HOLD,10,5\n").left.map(_.line), Left(2L))
    val r = new CommandReader(new ByteArrayInputStream("add,ACME,1,BUY,10,5\nbad\n".getBytes(UTF_8)))
    assert(r.next())
    assertEquals(r.command, add(1, Side.Buy, "10", 5))
    assertEquals(intercept[FormatError](r.next()).line, 2L)
  }

  test("symbols read from bytes are interned once") {
    val table = new SymbolTable
    val r = new CommandReader(
      new ByteArrayInputStream("cancel,ACME,1\ncancel,B.B-9,1\ncancel,ACME,2\n".getBytes(UTF_8)),
      table
    )
    val syms = Iterator.continually(r.next()).takeWhile(identity).map(_ => r.symbol).toVector
    assertEquals(syms.map(_.name), Vector("ACME", "B.B-9", "ACME"))
    assert(syms(0).name eq syms(2).name)
    assertEquals(table.size, 2)
  }

  test("a symbol table keeps many symbols apart as it grows") {
    val table = new SymbolTable
    val names = (0 until 5000).map(i => f"S$i%05d")
    val first = names.map(n => table.intern(n.getBytes(UTF_8), 0, n.length))
    val again = names.map(n => table.intern(("xx" + n).getBytes(UTF_8), 2, n.length + 2))
    assertEquals(first.map(_.name), names)
    assertEquals(again.map(_.name), names)
    assertEquals(table.size, 5000)
  }

  private val genCommand: Gen[Command] = for {
    sym <- Gen.choose(1, 12).flatMap(n => Gen.listOfN(n, Gen.oneOf(('A' to 'Z') ++ ('0' to '9') ++ ".-")))
    id <- Gen.choose(1L, Long.MaxValue)
    side <- Gen.oneOf(Side.Buy, Side.Sell)
    price <- Gen.choose(1L, Price.Limit - 1)
    qty <- Gen.choose(1L, Quantity.Max)
    isAdd <- Gen.prob(0.7)
  } yield {
    val s = Symbol.unsafe(sym.mkString)
    if (isAdd) Command.Add(s, OrderId(id), side, Price.fromRaw(price), Quantity(qty))
    else Command.Cancel(s, OrderId(id))
  }

  property("rendered commands parse back to themselves") {
    forAll(Gen.listOf(genCommand)) { cmds =>
      parse(cmds.map(_.render).mkString("\n")) == Right(cmds.toVector)
    }
  }
}

/** Accounts, the session clock and the canonical instant of `spec/trading-day.md`. */
class TradingDayFormsSuite extends munit.ScalaCheckSuite {
  import org.scalacheck.{Gen, Prop}

  test("seven-field adds carry the account, six-field adds belong to the house, leading zeros allowed") {
    val got = CommandReader.parse("add,A,1,BUY,10,5,0000012\nadd,A,2,SELL,11,5\nadd,A,3,BUY,1,1,2147483647\n")
    assertEquals(
      got.map(_.collect { case a: Command.Add => a.account.value }),
      Right(Vector(12, 0, Int.MaxValue))
    )
  }

  test("time lines set the clock, equal instants are allowed, and going back is a format error") {
    val ok =
      CommandReader.parse("time,2026-01-05T14:30:00Z\ntime,2026-01-05T14:30:00.000Z\nadd,A,1,BUY,1,1\n")
    assertEquals(ok.map(_.size), Right(3))
    val back = CommandReader.parse("time,2026-01-05T14:30:00Z\n\ntime,2026-01-05T14:29:59.999999999Z\n")
    assert(back.left.exists(e => e.line == 3 && e.detail.contains("never goes back")), back)
  }

  test("the canonical instant uses 0, 3, 6 or 9 fraction digits, as ISO_INSTANT") {
    def canon(t: String) = Timestamp.parse(t).map(_.render)
    assertEquals(canon("2026-01-05T14:30:00Z"), Some("2026-01-05T14:30:00Z"))
    assertEquals(canon("2026-01-05T14:30:00.5Z"), Some("2026-01-05T14:30:00.500Z"))
    assertEquals(canon("2026-01-05T14:30:00.00025Z"), Some("2026-01-05T14:30:00.000250Z"))
    assertEquals(canon("2026-01-05T14:30:00.000000001Z"), Some("2026-01-05T14:30:00.000000001Z"))
    assertEquals(canon("2026-01-05T14:30:00.000000000Z"), Some("2026-01-05T14:30:00Z"))
    assertEquals(canon("1970-01-01T00:00:00Z"), Some("1970-01-01T00:00:00Z"))
    assertEquals(canon("2262-04-11T23:47:16.854775807Z"), Some("2262-04-11T23:47:16.854775807Z"))
    assertEquals(canon("2024-02-29T00:00:00Z"), Some("2024-02-29T00:00:00Z"))
  }

  property("an instant's parse and print round-trip, and agree with java.time") {
    Prop.forAll(Gen.choose(0L, Long.MaxValue), Gen.choose(0, 9)) { (nanos, digits) =>
      // drop the digits below the chosen precision, then print with exactly that many fraction digits
      val scale = math.pow(10, 9 - digits).toLong
      val t = nanos / scale * scale
      val instant = java.time.Instant.ofEpochSecond(t / 1000000000L, t % 1000000000L)
      val base = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(
        java.time.ZoneOffset.UTC
      )
      val frac = if (digits == 0) "" else "." + f"${t % 1000000000L}%09d".take(digits)
      val text = base.format(instant) + frac + "Z"
      val parsed = Timestamp.parse(text)
      parsed.map(_.epochNanos) == Some(t) &&
      parsed.map(_.render) == Some(java.time.format.DateTimeFormatter.ISO_INSTANT.format(instant)) &&
      Timestamp.parse(parsed.get.render).map(_.epochNanos) == Some(t)
    }
  }

  test("control characters and a byte-order mark are shown escaped in messages") {
    val nul = CommandReader.parse("add,A,1,BUY,10,5\u0000\n")
    assert(nul.left.exists(_.detail.contains("\"5\\u0000\"")), nul)
    val bom = CommandReader.parse("add,A,1,BUY,10,5\n\uFEFFadd,A,2,BUY,10,5\n")
    assert(bom.left.exists(e => e.line == 2 && e.detail.contains("\\uFEFFadd")), bom)
  }
}
