package mvt.portal

import cats.effect.unsafe.IORuntime
import cats.effect.{IO, Resource}

/**
 * A cats-effect runtime with compute workers of its own, for work that must not queue behind the rest of the
 * process: the portal's HTTP behind a busy ingest, a load generator's clients beside the server they load.
 */
object OwnRuntime {

  /**
   * A runtime of `threads` compute workers named `prefix-N`, shut down on release. Its workers do not poll sockets
   * themselves (`SleepSystem`; fs2's sockets then complete through the JDK's asynchronous channels): with the
   * selector integrated into the workers (cats-effect 3.6's default), a worker parked in it may leave a ready
   * event or a fiber woken from another thread undelivered until its next timer (typelevel/cats-effect#4628),
   * which on one worker held the live figures' events back by up to the portal's one-second sweep.
   */
  def apply(threads: Int, prefix: String): Resource[IO, IORuntime] =
    Resource.make(IO {
      val (compute, poller, shutdown) =
        IORuntime.createWorkStealingComputeThreadPool(
          threads = threads,
          threadPrefix = prefix,
          pollingSystem = cats.effect.unsafe.SleepSystem
        )
      IORuntime.builder().setCompute(compute, shutdown).addPoller(poller, () => ()).build()
    })(rt => IO(rt.shutdown()))

  /** Runs `io` on `rt` and hands its outcome back to the caller's runtime. */
  def on[A](rt: IORuntime)(io: IO[A]): IO[A] = IO.fromFuture(IO(io.unsafeToFuture()(using rt)))

  /**
   * `r` acquired and released on `rt`: what it starts in the background (a server's accept loop and its
   * connections) runs on `rt`'s workers.
   */
  def lift[A](rt: IORuntime)(r: Resource[IO, A]): Resource[IO, A] =
    Resource.make(on(rt)(r.allocated))((_, release) => on(rt)(release)).map(_._1)
}
