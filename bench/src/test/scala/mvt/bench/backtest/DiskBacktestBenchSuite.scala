package mvt.bench.backtest

import cats.effect.unsafe.implicits.global
import mvt.backtest.{Backtest, DayFile, DaySetup, StrategyKind, StrategySpec}
import mvt.core.Account
import mvt.orderbook.Engine
import mvt.trader.orders.OrderRules

import java.nio.file.Files

class DiskBacktestBenchSuite extends munit.FunSuite {

  private val setup = DaySetup(
    StrategySpec.of(StrategyKind.SpreadCapture, Nil).toOption.get,
    OrderRules(Account(Int.MaxValue), 0L, 1000L),
    java.math.BigDecimal.ZERO,
    Engine.Fast
  )

  private def tempDir() = {
    val d = Files.createTempDirectory("mvt-disk-bench-")
    d.toFile.deleteOnExit()
    d
  }

  test(
    "the days written to disk read back as the generated ones, and run from disk to the in-memory results"
  ) {
    val dir = tempDir()
    val dates = DiskBacktestBench.writeDays(dir, 3, 5000, 7L).unsafeRunSync()
    val days = DayFile.list(dir, None, None).toOption.get
    assertEquals(days.map(_.date), dates)
    assert(days.forall(d => !Files.exists(d.path.resolveSibling(d.path.getFileName.toString + ".part"))))
    val loaded = DiskBacktestBench.load(days).unsafeRunSync().toOption.get
    val generated = BacktestBench.days(3, 5000, 7L)
    assertEquals(loaded.map(_._1), generated.map(_._1))
    assertEquals(loaded.map(_._2.size), generated.map(_._2.size))
    val fromDisk = Backtest.run(days, setup, 2).unsafeRunSync()
    assert(fromDisk.failures.isEmpty)
    val inMemory = loaded.map { (date, batch) =>
      val loop =
        new mvt.backtest.ClosedLoopDay(setup.engine, setup.strategy.build(), setup.rules, setup.feePerShare)
      batch.replay(loop)
      loop.finish(date)
    }
    assertEquals(fromDisk.results, inMemory)
    val commands = loaded.map(_._2.size.toLong).sum
    val run = DiskBacktestBench.fromDisk(days, setup, 1, commands).unsafeRunSync()
    assert(run.nanos > 0 && run.commands == commands && run.parallelism == 1, run)
    assert(DiskBacktestBench.readNanos(days).unsafeRunSync() > 0)
  }

  test("a day that cannot be read is named, not measured") {
    val dir = tempDir()
    DiskBacktestBench.writeDays(dir, 1, 5000, 7L).unsafeRunSync()
    Files.writeString(dir.resolve("2026-03-03.csv"), "garbage line\n")
    val days = DayFile.list(dir, None, None).toOption.get
    val e = DiskBacktestBench.load(days).unsafeRunSync()
    assert(e.left.exists(_.contains("2026-03-03.csv")), e)
  }

  test("a forked JVM is timed to its exit, and one that fails is an error with its output") {
    val (wall, loop) =
      DiskBacktestBench.forked(DiskBacktestBench.jvm("mvt.bench.MinimalMain")).unsafeRunSync()
    assert(wall > 0 && loop == wall)
    val failed =
      DiskBacktestBench.forked(DiskBacktestBench.jvm("mvt.bench.NoSuchMain")).attempt.unsafeRunSync()
    assert(failed.left.exists(_.getMessage.contains("NoSuchMain")), failed)
  }
}
