package mvt.workload

import mvt.core.*
import mvt.orderbook.{Engine, Exchange}
import org.scalacheck.{Gen, Prop}

import java.io.{ByteArrayInputStream, ByteArrayOutputStream}
import java.nio.{ByteBuffer, ByteOrder}

class CommandLogSuite extends munit.ScalaCheckSuite {

  private def bytes(b: CommandBatch): Array[Byte] = {
    val out = new ByteArrayOutputStream()
    CommandLog.write(b, out)
    out.toByteArray
  }

  private def read(bytes: Array[Byte]) = CommandLog.read(new ByteArrayInputStream(bytes))
  private def commands(b: CommandBatch) = Vector.tabulate(b.size)(b.command)
  private def csv(text: String) =
    CommandBatch.readCsv(new ByteArrayInputStream(text.getBytes("UTF-8"))).toOption.get

  private def events(b: CommandBatch): Vector[String] = {
    val c = new Event.Collector
    b.replay(new Exchange(Engine.Fast, c))
    c.result().map(_.render)
  }

  private val sample = ProfileGenerator.generate(WorkloadProfile.normal, 5000, 21L).batch

  // a day with accounts and a clock: the conformance vector's commands
  private val day = csv(
    new String(
      getClass.getClassLoader.getResourceAsStream("conformance/42-random-day.commands.csv").readAllBytes(),
      "UTF-8"
    )
  )

  // the byte offset where records start in a log that declares its symbols inline
  private val HeaderBytes = 12

  test("write then read gives the same commands and symbols, accounts and clock included") {
    for (b <- Vector(sample, day)) {
      val back = read(bytes(b)).toOption.get
      assertEquals(back.symbols, b.symbols)
      assertEquals(commands(back), commands(b))
    }
    assert(commands(day).exists { case a: Command.Add => !a.account.isHouse; case _ => false })
    assert(commands(day).exists(_.isInstanceOf[Command.Time]))
  }

  // the random stream of every order type: time in force, modifies, accounts, a clock
  private val typed = csv(
    new String(
      getClass.getClassLoader.getResourceAsStream("conformance/58-random-order-types.commands.csv")
        .readAllBytes(),
      "UTF-8"
    )
  )

  test("version 3: time in force and modify survive a log and give the same events") {
    val back = read(bytes(typed)).toOption.get
    // a quantity past 32 bits is stored as unrepresentable, which the engine rejects for the same reason: the same
    // events, and the same commands but for such quantities
    def representable(b: CommandBatch) = commands(b).map {
      case a: Command.Add if a.qty.units >= 0xffffffffL => a.copy(qty = Quantity.Unrepresentable)
      case m: Command.Modify if m.qty.units >= 0xffffffffL => m.copy(qty = Quantity.Unrepresentable)
      case c => c
    }
    assertEquals(representable(back), representable(typed))
    assertEquals(events(back), events(typed))
    assert(commands(typed).exists(_.isInstanceOf[Command.Modify]))
    for (tif <- TimeInForce.values)
      assert(commands(typed).exists { case a: Command.Add => a.tif == tif; case _ => false }, tif.render)
    // and back to a commands file, which reads as the same commands
    val text = new ByteArrayOutputStream()
    back.writeCsv(text)
    assertEquals(events(csv(text.toString("UTF-8"))), events(typed))
  }

  test("a version 2 log still reads; a version 2 log cannot hold a time in force or a modify") {
    // a version 3 log of GTC adds and cancels only has version 2's bytes but for the version field
    val v2 = bytes(day)
    ByteBuffer.wrap(v2).order(ByteOrder.LITTLE_ENDIAN).putShort(4, 2.toShort)
    assertEquals(read(v2).map(commands), Right(commands(day)))
    val t = bytes(typed)
    ByteBuffer.wrap(t).order(ByteOrder.LITTLE_ENDIAN).putShort(4, 2.toShort)
    val e = read(t).left.toOption.get
    assert(e.detail.contains("reserved bytes") || e.detail.contains("unknown record kind 5"), e.render)
  }

  test("version 3: a time in force above 3 is corrupt") {
    val b = new CommandBatch.Builder(Vector(Symbol.unsafe("A")))
    b.add(0, 1L, Side.Buy, 100L, 1L, 0, TimeInForce.Post)
    val log = bytes(b.result())
    // the add follows the symbol's declaration record
    log(HeaderBytes + CommandLog.RecordSize + 2) = 4
    val e = read(log).left.toOption.get
    assert(e.detail.contains("time in force 4"), e.render)
  }

