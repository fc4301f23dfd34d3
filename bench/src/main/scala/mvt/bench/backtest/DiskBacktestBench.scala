package mvt.bench.backtest

import cats.effect.IO
import cats.syntax.all.*
import mvt.backtest.{Backtest, DayFile, DaySetup}
import mvt.workload.{AccountMix, CommandBatch, CommandLog, CommandSource, DayGenerator, DayPlan}
import mvt.workload.WorkloadProfile

import java.io.{BufferedOutputStream, File}
import java.nio.file.{Files, Path, StandardCopyOption}
import java.time.LocalDate
import scala.jdk.CollectionConverters.*

/**
 * `mvt bench backtest --data DIR`: the closed loop over days read from disk through `CommandSource`, as
 * `mvt backtest` runs it, cold (a fresh JVM per run, timed from outside) and warm (in this JVM after a pass),
 * beside the same days held in memory, with the parts the time goes to measured on their own in the same run.
 */
object DiskBacktestBench {

  /** One timed run: `nanos` for `commands` at `parallelism`; `loopNanos` is the backtest loop's own count. */
  final case class Run(label: String, parallelism: Int, commands: Long, nanos: Long, loopNanos: Long) {
    def perCore: Double = commands * 1e9 / nanos / parallelism
  }

  /**
   * Writes `n` generated days of `commands` each (normal profile, seeded) to `dir` as `YYYY-MM-DD.mvtc`, each
   * through a temporary file so a stopped run leaves no partial day; returns their dates.
   */
  def writeDays(dir: Path, n: Int, commands: Int, seed: Long): IO[Vector[LocalDate]] = IO.blocking {
    Files.createDirectories(dir)
    val plan =
      DayPlan(LocalDate.parse("2026-03-02"), n, commands, WorkloadProfile.normal, AccountMix(100), seed)
    new DayGenerator(plan).map { d =>
      val tmp = dir.resolve(s"${d.date}.mvtc.part")
      val out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 20)
      try CommandLog.write(d.batch, out)
      finally out.close()
      Files.move(tmp, dir.resolve(s"${d.date}.mvtc"), StandardCopyOption.REPLACE_EXISTING)
      d.date
    }.toVector
  }

  /** Every day read into memory, in date order, or the first day's problem. */
  def load(days: Vector[DayFile]): IO[Either[String, Vector[(LocalDate, CommandBatch)]]] =
    IO.blocking(days.traverse { d =>
      val in = Files.newInputStream(d.path)
      try CommandSource.open(in).flatMap(_.readAll()).bimap(e => s"${d.path}: $e", b => d.date -> b)
      finally in.close()
    })

  /** Nanoseconds to read and decode every day (logs only; a commands file is parsed by the same source). */
  def readNanos(days: Vector[DayFile]): IO[Long] = IO.blocking {
    val t0 = System.nanoTime()
    days.foreach { d =>
      val in = Files.newInputStream(d.path)
      try CommandSource.open(in).foreach(s => while (s.nextBlock() > 0) ())
      finally in.close()
    }
    System.nanoTime() - t0
  }

  /** The days run from disk by `Backtest.run` in this JVM, timed; a failed day is an error. */
  def fromDisk(days: Vector[DayFile], setup: DaySetup, parallelism: Int, commands: Long): IO[Run] =
    IO.monotonic.flatMap { t0 =>
      Backtest.run(days, setup, parallelism).flatMap { o =>
        o.failure.fold(IO.monotonic.map { t1 =>
          val ns = (t1 - t0).toNanos
          Run("from disk, warm", parallelism, commands, ns, ns)
        })(f => IO.raiseError(new IllegalStateException(s"day ${f.day.date} failed: ${f.problem}")))
      }
    }

  private val LoopLine = """.* days done in (\d+) ms""".r

  /**
   * Runs `command` in a fresh process and times it from fork to exit: the wall time and, when it prints
   * `N days done in T ms` (as `mvt backtest` does), the loop's own time; a failing run is an error.
   */
  def forked(command: Vector[String]): IO[(Long, Long)] = IO.blocking {
    val t0 = System.nanoTime()
    val proc = new ProcessBuilder(command.asJava)
      .redirectOutput(ProcessBuilder.Redirect.DISCARD)
      .redirectError(ProcessBuilder.Redirect.PIPE)
      .start()
    proc.getOutputStream.close()
    val err = new String(proc.getErrorStream.readAllBytes())
    val status = proc.waitFor()
    val wall = System.nanoTime() - t0
    if (status != 0)
      throw new IllegalStateException(
        s"${command.mkString(" ")} failed (status $status): ${err.trim.take(500)}"
      )
    val loop = err.linesIterator.collectFirst { case LoopLine(ms) => ms.toLong * 1000000L }.getOrElse(wall)
    (wall, loop)
  }

  /** The java executable of this JVM. */
  def javaCommand: String =
    ProcessHandle.current().info().command().orElse(
      new File(System.getProperty("java.home"), "bin/java").getPath
    )

  /** A fresh JVM with this one's flags and class path running `mainClass` with `args`. */
  def jvm(mainClass: String, args: String*): Vector[String] =
    (javaCommand +: mvt.bench.ThroughputBench.jvmFlags) ++
      Vector("-cp", System.getProperty("java.class.path"), mainClass) ++ args

  /** The median of `runs` forked runs of `command` (by wall time). */
  def median(runs: Int, command: Vector[String]): IO[(Long, Long)] =
    (1 to runs).toList.traverse(_ => forked(command)).map { rs =>
      val sorted = rs.sortBy(_._1)
      sorted(sorted.size / 2)
    }
}

