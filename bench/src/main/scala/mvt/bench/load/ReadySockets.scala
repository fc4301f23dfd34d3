package mvt.bench.load

import java.io.IOException
import java.nio.ByteBuffer
import java.nio.channels.{ReadableByteChannel, SelectionKey, Selector}

/**
 * One pass over the sockets a `select` found readable, for the bench's own non-blocking HTTP clients: each ready
 * socket is read once into a shared buffer and handed to a [[ReadySockets.Reader]] with what it read, or as ended.
 * Allocates nothing; on the selecting thread only.
 */
object ReadySockets {

  /** What a pass does with each ready socket; called on the selecting thread. */
  trait Reader {

    /** `n` (> 0) bytes of `key`'s socket were read into the buffer, from its start. */
    def read(key: SelectionKey, n: Int): Unit

    /** `key`'s socket ended: closed by its peer (`error` null) or failed to read. */
    def ended(key: SelectionKey, error: IOException): Unit
  }

  /** Reads every key in `selector`'s selected set (removing it) into `buf`, cleared first, and tells `reader`. */
  def readEach(selector: Selector, buf: ByteBuffer, reader: Reader): Unit = {
    val it = selector.selectedKeys.iterator
    while (it.hasNext) {
      val key = it.next()
      it.remove()
      buf.clear()
      var error: IOException = null
      val n =
        try key.channel.asInstanceOf[ReadableByteChannel].read(buf)
        catch { case e: IOException => error = e; -1 }
      if (n < 0) reader.ended(key, error)
      else if (n > 0) reader.read(key, n)
    }
  }
}
