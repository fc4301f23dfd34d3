package mvt.core.console

import java.io.{InputStream, PrintStream}

/** The standard streams a command talks to; passed explicitly so tests can run commands in-process. */
final case class Terminal(in: InputStream, out: PrintStream, err: PrintStream)

object Terminal {

  /** The process's own streams. */
  def system: Terminal = Terminal(System.in, System.out, System.err)
}