/** The whole `--data` report: every figure of [[DiskBacktestBench]] at parallelism 1 and `cores`, as lines. */
object DiskBacktestReport {
  import DiskBacktestBench.*

  /**
   * `mvt bench backtest --data DIR [--generate-days N --commands-per-day M]`: writes the days first when asked,
   * then [[run]], then the start-up figures ([[mvt.bench.StartupBench]]); the machine and the disk once on top.
   */
  def main(
      dir: Path,
      generate: Option[(Int, Int)],
      setup: DaySetup,
      strategy: String,
      coldRuns: Int,
      mainClass: String,
      out: String => Unit
  ): IO[Either[String, Unit]] =
    IO(out(mvt.bench.MachineInfo.describe)) *>
      generate.traverse_ { (n, m) =>
        IO(out(f"writing $n%,d generated days of $m%,d commands to $dir")) *> writeDays(dir, n, m, 42L)
      } *> IO(out(s"Disk: ${disk(dir)}")) *>
      run(dir, setup, strategy, mvt.bench.MachineInfo.cores, coldRuns, mainClass, out).flatTap {
        case Left(_) => IO.unit
        case Right(_) => mvt.bench.StartupBench.run(coldRuns, mainClass).flatMap(fs =>
            IO(mvt.bench.StartupBench.render(fs).foreach(out))
          )
      }

  // the file system and device the days are on, as the JVM sees them
  private def disk(dir: Path): String =
    scala.util.Try {
      val store = Files.getFileStore(dir)
      f"${store.name} (${store.`type`}), ${store.getUsableSpace / 1e9}%,.0f GB free"
    }.getOrElse("unknown")

  /**
   * Runs the days of `dir` in memory, from disk warm, and from disk cold (`coldRuns` fresh JVMs of
   * `mainClass backtest`, median), and prints the table, the speedups and where a cold run's time goes.
   */
  def run(
      dir: Path,
      setup: DaySetup,
      strategy: String,
      cores: Int,
      coldRuns: Int,
      mainClass: String,
      out: String => Unit
  ): IO[Either[String, Unit]] =
    IO.blocking(DayFile.list(dir, None, None)).flatMap {
      case Left(e) => IO.pure(Left(e))
      case Right(days) if days.isEmpty => IO.pure(Left(s"no days in $dir"))
      case Right(days) =>
        load(days).flatMap {
          case Left(e) => IO.pure(Left(e))
          case Right(loaded) =>
            measure(dir, days, loaded, setup, strategy, cores, coldRuns, mainClass, out).map(Right(_))
        }
    }