  test("a log costs one record per command, one per symbol, one per clock change and the trailer") {
    val records = day.size + day.symbols.size + 1
    assertEquals(bytes(day).length, HeaderBytes + records * CommandLog.RecordSize)
    // a clock that does not move writes nothing
    val b = new CommandBatch.Builder(Vector(Symbol.unsafe("A")))
    b.time(5L); b.time(5L); b.add(0, 1L, Side.Buy, 100L, 1L, 3); b.time(5L)
    val w = new ByteArrayOutputStream()
    val writer = new CommandLogWriter(w)
    val built = b.result()
    for (i <- 0 until built.size)
      built.kind(i) match {
        case CommandReader.Time => writer.time(built.time(i))
        case _ => writer.add(built.symbols(0), built.id(i), built.side(i), built.price(i), built.qty(i), 3)
      }
    assertEquals(writer.recordCount, 3L) // the symbol, one time, the add
  }

  test("csv -> log -> csv is stable, and the events are the same") {
    for (b <- Vector(sample, day)) {
      val text = new ByteArrayOutputStream()
      b.writeCsv(text)
      val fromCsv = csv(text.toString("UTF-8"))
      val viaLog = read(bytes(fromCsv)).toOption.get
      val text2 = new ByteArrayOutputStream()
      viaLog.writeCsv(text2)
      assertEquals(text2.toString("UTF-8"), text.toString("UTF-8"))
      assertEquals(events(viaLog), events(b))
    }
  }

  test("out-of-range values survive the log as values the engine rejects for the same reason") {
    val text =
      "add,A,1,BUY,1.123456789,5\nadd,A,2,BUY,1,99999999999999999999\nadd,A,3,BUY,0,0\nadd,A,4,SELL,2,1000000001,9\n"
    val original = csv(text)
    val back = read(bytes(original)).toOption.get
    val out = new ByteArrayOutputStream()
    back.writeCsv(out)
    val again = csv(out.toString("UTF-8"))
    assertEquals(events(again), events(original))
    assertEquals(
      events(original).map(_.split(",").last),
      Vector("invalid-price", "invalid-quantity", "invalid-price", "invalid-quantity")
    )
  }

  test("every truncation is refused with a byte offset, after every command before the cut") {
    val whole = bytes(day.prefix(60))
    val all = commands(day.prefix(60))
    // shorter than the magic number, the input is text, not a log
    for (n <- CommandLog.Magic.length until whole.length) {
      val source = CommandSource.open(new ByteArrayInputStream(java.util.Arrays.copyOf(whole, n)))
      source.flatMap(_.readAll()) match {
        case Right(b) => fail(s"prefix $n of ${whole.length} accepted with ${b.size} commands")
        case Left(SourceError.Log(e)) =>
          assert(e.offset >= 0 && e.offset <= n, s"prefix $n: ${e.render}")
          if (n >= HeaderBytes) assert(e.detail.startsWith("truncated"), s"prefix $n: ${e.render}")
        case Left(other) => fail(s"prefix $n: $other")
      }
      // the streaming reader hands over every whole command record before the cut
      source.foreach { s =>
        val got = Vector.newBuilder[Command]
        var k = s.nextBlock()
        while (k > 0) {
          for (i <- 0 until k) got += CommandSourceSuite.command(s, i)
          k = s.nextBlock()
        }
        assertEquals(k, -1)
        assert(all.startsWith(got.result()), s"prefix $n")
      }
    }
  }

  property("any single damaged byte among the records is refused as corrupt or truncated") {
    val whole = bytes(day.prefix(200))
    Prop.forAll(Gen.choose(HeaderBytes, whole.length - 1), Gen.choose(1, 255)) { (at, flip) =>
      val b = whole.clone()
      b(at) = (b(at) ^ flip).toByte
      read(b) match {
        case Left(e) => e.detail.startsWith("corrupt") || e.detail.startsWith("truncated")
        case Right(_) => false
      }
    }
  }

  test("bytes after the trailer are refused") {
    val b = bytes(day.prefix(10)) ++ Array[Byte](1, 2, 3)
    assert(read(b).left.exists(_.detail.contains("follow the trailer")), read(b))
  }

  test("a clock going back inside a log is corrupt") {
    val b = new CommandBatch.Builder(Vector.empty)
    b.time(10L)
    b.time(20L)
    val log = bytes(b.result())
    // the second time record (after the 12-byte header) holds 20; make it 5
    ByteBuffer.wrap(log).order(ByteOrder.LITTLE_ENDIAN).putLong(HeaderBytes + CommandLog.RecordSize + 8, 5L)
    assert(read(log).left.exists(_.detail.contains("clock goes back")), read(log))
  }

