package mvt.crdt.codec

import mvt.crdt.*

/**
 * The binary codecs of every CRDT state, delta and operation in [[mvt.crdt]], for the cluster's
 * messages. A delta has the same body as its state under another tag, so neither can be read as the
 * other. Generic types take the codec of their elements or keys. All codecs are immutable.
 */
object CrdtCodecs {

  val gCounter: BinaryCodec[GCounter] = state(Kind.GCounter, Bodies.gCounter)
  val gCounterDelta: BinaryCodec[Delta[GCounter]] = delta(Kind.GCounter, Bodies.gCounter)
  val gCounterOp: BinaryCodec[GCounterOp] = op(
    Kind.GCounter,
    (a, out) => {
      Bodies.dot.write(a.dot, out)
      out.writeVarLong(a.amount)
    },
    in => GCounterOp(Bodies.dot.read(in), in.readVarLong("an amount"))
  )
  val opGCounter: BinaryCodec[OpGCounter] = opReplica(
    Kind.GCounter,
    (a, out) => {
      out.writeVarLong(a.value)
      Bodies.delivered.write(a.delivered, out)
    },
    in => OpGCounter.of(in.readVarLong("a value"), Bodies.delivered.read(in))
  )

  val pnCounter: BinaryCodec[PNCounter] = state(Kind.PNCounter, Bodies.pnCounter)
  val pnCounterDelta: BinaryCodec[Delta[PNCounter]] = delta(Kind.PNCounter, Bodies.pnCounter)

  /** Dot, then 0 for an increment or 1 for a decrement, then the non-negative amount. */
  val pnCounterOp: BinaryCodec[PNCounterOp] = op(
    Kind.PNCounter,
    (a, out) => {
      Bodies.dot.write(a.dot, out)
      out.writeByte(a match {
        case _: PNCounterOp.Increment => 0
        case _: PNCounterOp.Decrement => 1
      })
      out.writeVarLong(a.amount)
    },
    in => {
      val dot = Bodies.dot.read(in)
      val at = in.offset
      in.readByte("0 (increment) or 1 (decrement)") match {
        case 0 => PNCounterOp.Increment(dot, in.readVarLong("an amount"))
        case 1 => PNCounterOp.Decrement(dot, in.readVarLong("an amount"))
        case b => in.fail("0 (increment) or 1 (decrement)", s"byte $b", at)
      }
    }
  )
  val opPNCounter: BinaryCodec[OpPNCounter] = opReplica(
    Kind.PNCounter,
    (a, out) => {
      out.writeVarLong(a.increments)
      out.writeVarLong(a.decrements)
      Bodies.delivered.write(a.delivered, out)
    },
    in =>
      OpPNCounter.of(in.readVarLong("increments"), in.readVarLong("decrements"), Bodies.delivered.read(in))
  )

  def gSet[A](element: ElementCodec[A]): BinaryCodec[GSet[A]] = state(Kind.GSet, Bodies.gSet(element))
  def gSetDelta[A](element: ElementCodec[A]): BinaryCodec[Delta[GSet[A]]] =
    delta(Kind.GSet, Bodies.gSet(element))
  def gSetOp[A](element: ElementCodec[A]): BinaryCodec[GSetOp[A]] = op(
    Kind.GSet,
    (a, out) => {
      Bodies.dot.write(a.dot, out)
      element.write(a.element, out)
    },
    in => GSetOp(Bodies.dot.read(in), element.read(in))
  )
  def opGSet[A](element: ElementCodec[A]): BinaryCodec[OpGSet[A]] = {
    val elements = Bodies.set(element)
    opReplica(
      Kind.GSet,
      (a, out) => {
        elements.write(a.elements, out)
        Bodies.delivered.write(a.delivered, out)
      },
      in => OpGSet.of(elements.read(in), Bodies.delivered.read(in))
    )
  }

  def twoPhaseSet[A](element: ElementCodec[A]): BinaryCodec[TwoPhaseSet[A]] =
    state(Kind.TwoPhaseSet, Bodies.twoPhaseSet(element))
  def twoPhaseSetDelta[A](element: ElementCodec[A]): BinaryCodec[Delta[TwoPhaseSet[A]]] =
    delta(Kind.TwoPhaseSet, Bodies.twoPhaseSet(element))

  def pnCounterMap[K](key: ElementCodec[K]): BinaryCodec[PNCounterMap[K]] =
    state(Kind.PNCounterMap, Bodies.pnCounterMap(key))
  def pnCounterMapDelta[K](key: ElementCodec[K]): BinaryCodec[Delta[PNCounterMap[K]]] =
    delta(Kind.PNCounterMap, Bodies.pnCounterMap(key))

  val clientBalances: BinaryCodec[ClientBalances] = state(Kind.ClientBalances, Bodies.clientBalances)
  val clientBalancesDelta: BinaryCodec[Delta[ClientBalances]] =
    delta(Kind.ClientBalances, Bodies.clientBalances)

  val blacklist: BinaryCodec[Blacklist] = state(Kind.Blacklist, Bodies.blacklist)
  val blacklistDelta: BinaryCodec[Delta[Blacklist]] = delta(Kind.Blacklist, Bodies.blacklist)

  val boundedCounter: BinaryCodec[BoundedCounter] = state(Kind.BoundedCounter, Bodies.boundedCounter)
  val boundedCounterDelta: BinaryCodec[Delta[BoundedCounter]] =
    delta(Kind.BoundedCounter, Bodies.boundedCounter)

  private def state[S](kind: Kind, body: ElementCodec[S]): BinaryCodec[S] =
    new BinaryCodec(Tag(kind, Form.State), body)

  private def delta[S](kind: Kind, body: ElementCodec[S]): BinaryCodec[Delta[S]] =
    new BinaryCodec(
      Tag(kind, Form.Delta),
      new ElementCodec[Delta[S]] {
        def write(a: Delta[S], out: WireWriter): Unit = body.write(a.state, out)
        def read(in: WireReader): Delta[S] = Delta.of(body.read(in))
      }
    )

  private def op[A](kind: Kind, write: (A, WireWriter) => Unit, read: WireReader => A): BinaryCodec[A] =
    framed(Tag(kind, Form.Operation), write, read)

  private def opReplica[A](
      kind: Kind,
      write: (A, WireWriter) => Unit,
      read: WireReader => A
  ): BinaryCodec[A] =
    framed(Tag(kind, Form.OpReplica), write, read)

  private def framed[A](tag: Tag, write: (A, WireWriter) => Unit, read: WireReader => A): BinaryCodec[A] =
    new BinaryCodec(tag, ElementCodec.of(write, read))
}
