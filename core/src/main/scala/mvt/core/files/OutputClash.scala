package mvt.core.files

import java.nio.file.{Files, Path}

/** The check every command makes before any work: no output may be an input, and no two outputs one file. */
object OutputClash {

  /**
   * Why these paths cannot be used together, if they cannot: an output that is an input, or two outputs that
   * are one file (standard output named twice included). Paths are as given, `-` for a standard stream; `stdin`
   * is the file standard input was redirected from, if any. Files are compared by identity (real path, inode).
   */
  def find(inputs: List[String], outputs: List[String], stdin: Option[Path]): Option[String] = {
    // the file behind a path, if it exists
    def identity(path: String): Option[Path] =
      if (path == "-") stdin
      else Some(Path.of(path)).filter(Files.exists(_))
    val ins = inputs.flatMap(identity)
    def same(a: Path, b: Path) =
      try Files.isSameFile(a, b)
      catch { case _: java.io.IOException => false }
    val asInput = outputs.find(o => identity(o).exists(op => ins.exists(same(_, op))))
    // an output that does not exist yet is its directory's real path and its name
    def place(o: String): Option[Path] =
      if (o == "-") None
      else {
        val p = Path.of(o).toAbsolutePath.normalize
        if (Files.exists(p)) Some(p.toRealPath())
        else Option(p.getParent).filter(Files.isDirectory(_)).map(_.toRealPath().resolve(p.getFileName))
      }
    val places = outputs.map(o => o -> place(o))
    val twice = outputs.diff(outputs.distinct).headOption.orElse(
      places.combinations(2).collectFirst {
        case List((a, Some(ap)), (_, Some(bp))) if ap == bp || same(ap, bp) => a
      }
    )
    asInput.map(o => s"refusing to overwrite the input file $o")
      .orElse(twice.map(o =>
        if (o == "-") "standard output is named as two outputs"
        else s"$o is named as two outputs; each output needs its own file"
      ))
  }
}
