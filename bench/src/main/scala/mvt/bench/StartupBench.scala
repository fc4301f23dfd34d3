package mvt.bench

import cats.effect.IO
import cats.syntax.all.*
import mvt.bench.backtest.DiskBacktestBench

/**
 * Start-up as a user pays it: the median wall time, fork to exit, of `runs` fresh processes each of a bare
 * `java -version`, [[MinimalMain]] and the tool's `--help` (both with this JVM's flags and class path), and of
 * the `mvt` launcher script itself when the launcher names itself in `MVT_LAUNCHER`; all in the same run.
 */
object StartupBench {

  /** One measured command: its label and median wall time. */
  final case class Figure(label: String, nanos: Long)

  /** The figures, in the order above; `mainClass` is the tool's entry point. */
  def run(runs: Int, mainClass: String): IO[Vector[Figure]] = {
    import DiskBacktestBench.{javaCommand, jvm, median}
    val launcher = sys.env.get("MVT_LAUNCHER").filter(p => new java.io.File(p).canExecute)
    val commands = Vector(
      "java -version" -> Vector(javaCommand, "-version"),
      "minimal Scala main" -> jvm("mvt.bench.MinimalMain"),
      "mvt --help (JVM)" -> jvm(mainClass, "--help")
    ) ++ launcher.map(l => "mvt --help (launcher)" -> Vector(l, "--help"))
    // one unmeasured run of each first, so every command starts with its files in the page cache
    commands.traverse_((_, c) => DiskBacktestBench.forked(c)) *>
      commands.traverse((label, c) => median(runs, c).map(r => Figure(label, r._1)))
  }

  /** The table, each figure against the minimal main's. */
  def render(figures: Vector[Figure]): Vector[String] = {
    val base = figures.find(_.label == "minimal Scala main").fold(1L)(_.nanos).toDouble
    f"${"command"}%-24s  ${"median ms"}%9s  ${"vs minimal main"}%15s" +:
      figures.map(f => f"${f.label}%-24s  ${f.nanos / 1e6}%9.0f  ${f.nanos / base}%14.2fx")
  }
}
