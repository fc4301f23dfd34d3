package mvt.cli

import java.io.{ByteArrayInputStream, ByteArrayOutputStream, PrintStream}
import java.nio.charset.StandardCharsets.UTF_8

/**
 * `mvt` builds only the subcommand it runs, listing the others by the names and headers `Cli.Subcommands`
 * repeats: the help and usage errors must read exactly as the whole tree's, so that list never drifts from
 * what each command declares.
 */
class LazyCommandSuite extends munit.FunSuite {

  private val t = Terminal(
    new ByteArrayInputStream(Array.emptyByteArray),
    new PrintStream(new ByteArrayOutputStream, true, UTF_8),
    new PrintStream(new ByteArrayOutputStream, true, UTF_8)
  )

  private def both(args: String*): (String, String) = {
    def show(e: Either[com.monovore.decline.Help, ?]) = e.left.map(_.toString).left.getOrElse("parsed")
    (show(Cli.command(t).parse(args, Map.empty)), show(Cli.commandFor(args.toList, t).parse(args, Map.empty)))
  }

  test("the top level's help and its errors read as the whole tree's") {
    for (args <- Vector(Vector("--help"), Vector.empty, Vector("nosuch"), Vector("--nosuch"))) {
      val (whole, lazily) = both(args*)
      assertEquals(lazily, whole, s"mvt ${args.mkString(" ")}")
    }
  }

  test("every subcommand's help reads as in the whole tree, and the listed names are the real ones") {
    assertEquals(Cli.Subcommands.map(_.name).distinct.size, Cli.Subcommands.size)
    for (c <- Cli.Subcommands) {
      val (whole, lazily) = both(c.name, "--help")
      assertEquals(lazily, whole, s"mvt ${c.name} --help")
      assert(whole.contains(s"mvt ${c.name}"), whole.take(200))
    }
  }

  test("a usage error inside a subcommand reads as in the whole tree") {
    val (whole, lazily) = both("match", "--engine", "nosuch", "--in", "x.csv")
    assertEquals(lazily, whole)
  }
}
