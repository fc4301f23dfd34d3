package mvt.fix

import mvt.core.TempDir
import quickfix.{FileStoreFactory, MessageStore, SessionID, SessionSettings}

import java.nio.file.{Files, Path, StandardOpenOption}
import scala.jdk.CollectionConverters.*

/**
 * QuickFIX/J's file store as a `kill -9` leaves it between storing a message and counting it, read the way the
 * gateway reads it (no index in memory), before and after [[StoreRepair]].
 */
class StoreRepairSuite extends munit.FunSuite {
  private val id = new SessionID("FIX.4.4", "MVT", "A")

  /** The session's file store in `dir`, opened as the gateway opens it. */
  def open(dir: Path): MessageStore = StoreRepairSuite.open(dir, id)

  private def close(s: MessageStore): Unit = s match {
    case c: java.io.Closeable => c.close()
    case _ => ()
  }

  // every message the store hands a resend of 1 .. the last number counted
  private def resent(s: MessageStore): List[String] = {
    val out = new java.util.ArrayList[String]()
    s.get(1, s.getNextSenderMsgSeqNum - 1, out)
    out.asScala.toList
  }

  // QuickFIX/J's session stores a message (`set`), then counts it (`incrNextSenderMsgSeqNum`), then sends it; the
  // kill falls after message 3's `set`
  private def crashAfterStoring(dir: Path): Unit = {
    val s = open(dir)
    s.set(1, "one"); s.incrNextSenderMsgSeqNum()
    s.set(2, "two"); s.incrNextSenderMsgSeqNum()
    s.set(3, "dead")
    close(s)
  }

  // the next run sends its own message 3 and a 4th; what a resend of them all then reads
  private def nextRun(dir: Path): List[String] = {
    val s = open(dir)
    try {
      assertEquals(s.getNextSenderMsgSeqNum, 3)
      s.set(3, "three"); s.incrNextSenderMsgSeqNum()
      s.set(4, "four"); s.incrNextSenderMsgSeqNum()
      resent(s)
    } finally close(s)
  }

  private def header(dir: Path): Path = dir.resolve("FIX.4.4-MVT-A.header")

  private def copy(from: Path, to: Path): Unit =
    Files.list(from).forEach(f => { val _ = Files.copy(f, to.resolve(f.getFileName)) })

  test("a message stored but never counted shadows the next run's message of that number, unless repaired") {
    TempDir("mvt-store") { dir =>
      val (as, repaired) = (dir.resolve("as-left"), dir.resolve("repaired"))
      Files.createDirectories(as); Files.createDirectories(repaired)
      crashAfterStoring(as)
      copy(as, repaired)
      // the window: without the repair a resend of 3 sends the dead message, and the next run's 3 never arrives
      assertEquals(nextRun(as), List("one", "two", "dead", "four"))
      assertEquals(StoreRepair.repair(repaired, id), Right(StoreRepair.Repaired(1, 0)))
      assertEquals(nextRun(repaired), List("one", "two", "three", "four"))
    }
  }

  test("a header entry whose body was never written and a torn entry are dropped; whole ones are kept") {
    TempDir("mvt-store") { dir =>
      crashAfterStoring(dir)
      // the kill fell between message 3's header entry and its body, and in the middle of a 4th entry
      val body = dir.resolve("FIX.4.4-MVT-A.body")
      val ch = Files.newByteChannel(body, StandardOpenOption.WRITE)
      try { val _ = ch.truncate("onetwo".length.toLong) }
      finally ch.close()
      val _ = Files.write(header(dir), Array.fill[Byte](7)(1), StandardOpenOption.APPEND)
      assertEquals(StoreRepair.repair(dir, id), Right(StoreRepair.Repaired(1, 7)))
      assertEquals(nextRun(dir), List("one", "two", "three", "four"))
    }
  }

  test("a store left with two entries of a number by a run before the repair reads the later one") {
    TempDir("mvt-store") { dir =>
      crashAfterStoring(dir)
      val s = open(dir)
      s.set(3, "three"); s.incrNextSenderMsgSeqNum()
      close(s)
      assertEquals(StoreRepair.repair(dir, id), Right(StoreRepair.Repaired(1, 0)))
      val again = open(dir)
      try assertEquals(resent(again), List("one", "two", "three"))
      finally close(again)
    }
  }

  test("a whole store and a new one are left as they are") {
    TempDir("mvt-store") { dir =>
      assertEquals(StoreRepair.repair(dir, id), Right(StoreRepair.Repaired(0, 0)))
      val s = open(dir)
      s.set(1, "one"); s.incrNextSenderMsgSeqNum()
      close(s)
      val before = Files.readAllBytes(header(dir)).toVector
      assertEquals(StoreRepair.repair(dir, id), Right(StoreRepair.Repaired(0, 0)))
      assertEquals(Files.readAllBytes(header(dir)).toVector, before)
    }
  }

  test("an unreadable sequence number file is reported with its path") {
    TempDir("mvt-store") { dir =>
      crashAfterStoring(dir)
      val seqnums = dir.resolve("FIX.4.4-MVT-A.senderseqnums")
      val _ = Files.write(seqnums, Array[Byte](0, 2, 'x', 'y'))
      val err = StoreRepair.repair(dir, id).swap.getOrElse(fail("expected an error"))
      assert(err.startsWith(seqnums.toString), err)
    }
  }
}

object StoreRepairSuite {

  /** The file store of session `id` in `dir`, opened as the gateway opens its stores: no index kept in memory. */
  def open(dir: Path, id: SessionID): MessageStore = {
    val s = new SessionSettings()
    s.setString(id, "FileStorePath", dir.toString)
    s.setString(id, "FileStoreMaxCachedMsgs", "0")
    new FileStoreFactory(s).create(id)
  }
}
