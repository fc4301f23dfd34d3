package mvt.cli

import com.monovore.decline.Opts
import mvt.portal.PortalServer

/** `--http-threads N`: the compute workers of the portal's own runtime, for `mvt serve` and its benchmark. */
object HttpThreadsOpt {

  val opts: Opts[Int] =
    Opts.option[Int](
      "http-threads",
      s"Compute threads of the portal's own runtime; 0 serves on the process's, beside the ingest (default ${PortalServer.DefaultHttpThreads}: half the cores).",
      metavar = "N"
    )
      .withDefault(PortalServer.DefaultHttpThreads)
      .validate("--http-threads must be between 0 and 256")(n => n >= 0 && n <= 256)
}
