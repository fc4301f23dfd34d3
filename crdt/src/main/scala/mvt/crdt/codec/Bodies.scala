package mvt.crdt.codec

import mvt.crdt.*

import scala.collection.immutable.SortedSet

/**
 * The bodies of every message, shared by the public codecs. Collections are written as a count and
 * then their entries in ascending order of their unsigned bytes, which makes the bytes
 * deterministic; readers check that order strictly, which also refuses duplicates.
 */
private[codec] object Bodies {

  /** Writes `items` sorted by their own encodings; keys are self-delimiting, so this sorts by key. */
  def writeSorted[A](items: Iterable[A], out: WireWriter)(write: (A, WireWriter) => Unit): Unit = {
    val encoded = items.iterator.map { a =>
      val w = new WireWriter(16)
      write(a, w)
      w.toByteArray
    }.toArray
    java.util.Arrays.sort(encoded, (x: Array[Byte], y: Array[Byte]) => java.util.Arrays.compareUnsigned(x, y))
    out.writeVarLong(encoded.length.toLong)
    encoded.foreach(out.writeBytes)
  }

  /** Reads what [[writeSorted]] wrote, checking that the keys ascend strictly. */
  def readSorted[K, V](
      in: WireReader,
      what: String
  )(key: WireReader => K)(value: (K, WireReader) => V): Map[K, V] = {
    val n = in.readCount(what)
    val b = Map.newBuilder[K, V]
    var prevFrom = -1
    var prevTo = -1
    var i = 0
    while (i < n) {
      val from = in.offset
      val k = key(in)
      val to = in.offset
      if (prevFrom >= 0 && !in.sliceBefore(prevFrom, prevTo, from, to))
        in.fail(s"$what in strictly ascending byte order", "an entry out of order or repeated", from)
      b += k -> value(k, in)
      prevFrom = from
      prevTo = to
      i += 1
    }
    b.result()
  }

  def set[A](element: ElementCodec[A]): ElementCodec[Set[A]] = new ElementCodec[Set[A]] {
    def write(a: Set[A], out: WireWriter): Unit = writeSorted(a, out)(element.write)
    def read(in: WireReader): Set[A] = readSorted(in, "set elements")(element.read)((_, _) => ()).keySet
  }

  def positive(in: WireReader, what: String): Long = {
    val start = in.offset
    val v = in.readVarLong(what)
    if (v == 0L) in.fail(s"$what above 0 (zero entries are not stored)", "0", start)
    v
  }

  val gCounter: ElementCodec[GCounter] = new ElementCodec[GCounter] {
    def write(a: GCounter, out: WireWriter): Unit =
      writeSorted(a.counts, out) { (e, w) =>
        ElementCodec.replicaId.write(e._1, w)
        w.writeVarLong(e._2)
      }
    def read(in: WireReader): GCounter =
      GCounter.fromCounts(
        readSorted(in, "G-Counter entries")(ElementCodec.replicaId.read)((_, r) => positive(r, "a count"))
      )
  }

  val pnCounter: ElementCodec[PNCounter] = new ElementCodec[PNCounter] {
    def write(a: PNCounter, out: WireWriter): Unit = {
      gCounter.write(a.increments, out)
      gCounter.write(a.decrements, out)
    }
    def read(in: WireReader): PNCounter = PNCounter.fromHalves(gCounter.read(in), gCounter.read(in))
  }

  def gSet[A](element: ElementCodec[A]): ElementCodec[GSet[A]] = new ElementCodec[GSet[A]] {
    private val elements = set(element)
    def write(a: GSet[A], out: WireWriter): Unit = elements.write(a.elements, out)
    def read(in: WireReader): GSet[A] = GSet.fromElements(elements.read(in))
  }

  def twoPhaseSet[A](element: ElementCodec[A]): ElementCodec[TwoPhaseSet[A]] =
    new ElementCodec[TwoPhaseSet[A]] {
      private val half = gSet(element)
      def write(a: TwoPhaseSet[A], out: WireWriter): Unit = {
        half.write(a.added, out)
        half.write(a.removed, out)
      }
      def read(in: WireReader): TwoPhaseSet[A] = TwoPhaseSet.fromHalves(half.read(in), half.read(in))
    }

  def pnCounterMap[K](key: ElementCodec[K]): ElementCodec[PNCounterMap[K]] =
    new ElementCodec[PNCounterMap[K]] {
      def write(a: PNCounterMap[K], out: WireWriter): Unit =
        writeSorted(a.counters, out) { (e, w) =>
          key.write(e._1, w)
          pnCounter.write(e._2, w)
        }
      def read(in: WireReader): PNCounterMap[K] =
        PNCounterMap.fromCounters(readSorted(in, "PN-Counter map entries")(key.read) { (_, r) =>
          val start = r.offset
          val c = pnCounter.read(r)
          if (c == PNCounter.empty) r.fail("a PN-Counter with an entry", "an empty PN-Counter", start)
          c
        })
    }

  val clientBalances: ElementCodec[ClientBalances] = new ElementCodec[ClientBalances] {
    private val counters = pnCounterMap(ElementCodec.clientId)
    def write(a: ClientBalances, out: WireWriter): Unit = counters.write(a.counters, out)
    def read(in: WireReader): ClientBalances = ClientBalances.fromCounters(counters.read(in))
  }

  /** The increments, the decrements, then the transfer totals sorted by their (from, to) bytes. */
  val boundedCounter: ElementCodec[BoundedCounter] = new ElementCodec[BoundedCounter] {
    def write(a: BoundedCounter, out: WireWriter): Unit = {
      gCounter.write(a.increments, out)
      gCounter.write(a.decrements, out)
      writeSorted(a.transfers, out) { (e, w) =>
        ElementCodec.replicaId.write(e._1.from, w)
        ElementCodec.replicaId.write(e._1.to, w)
        w.writeVarLong(e._2)
      }
    }
    def read(in: WireReader): BoundedCounter = {
      val inc = gCounter.read(in)
      val dec = gCounter.read(in)
      val transfers = readSorted(in, "bounded counter transfers") { r =>
        val at = r.offset
        val from = ElementCodec.replicaId.read(r)
        val to = ElementCodec.replicaId.read(r)
        if (from == to) r.fail("a transfer between two replicas", s"one from ${from.value} to itself", at)
        BoundedCounter.Edge(from, to)
      }((_, r) => positive(r, "a transfer total"))
      BoundedCounter.fromParts(inc, dec, transfers)
    }
  }

  val tradingDay: ElementCodec[TradingDay] = new ElementCodec[TradingDay] {
    def write(a: TradingDay, out: WireWriter): Unit = out.writeZigZagLong(a.epochDay)
    def read(in: WireReader): TradingDay = {
      val start = in.offset
      val d = in.readZigZagLong("a trading day (days since 1970-01-01)")
      // LocalDate's range, about a billion years either way.
      if (math.abs(d) > 365243219162L) in.fail("a day within LocalDate's range", s"epoch day $d", start)
      TradingDay.ofEpochDay(d)
    }
  }

  val blacklist: ElementCodec[Blacklist] = new ElementCodec[Blacklist] {
    private val clients = gSet(ElementCodec.clientId)
    def write(a: Blacklist, out: WireWriter): Unit =
      writeSorted(a.days, out) { (e, w) =>
        tradingDay.write(e._1, w)
        clients.write(e._2, w)
      }
    def read(in: WireReader): Blacklist =
      Blacklist.fromDays(readSorted(in, "blacklist days")(tradingDay.read) { (_, r) =>
        val start = r.offset
        val s = clients.read(r)
        if (s.size == 0) r.fail("a day with at least one client", "an empty day", start)
        s
      })
  }

  val dot: ElementCodec[Dot] = new ElementCodec[Dot] {
    def write(a: Dot, out: WireWriter): Unit = {
      ElementCodec.replicaId.write(a.replica, out)
      out.writeVarLong(a.seq)
    }
    def read(in: WireReader): Dot = Dot(ElementCodec.replicaId.read(in), positive(in, "a sequence number"))
  }

  val delivered: ElementCodec[Delivered] = new ElementCodec[Delivered] {
    def write(a: Delivered, out: WireWriter): Unit =
      writeSorted(a.origins, out) { (e, w) =>
        ElementCodec.replicaId.write(e._1, w)
        w.writeVarLong(e._2.contiguous)
        w.writeVarLong(e._2.early.size.toLong)
        e._2.early.foreach(w.writeVarLong)
      }
    def read(in: WireReader): Delivered =
      Delivered.fromOrigins(readSorted(in, "delivery records")(ElementCodec.replicaId.read)((_, r) =>
        origin(r)
      ))

    // Canonical form: early sequence numbers ascend strictly and leave a gap after the frontier.
    private def origin(in: WireReader): Delivered.Origin = {
      val start = in.offset
      val contiguous = in.readVarLong("a contiguous frontier")
      val n = in.readCount("early sequence numbers")
      if (contiguous == 0L && n == 0)
        in.fail("a delivery record with a sequence number", "an empty one", start)
      var prev = contiguous + 1L
      val early = SortedSet.newBuilder[Long]
      var i = 0
      while (i < n) {
        val at = in.offset
        val seq = in.readVarLong("an early sequence number")
        if (seq <= prev) in.fail(s"an early sequence number above $prev", seq.toString, at)
        early += seq
        prev = seq
        i += 1
      }
      Delivered.Origin.of(contiguous, early.result())
    }
  }
}
