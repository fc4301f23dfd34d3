package mvt.cli

import cats.effect.ExitCode
import cats.effect.unsafe.implicits.global
import mvt.core.files.FileTree

import java.io.{InputStream, OutputStream, PrintStream}
import java.nio.file.Files

/**
 * What the launcher runs once after a build, in the JVM that writes the class-data-sharing archive: the commands
 * a user starts most (help, generate, backtest, match) on a tiny generated week, so that a later run maps their
 * classes from the archive instead of loading and verifying them from the jar. Output is discarded.
 */
object ArchiveTraining {

  def main(args: Array[String]): Unit = {
    val none = new PrintStream(OutputStream.nullOutputStream())
    val _ = runAll(Terminal(InputStream.nullInputStream(), none, none))
  }

  /** Runs the training commands in a scratch directory with `t`'s streams: each with its exit status. */
  def runAll(t: Terminal): List[(List[String], ExitCode)] = {
    val dir = Files.createTempDirectory("mvt-archive")
    val (days, day) = (dir.resolve("days").toString, dir.resolve("day.csv").toString)
    try List(
        List("--help"),
        List("generate", "--out", days, "--days", "2", "--start", "2026-03-02", "--commands", "20000"),
        List("backtest", "--data", days, "--strategy", "spread-capture"),
        List("generate", "--out", day, "--commands", "20000"),
        List("match", "--in", day)
      ).map(a => a -> Cli.run(a, t).unsafeRunSync())
    finally FileTree.delete(dir)
  }
}
