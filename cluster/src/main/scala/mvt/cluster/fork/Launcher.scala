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
   * node's durable ledger needs ([[mvt.cluster.NodeConfig.LmdbJvmOptions]]).
   */
  def thisJvm(mainClass: String, options: String*): Launcher =
    Launcher(
      (Path.of(System.getProperty("java.home"), "bin", "java").toString +: options.toVector) ++
        mvt.cluster.NodeConfig.LmdbJvmOptions ++
        Vector("-cp", System.getProperty("java.class.path"), mainClass)
    )
}