  private def measure(
      dir: Path,
      days: Vector[DayFile],
      loaded: Vector[(LocalDate, CommandBatch)],
      setup: DaySetup,
      strategy: String,
      cores: Int,
      coldRuns: Int,
      mainClass: String,
      out: String => Unit
  ): IO[Unit] = {
    val commands = loaded.map(_._2.size.toLong).sum
    val bytes = days.map(d => Files.size(d.path)).sum
    val ps = List(1, cores).distinct
    def cold(p: Int) =
      median(
        coldRuns,
        jvm(
          mainClass,
          "backtest",
          "--data",
          dir.toString,
          "--strategy",
          strategy,
          "--parallelism",
          p.toString
        )
      )
        .map((wall, loop) => Run("from disk, cold", p, commands, wall, loop))
    for {
      _ <- IO(out(
        f"${days.size}%,d days, $commands%,d commands, ${bytes / 1e6}%,.0f MB on disk, strategy $strategy; cold: " +
          f"median of $coldRuns fresh JVM(s) of `mvt backtest` each"
      ))
      memory <- BacktestBench.run(loaded, setup, ps)
      read <- readNanos(days)
      warm <- ps.traverse(p => fromDisk(days, setup, p, commands))
      colds <- ps.traverse(cold)
      help <- median(coldRuns, jvm(mainClass, "--help"))
    } yield {
      val alone = memory.head
      val loops = memory.tail
      out(f"${"run"}%-30s  ${"parallelism"}%11s  ${"M commands/s"}%12s  ${"per core"}%9s  ${"vs memory"}%9s")
      def row(label: String, p: Int, nanos: Long): Unit = {
        val perCore = commands * 1e9 / nanos / p / 1e6
        val mem = loops.find(_.parallelism == p).fold(Double.NaN)(f => f.commandsPerSecond / 1e6 / p)
        out(f"$label%-30s  $p%11d  ${perCore * p}%12.2f  $perCore%9.2f  ${perCore / mem}%8.2fx")
      }
      row("engine alone, in memory", 1, alone.nanos)
      loops.foreach(f => row("engine + strategy, in memory", f.parallelism, f.nanos))
      warm.foreach(r => row("from disk, warm", r.parallelism, r.nanos))
      colds.foreach(r => row("from disk, cold (whole run)", r.parallelism, r.nanos))
      colds.foreach(r => row("from disk, cold (days loop)", r.parallelism, r.loopNanos))
      if (ps.size > 1) {
        def speedup(a: Long, b: Long) = a.toDouble / b
        out(
          f"speedup at $cores cores: in memory ${speedup(loops.head.nanos, loops.last.nanos)}%.2fx, from disk warm " +
            f"${speedup(warm.head.nanos, warm.last.nanos)}%.2fx, cold ${speedup(colds.head.nanos, colds.last.nanos)}%.2fx " +
            f"(days loop ${speedup(colds.head.loopNanos, colds.last.loopNanos)}%.2fx); target 1.70x at 2 cores"
        )
      }
      val c = colds.head
      val strategyNs = loops.head.nanos - alone.nanos
      val cold = c.loopNanos - warm.head.nanos
      def s(ns: Long) = f"${ns / 1e9}%.2f s"
      out(
        s"where a cold run at parallelism 1 goes (${s(c.nanos)}): start-up to a parsed command (mvt --help) ${s(help._1)}; " +
          s"listing, summary and exit ${s(c.nanos - c.loopNanos - help._1)}; in the days loop: reading and decoding ${s(read)}, " +
          s"engine ${s(alone.nanos)}, strategy ${s(strategyNs)}, the rest (cold JIT, allocation, the loop's own work) " +
          s"${s(c.loopNanos - read - alone.nanos - strategyNs)} (of which cold vs warm ${s(cold)})"
      )
    }
  }
}
