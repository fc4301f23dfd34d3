package mvt.cluster.fork

import java.nio.file.Path

/**
 * How to start one `mvt` JVM: the command line before `mvt`'s own arguments (the java binary, its options, the
 * class path and the main class). The cli passes it in, since only it knows how it was started.
 */
final case class Launcher(command: Vector[String])

object Launcher {

  /**
   * A JVM like this one (its java and class path) running `mainClass`, with the JVM options `options` and those a
   * node's durable ledger needs ([[mvt.cluster.NodeConfig.LmdbJvmOptions]]), then those of the system property
   * `mvt.fork.jvm-options` (space-separated) if it is set; in tests, with the class-data archive of [[ForkArchive]].
   */
  def thisJvm(mainClass: String, options: String*): Launcher =
    Launcher(
      (Path.of(System.getProperty("java.home"), "bin", "java").toString +: options.toVector) ++
        mvt.cluster.NodeConfig.LmdbJvmOptions ++ extraOptions ++
        ForkArchive.classPath() :+ mainClass
    )

  /**
   * The JVM options of the system property `mvt.fork.jvm-options`, none if unset. The tests set it: their nodes
   * live for seconds, and on two cores the optimising compiler's threads of several fresh JVMs starve the nodes.
   */
  def extraOptions: Vector[String] =
    sys.props.get("mvt.fork.jvm-options").toVector.flatMap(_.trim.split("\\s+")).filter(_.nonEmpty)
}
