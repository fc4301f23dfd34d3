package mvt.workload

import cats.effect.ExitCode
import cats.effect.unsafe.implicits.global
import mvt.core.{Mix, RandomCommands, TempDir}
import mvt.core.console.{Status, Terminal}

import java.io.{ByteArrayInputStream, ByteArrayOutputStream, PrintStream}
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.Files

/** Command streams from files: conversion both ways, whole reads, and bad data reported with status 2. */
class CommandFilesSuite extends munit.FunSuite {

  private val tmp = TempDir.fixture(this, "mvt-command-files")

  private final class Captured(input: Array[Byte] = Array.emptyByteArray) {
    val err = new ByteArrayOutputStream
    val terminal =
      Terminal(new ByteArrayInputStream(input), PrintStream(new ByteArrayOutputStream), PrintStream(err))
    def errText: String = err.toString(UTF_8)
  }

  private val day: String =
    new RandomCommands(7L, Mix.crossHeavy(maxTracked = 50)).take(400).mkString("", "\n", "\n")

  tmp.test("a commands file converted to a log and back is the same file, and reads whole") { dir =>
    val csv = dir.resolve("day.csv")
    Files.writeString(csv, day)
    val log = dir.resolve("day.mvtc").toString
    val back = dir.resolve("back.csv").toString
    assertEquals(
      CommandFiles.convert(csv.toString, log, Captured().terminal).unsafeRunSync(),
      ExitCode.Success
    )
    assertEquals(CommandFiles.convert(log, back, Captured().terminal).unsafeRunSync(), ExitCode.Success)
    val batch = CommandFiles.readBatch("bench", log, Captured().terminal).unsafeRunSync().toOption.get
    val again = CommandFiles.readBatch("bench", back, Captured().terminal).unsafeRunSync().toOption.get
    assertEquals(batch.size, again.size)
    assertEquals(
      batch.size,
      CommandBatch.readCsv(new ByteArrayInputStream(day.getBytes(UTF_8))).toOption.get.size
    )
    assert(batch.size > 0)
  }

  test("no commands at all, or a bad line, is status 2 with the command, file and place") {
    val empty = Captured("# nothing\n".getBytes(UTF_8))
    assertEquals(
      CommandFiles.readBatch("bench latency", "-", empty.terminal).unsafeRunSync(),
      Left(Status.BadData)
    )
    assertEquals(empty.errText, "mvt bench latency: standard input: no commands\n")
    val bad = Captured((day + "NONSENSE\n").getBytes(UTF_8))
    assertEquals(CommandFiles.readBatch("bench", "-", bad.terminal).unsafeRunSync(), Left(Status.BadData))
    assert(
      bad.errText.startsWith(s"mvt bench: standard input: line ${day.linesIterator.size + 1}: "),
      bad.errText
    )
  }

  tmp.test("match keeps the events before a bad line and reports it with status 2") { dir =>
    val in = Captured((day + "NONSENSE\n").getBytes(UTF_8))
    val events = dir.resolve("events.csv")
    val code =
      CommandFiles.matchFile("-", events.toString, mvt.orderbook.Engine.Fast, None, None, None, in.terminal)
    assertEquals(code.unsafeRunSync(), Status.BadData)
    assert(Files.size(events) > 0)
    assert(in.errText.startsWith(s"line ${day.linesIterator.size + 1}: "), in.errText)
  }
}
