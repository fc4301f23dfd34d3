package mvt.trader
package pipeline

import cats.effect.unsafe.IORuntime

import java.util.concurrent.{Executors, ThreadFactory}
import java.util.concurrent.atomic.AtomicInteger
import scala.concurrent.ExecutionContext

/**
 * A cats-effect runtime for the `io` consumer whose compute pool is `threads` plain threads. Events arrive from a
 * thread outside the runtime, and on a 2-core machine the default work-stealing pool picked such submissions up
 * with a p99 of milliseconds (its idle workers wake late); a fixed pool's idle threads wait on its queue and
 * wake when an event is submitted. Any thread may submit to `runtime`; call `shutdown()` once, when done.
 */
final class DecisionRuntime(threads: Int) {
  require(threads >= 1, "a runtime needs at least one thread")
  private val pool = Executors.newFixedThreadPool(
    threads,
    new ThreadFactory {
      private val n = new AtomicInteger
      def newThread(r: Runnable): Thread = {
        val t = new Thread(r, s"mvt-decide-${n.incrementAndGet()}")
        t.setDaemon(true)
        t
      }
    }
  )

  val runtime: IORuntime =
    IORuntime.builder().setCompute(ExecutionContext.fromExecutor(pool), () => pool.shutdown()).build()

  def shutdown(): Unit = runtime.shutdown()
}
