package mvt.cluster

import org.HdrHistogram.{Histogram, Recorder}

import java.nio.ByteBuffer
import java.util.Base64

/**
 * How long a trader node's balance checks took, from the call until the order may go (in `majority`, until the
 * write settled). Any thread records (wait-free, no allocation); [[event]] reads everything so far, from one
 * reporting thread at a time.
 */
final class AuthorizationTimes {

  private val recorder = new Recorder(3)
  private val total = new Histogram(3) // the reporting thread's, under this object's lock

  /** One check that took `nanos`. */
  def record(nanos: Long): Unit = recorder.recordValue(math.max(1L, nanos))

  /** Every check so far, as a node reports it: count, median, 99th percentile and the whole histogram. */
  def event: NodeEvent.Authorizations = synchronized {
    total.add(recorder.getIntervalHistogram)
    val buf = ByteBuffer.allocate(total.getNeededByteBufferCapacity)
    val n = total.encodeIntoCompressedByteBuffer(buf)
    NodeEvent.Authorizations(
      total.getTotalCount,
      total.getValueAtPercentile(50.0),
      total.getValueAtPercentile(99.0),
      Base64.getEncoder.encodeToString(java.util.Arrays.copyOf(buf.array, n))
    )
  }
}

object AuthorizationTimes {

  /** The histogram an [[NodeEvent.Authorizations]] carries, or why it holds none. */
  def histogram(e: NodeEvent.Authorizations): Either[String, Histogram] =
    try Right(Histogram.decodeFromCompressedByteBuffer(
        ByteBuffer.wrap(Base64.getDecoder.decode(e.histogram)),
        0L
      ))
    catch { case ex: Exception => Left(s"not a histogram: ${ex.getMessage}") }
}
