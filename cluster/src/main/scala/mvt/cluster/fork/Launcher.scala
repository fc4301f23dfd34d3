package mvt.cluster.fork

/**
 * How to start one `mvt` JVM: the command line before `mvt`'s own arguments (the java binary, its options, the
 * class path and the main class). The cli passes it in, since only it knows how it was started.
 */
final case class Launcher(command: Vector[String])
