package mvt.core

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{FileSystems, Files, Path, Paths}
import scala.jdk.CollectionConverters.*

/**
 * One conformance vector of `resources/conformance/`: a commands file with its expected events and either the
 * expected snapshot with the trade and quote feeds, or the line of the expected format error.
 */
final case class ConformanceCase(
    name: String,
    commands: Array[Byte],
    events: String,
    snapshot: Option[String],
    errorLine: Option[Long],
    trades: Option[String],
    quotes: Option[String]
) {
  override def toString: String = name
}

/** Discovers the conformance vectors on the test classpath by listing their folder; nothing is hard-coded. */
object ConformanceCases {
  val Folder = "conformance"
  private val CommandsSuffix = ".commands.csv"
  private val ErrorLine = """(?s)\s*line (\d+)\s*""".r

  /** Every case, sorted by name. Fails loudly when a case lacks a file it needs. */
  lazy val all: Vector[ConformanceCase] = {
    val dir = folder()
    def read(file: String): Option[Array[Byte]] = {
      val p = dir.resolve(file)
      if (Files.exists(p)) Some(Files.readAllBytes(p)) else None
    }
    val names = Files.list(dir).iterator.asScala.map(_.getFileName.toString)
      .filter(_.endsWith(CommandsSuffix)).map(_.stripSuffix(CommandsSuffix)).toVector.sorted
    names.map { name =>
      def need(suffix: String) =
        read(name + suffix).getOrElse(
          throw new IllegalStateException(s"conformance case $name has no $suffix")
        )
      val errorLine = read(name + ".error").map(b =>
        new String(b, UTF_8) match {
          case ErrorLine(n) => n.toLong
          case other => throw new IllegalStateException(s"$name.error is not 'line N': $other")
        }
      )
      val snapshot = read(name + ".snapshot.csv").map(new String(_, UTF_8))
      if (errorLine.isDefined == snapshot.isDefined)
        throw new IllegalStateException(
          s"conformance case $name needs exactly one of .error and .snapshot.csv"
        )
      val trades = snapshot.map(_ => new String(need(".trades.csv"), UTF_8))
      val quotes = snapshot.map(_ => new String(need(".quotes.csv"), UTF_8))
      val events = new String(need(".events.csv"), UTF_8)
      ConformanceCase(name, need(CommandsSuffix), events, snapshot, errorLine, trades, quotes)
    }
  }

  /** The names of every file in the folder (for checks that nothing is left unused). */
  def fileNames: Vector[String] =
    Files.list(folder()).iterator.asScala.map(_.getFileName.toString).toVector.sorted

  private def folder(): Path = {
    val url = Option(getClass.getClassLoader.getResource(s"$Folder/README.md"))
      .getOrElse(throw new IllegalStateException(s"$Folder/README.md is not on the test classpath"))
    val uri = url.toURI
    if (uri.getScheme == "jar") {
      val fs =
        try FileSystems.newFileSystem(uri, java.util.Map.of[String, Any]())
        catch { case _: java.nio.file.FileSystemAlreadyExistsException => FileSystems.getFileSystem(uri) }
      fs.provider().getPath(uri).getParent
    } else Paths.get(uri).getParent
  }
}