  test("a symbol declared twice is refused, in a version 1 table and in a version 2 log") {
    val b = new CommandBatch.Builder(Vector(Symbol.unsafe("AA"), Symbol.unsafe("BB")))
    b.add(1, 1L, Side.Buy, 100L, 1L)
    val v1 = CommandLogSuite.writeV1(b.result())
    // the table is at offset 12: length byte 2, "AA", length byte 2, "BB"; make the second "AA"
    v1(16) = 'A'; v1(17) = 'A'
    assert(read(v1).left.exists(_.detail.contains("twice")), read(v1))
    val v2 = bytes(b.result())
    // the second declaration (record 1) names BB; make it AA
    v2(HeaderBytes + CommandLog.RecordSize + 8) = 'A'
    v2(HeaderBytes + CommandLog.RecordSize + 9) = 'A'
    assert(read(v2).left.exists(_.detail.contains("declared twice")), read(v2))
  }

  test("a bad header is refused") {
    val b = bytes(sample)
    val badMagic = b.clone(); badMagic(0) = 'X'
    assert(read(badMagic).left.exists(_.detail.contains("magic")))
    val badVersion = b.clone();
    ByteBuffer.wrap(badVersion).order(ByteOrder.LITTLE_ENDIAN).putShort(4, 9.toShort)
    assert(read(badVersion).left.exists(e => e.offset == 4 && e.detail.contains("version 9")))
  }

  test("a version 1 log still reads, house orders at the epoch, and says it cannot be checked") {
    val v1 = CommandLogSuite.writeV1(sample)
    val back = read(v1).toOption.get
    assertEquals(commands(back), commands(sample))
    val source = CommandSource.open(new ByteArrayInputStream(v1)).toOption.get
    assert(!source.checked)
    assert(source.readAll().isRight)
    // v1 had no trailer: a cut at a record boundary is all it can tell, so such a prefix still reads
    val cut = java.util.Arrays.copyOf(v1, v1.length - 3 * CommandLog.RecordSize)
    assertEquals(read(cut).map(_.size), Right(sample.size - 3))
    val torn = java.util.Arrays.copyOf(v1, v1.length - 5)
    assert(read(torn).left.exists(_.detail.startsWith("truncated")))
    val bad = v1.clone()
    bad(v1.length - 3 * CommandLog.RecordSize) = 9
    assert(read(bad).left.exists(_.detail.contains("unknown command kind 9")), read(bad))
  }

  test("the streaming reader yields the same commands block by block, a later corrupt record after them") {
    val big =
      ProfileGenerator.generate(WorkloadProfile.normal, 3 * CommandLogReader.BlockRecords + 17, 5L).batch
    val r = CommandLogReader.open(new ByteArrayInputStream(bytes(big))).toOption.get
    var sizes = Vector.empty[Int]
    var n = r.nextBlock()
    while (n > 0) { sizes :+= n; n = r.nextBlock() }
    assertEquals(n, 0)
    // the first block gives up the room its symbol declarations took
    assertEquals(sizes.sum, big.size)
    assertEquals(CommandLogReader.decodeAll(new ByteArrayInputStream(bytes(big))), Right(big.size.toLong))
    val b = bytes(big)
    val at = b.length - 100 * CommandLog.RecordSize
    b(at) = 6
    val r2 = CommandLogReader.open(new ByteArrayInputStream(b)).toOption.get
    var total = 0
    var k = r2.nextBlock()
    while (k > 0) { total += k; k = r2.nextBlock() }
    assertEquals(k, -1)
    val e = r2.error.get
    assertEquals(e.offset, at.toLong)
    assert(e.detail.startsWith("corrupt: record") && e.detail.contains("unknown record kind 6"), e.render)
    assertEquals(total.toLong, (at - HeaderBytes) / CommandLog.RecordSize - big.symbols.size.toLong)
  }
}

object CommandLogSuite {

  /** The version 1 layout, as earlier builds wrote it: a symbol table, 32-byte records, no trailer. */
  def writeV1(batch: CommandBatch): Array[Byte] = {
    val out = new ByteArrayOutputStream()
    val symbols = batch.symbols.map(_.name.getBytes("US-ASCII"))
    val header = ByteBuffer.allocate(12 + symbols.map(1 + _.length).sum).order(ByteOrder.LITTLE_ENDIAN)
    header.put(CommandLog.Magic).putShort(1.toShort).putShort(32.toShort).putInt(symbols.size)
    symbols.foreach(s => header.put(s.length.toByte).put(s))
    out.write(header.array())
    val buf = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN)
    for (i <- 0 until batch.size if !batch.isTime(i)) {
      buf.clear()
      val add = batch.isAdd(i)
      buf.put((if (add) CommandReader.Add else CommandReader.Cancel).toByte)
      buf.put((if (add) batch.side(i).code else 0).toByte).putShort(0.toShort).putInt(batch.symbolIndex(i))
      buf.putLong(batch.id(i)).putLong(if (add) batch.price(i) else 0L).putLong(if (add) batch.qty(i) else 0L)
      out.write(buf.array())
    }
    out.toByteArray
  }
}
