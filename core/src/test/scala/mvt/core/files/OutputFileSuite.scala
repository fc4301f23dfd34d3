package mvt.core.files

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}

/** An output replaces its target only when published, and the clash check refuses what would lose an input. */
class OutputFileSuite extends munit.FunSuite {

  private val tmp = mvt.core.TempDir.fixture(this, "mvt-output")

  private def leftovers(dir: Path): List[String] = {
    val s = Files.list(dir)
    try s.map(_.getFileName.toString).filter(_.endsWith(".mvt-tmp")).toArray.toList.map(_.toString)
    finally s.close()
  }

  tmp.test("the old content stays until publish; a discarded output leaves it and no temporary") { dir =>
    val target = dir.resolve("out.csv")
    Files.writeString(target, "old\n")
    val kept = OutputFile.open(target.toString)
    kept.stream.write("new\n".getBytes(UTF_8))
    kept.prepare()
    assertEquals(Files.readString(target), "old\n")
    kept.publish()
    assertEquals(Files.readString(target), "new\n")

    val dropped = OutputFile.open(target.toString)
    dropped.stream.write("lost\n".getBytes(UTF_8))
    dropped.discard()
    assertEquals(Files.readString(target), "new\n")
    assertEquals(leftovers(dir), Nil)
  }

  tmp.test("a directory is no output: the failure names the path, with no stack trace kept") { dir =>
    val e = intercept[OutputFile.WriteFailed](OutputFile.open(dir.toString))
    assertEquals(e.getMessage, s"cannot write $dir: is a directory")
    assertEquals(e.getStackTrace.length, 0)
  }

  tmp.test("an output that is an input, or two names of one file, are refused") { dir =>
    val in = dir.resolve("in.csv")
    Files.writeString(in, "x\n")
    val link = Files.createSymbolicLink(dir.resolve("link.csv"), in)
    val out = dir.resolve("out.csv").toString
    assertEquals(OutputClash.find(List(in.toString), List(out), None), None)
    assertEquals(
      OutputClash.find(List(in.toString), List(out, link.toString), None),
      Some(s"refusing to overwrite the input file $link")
    )
    assertEquals(
      OutputClash.find(Nil, List(out, dir.resolve(".").resolve("out.csv").toString), None),
      Some(s"$out is named as two outputs; each output needs its own file")
    )
    assertEquals(OutputClash.find(Nil, List("-", "-"), None), Some("standard output is named as two outputs"))
    // standard input redirected from a file is that file
    assertEquals(
      OutputClash.find(List("-"), List(in.toString), Some(in)),
      Some(s"refusing to overwrite the input file $in")
    )
  }
}
