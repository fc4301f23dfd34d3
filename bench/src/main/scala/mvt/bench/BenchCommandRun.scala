package mvt.bench

import cats.effect.{ExitCode, IO}
import mvt.core.Interrupts
import mvt.core.console.{Blocking, Outputs, Terminal}

/**
 * A benchmark run as `mvt bench <name>`: its output files opened, then committed or discarded, as every command's
 * are (`Outputs`), its input loaded first, its blocking work given a [[BenchConsole]] on the terminal and those
 * files, with the interrupt handler keeping its record.
 */
object BenchCommandRun {

  /** Runs a benchmark's blocking work with its outputs open; status 0 once it ends. */
  def apply(name: String, t: Terminal, inputs: List[String], outputs: List[Option[String]])(
      body: BenchConsole => Unit
  ): IO[ExitCode] = use(name, t, inputs, outputs)(c => Blocking(body(c)).as(ExitCode.Success))

  /** Runs `body` with the benchmark's outputs open: the status is `body`'s. */
  def use(name: String, t: Terminal, inputs: List[String], outputs: List[Option[String]])(
      body: BenchConsole => IO[ExitCode]
  ): IO[ExitCode] = Outputs.use(s"bench $name", t, inputs, outputs)(o => body(console(t, o)))

  /** Runs the work of `body` on the input `loaded`, or ends with its status when it could not be loaded. */
  def loaded[A](loaded: IO[Either[ExitCode, A]])(body: A => Unit): IO[ExitCode] =
    loaded.flatMap(_.fold(IO.pure, a => Blocking(body(a)).as(ExitCode.Success)))

  // the terminal, the opened outputs and the interrupt handler's records, as a benchmark sees them
  private def console(t: Terminal, o: Outputs.Opened): BenchConsole = BenchConsole(
    t.out,
    t.err,
    new BenchConsole.Files {
      def stream(path: String): java.io.OutputStream = o(path)
      def text(path: String, text: String): Unit = o.text(path, text)
    },
    Interrupts.done,
    Interrupts.remember
  )
}
