package mvt.workload

import mvt.core.*
import mvt.orderbook.{Engine, Exchange}

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

  private def events(b: CommandBatch): Vector[String] = {
    val c = new Event.Collector
    b.replay(new Exchange(Engine.Fast, c))
    c.result().map(_.render)
  }

  private val sample = ProfileGenerator.generate(WorkloadProfile.normal, 5000, 21L).batch

  test("write then read gives the same commands and symbols") {
    val back = read(bytes(sample)).toOption.get
    assertEquals(back.symbols, sample.symbols)
    assertEquals(commands(back), commands(sample))
  }

  test("csv -> log -> csv is stable, and the events are the same") {
    val csv = new ByteArrayOutputStream()
    sample.writeCsv(csv)
    val fromCsv = CommandBatch.readCsv(new ByteArrayInputStream(csv.toByteArray)).toOption.get
    val viaLog = read(bytes(fromCsv)).toOption.get
    val csv2 = new ByteArrayOutputStream()
    viaLog.writeCsv(csv2)
    assertEquals(csv2.toString("UTF-8"), csv.toString("UTF-8"))
    assertEquals(events(viaLog), events(sample))
  }

  test("out-of-range values survive the log as values the engine rejects for the same reason") {
    val text =
      "add,A,1,BUY,1.123456789,5\nadd,A,2,BUY,1,99999999999999999999\nadd,A,3,BUY,0,0\nadd,A,4,SELL,2,1000000001\n"
    val original = CommandBatch.readCsv(new ByteArrayInputStream(text.getBytes("UTF-8"))).toOption.get
    val back = read(bytes(original)).toOption.get
    val csv = new ByteArrayOutputStream()
    back.writeCsv(csv)
    val again = CommandBatch.readCsv(new ByteArrayInputStream(csv.toByteArray)).toOption.get
    assertEquals(events(again), events(original))
    assertEquals(
      events(original).map(_.split(",").last),
      Vector("invalid-price", "invalid-quantity", "invalid-price", "invalid-quantity")
    )
  }

  test("every truncation is an error that gives a byte offset") {
    val whole = bytes(ProfileGenerator.generate(WorkloadProfile.normal, 40, 2L).batch)
    for (n <- 0 until whole.length if n != whole.length) {
      val headerEnd = whole.length - 40 * CommandLog.RecordSize
      read(java.util.Arrays.copyOf(whole, n)) match {
        case Right(b) =>
          // cutting exactly at a record boundary leaves a shorter, valid log
          assert(n >= headerEnd && (n - headerEnd) % CommandLog.RecordSize == 0, s"prefix $n accepted")
          assertEquals(b.size, (n - headerEnd) / CommandLog.RecordSize)
        case Left(e) =>
          assert(e.offset >= 0 && e.offset <= n, s"prefix $n: ${e.render}")
          if (n > headerEnd) assert(e.detail.startsWith("truncated: record"), e.render)
      }
    }
  }

  private def corrupt(at: Int, value: Byte, record: Int = 3): Either[CommandLog.LogError, CommandBatch] = {
    val b = bytes(sample)
    val headerEnd = b.length - sample.size * CommandLog.RecordSize
    b(headerEnd + record * CommandLog.RecordSize + at) = value
    read(b)
  }

  test("corrupt records name the record and its offset") {
    val headerEnd = bytes(sample).length - sample.size * CommandLog.RecordSize
    val kind = corrupt(0, 9).left.toOption.get
    assertEquals(kind.offset, (headerEnd + 3 * CommandLog.RecordSize).toLong)
    assert(kind.detail.startsWith("record 3: unknown command kind 9"), kind.render)
    assert(corrupt(1, 7).left.exists(_.detail.contains("side 7")))
    assert(corrupt(2, 1).left.exists(_.detail.contains("reserved")))
    assert(corrupt(7, 0x7f).left.exists(_.detail.contains("symbol index")))
    assert(corrupt(15, 0x80.toByte).left.exists(_.detail.contains("not positive")))
  }

  test("a bad header is refused") {
    val b = bytes(sample)
    val badMagic = b.clone(); badMagic(0) = 'X'
    assert(read(badMagic).left.exists(_.detail.contains("magic")))
    val badVersion = b.clone();
    ByteBuffer.wrap(badVersion).order(ByteOrder.LITTLE_ENDIAN).putShort(4, 9.toShort)
    assert(read(badVersion).left.exists(e => e.offset == 4 && e.detail.contains("version 9")))
    val badSymbol = b.clone(); badSymbol(13) = 'a'
    assert(
      read(badSymbol).left.exists(e => e.offset == 12 && e.detail.contains("not a valid symbol")),
      read(badSymbol)
    )
  }

  test("the streaming reader yields the same commands block by block, and its replay gives the same events") {
    val big =
      ProfileGenerator.generate(WorkloadProfile.normal, 3 * CommandLogReader.BlockRecords + 17, 5L).batch
    val r = CommandLogReader.open(new ByteArrayInputStream(bytes(big))).toOption.get
    assertEquals(r.symbols, big.symbols)
    val c = new Event.Collector
    val exchange = new Exchange(Engine.Fast, c)
    val books = r.symbols.map(exchange.bookOf).toArray
    var seen = 0
    var sizes = Vector.empty[Int]
    var n = r.nextBlock()
    while (n > 0) {
      for (i <- 0 until n) {
        val j = seen + i
        assertEquals(r.kinds(i) == CommandReader.Add, big.isAdd(j), s"command $j")
        assertEquals((r.symbolIdx(i), r.ids(i)), (big.symbolIndex(j), big.id(j)), s"command $j")
        if (big.isAdd(j)) assertEquals((r.prices(i), r.qtys(i)), (big.price(j), big.qty(j)), s"command $j")
      }
      r.replayBlock(exchange, books)
      seen += n
      sizes :+= n
      n = r.nextBlock()
    }
    assertEquals(n, 0)
    assertEquals(
      sizes,
      Vector(CommandLogReader.BlockRecords, CommandLogReader.BlockRecords, CommandLogReader.BlockRecords, 17)
    )
    assertEquals(c.result().map(_.render), events(big))
    assertEquals(CommandLogReader.decodeAll(new ByteArrayInputStream(bytes(big))), Right(big.size.toLong))
  }

  test("a corrupt record in a later block is reported with its record number and offset") {
    val big = ProfileGenerator.generate(WorkloadProfile.normal, CommandLogReader.BlockRecords + 100, 6L).batch
    val b = bytes(big)
    val headerEnd = b.length - big.size * CommandLog.RecordSize
    val at = headerEnd + (CommandLogReader.BlockRecords + 10) * CommandLog.RecordSize
    b(at) = 5
    val e = CommandLogReader.decodeAll(new ByteArrayInputStream(b)).left.toOption.get
    assertEquals(e.offset, at.toLong)
    assert(
      e.detail.startsWith(s"record ${CommandLogReader.BlockRecords + 10}: unknown command kind 5"),
      e.render
    )
  }
}
