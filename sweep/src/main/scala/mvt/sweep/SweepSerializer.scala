package mvt.sweep

import mvt.backtest.{DayFile, DayProblem, DayResult, DaySetup, StrategyKind, StrategySpec}
import mvt.sweep.SweepProtocol.*
import mvt.core.{Account, FormatError}
import mvt.crdt.codec.{WireReader, WireWriter}
import mvt.orderbook.Engine
import mvt.trader.orders.OrderRules
import mvt.workload.{CommandLog, SourceError}
import org.apache.pekko.actor.ExtendedActorSystem
import org.apache.pekko.actor.typed.scaladsl.adapter.*
import org.apache.pekko.actor.typed.{ActorRef, ActorRefResolver}
import org.apache.pekko.serialization.SerializerWithStringManifest

import java.io.NotSerializableException
import java.math.BigDecimal
import java.nio.file.Path
import java.time.LocalDate
import scala.collection.immutable.BitSet

/**
 * Writes every [[SweepMessage]] in the `crdt` codecs' wire form (varints, zigzag varints, UTF-8 strings): plans,
 * jobs and outcomes field by field, decimals as their exact string form (`BigDecimal.toString`, which
 * `new BigDecimal` reads back to the same unscaled value and scale), actor references in Pekko's resolver form, a
 * set of jobs as its bit mask. Decoding is strict: a wrong tag, an unknown strategy or engine, trailing bytes or
 * a value a constructor refuses fail with a `NotSerializableException`. Stateless and thread-safe.
 */
final class SweepSerializer(system: ExtendedActorSystem) extends SerializerWithStringManifest {
  import SweepSerializer.*

  private lazy val resolver = ActorRefResolver(system.toTyped)

  def identifier: Int = SweepSerializer.Identifier

  def manifest(o: AnyRef): String = o match {
    case _: Submit => "sS"
    case _: Ping => "sP"
    case _: Forget => "sF"
    case _: Request => "sR"
    case _: Finished => "sD"
    case _: Assign => "sA"
    case _: Pong => "sO"
    case _: Delivered => "sV"
    case other =>
      throw new IllegalArgumentException(s"${getClass.getName} cannot serialize ${other.getClass.getName}")
  }

  def toBinary(o: AnyRef): Array[Byte] = {
    val out = new WireWriter(128)
    o match {
      case Submit(id, plan, have, client) =>
        out.writeString(id)
        writePlan(out, plan)
        writeBits(out, have)
        writeRef(out, client)
      case Ping(id, have, client) =>
        out.writeString(id)
        writeBits(out, have)
        writeRef(out, client)
      case Forget(id) => out.writeString(id)
      case Request(worker, cap) =>
        writeRef(out, worker)
        out.writeVarLong(cap.toLong)
      case Finished(id, job, outcome, worker, cap) =>
        out.writeString(id)
        out.writeVarLong(job.toLong)
        writeOutcome(out, outcome)
        writeRef(out, worker)
        out.writeVarLong(cap.toLong)
      case Assign(id, job, setup, day) =>
        out.writeString(id)
        out.writeVarLong(job.toLong)
        writeSetup(out, setup)
        writeDay(out, day)
      case Pong(id, known, workers, reissued, duplicates) =>
        out.writeString(id)
        out.writeByte(if (known) 1 else 0)
        out.writeVarLong(workers.toLong)
        out.writeVarLong(reissued)
        out.writeVarLong(duplicates)
      case Delivered(id, job, outcome) =>
        out.writeString(id)
        out.writeVarLong(job.toLong)
        writeOutcome(out, outcome)
      case other =>
        throw new IllegalArgumentException(s"${getClass.getName} cannot serialize ${other.getClass.getName}")
    }
    out.toByteArray
  }

  def fromBinary(bytes: Array[Byte], manifest: String): AnyRef = {
    val in = new WireReader(bytes)
    try {
      val o: AnyRef = manifest match {
        case "sS" => Submit(in.readString("a sweep id"), readPlan(in), readBits(in), readRef(in))
        case "sP" => Ping(in.readString("a sweep id"), readBits(in), readRef(in))
        case "sF" => Forget(in.readString("a sweep id"))
        case "sR" => Request(readRef(in), readInt(in, "a capacity"))
        case "sD" =>
          Finished(
            in.readString("a sweep id"),
            readInt(in, "a job"),
            readOutcome(in),
            readRef(in),
            readInt(in, "a capacity")
          )
        case "sA" => Assign(in.readString("a sweep id"), readInt(in, "a job"), readSetup(in), readDay(in))
        case "sO" =>
          Pong(
            in.readString("a sweep id"),
            readFlag(in),
            readInt(in, "a worker count"),
            in.readVarLong("a re-issue count"),
            in.readVarLong("a duplicate count")
          )
        case "sV" => Delivered(in.readString("a sweep id"), readInt(in, "a job"), readOutcome(in))
        case other => throw new NotSerializableException(s"unknown manifest [$other] for ${getClass.getName}")
      }
      in.requireEnd()
      o
    } catch {
      case e: NotSerializableException => throw e
      case e: RuntimeException =>
        throw new NotSerializableException(s"sweep message $manifest: ${e.getMessage}")
    }
  }

  private def writeRef(out: WireWriter, ref: ActorRef[?]): Unit =
    out.writeString(resolver.toSerializationFormat(ref))

  private def readRef[T](in: WireReader): ActorRef[T] =
    resolver.resolveActorRef[T](in.readString("an actor reference"))

  private def writePlan(out: WireWriter, p: SweepPlan): Unit = {
    writeSetup(out, p.base)
    out.writeVarLong(p.specs.size.toLong)
    p.specs.foreach(writeSpec(out, _))
    out.writeVarLong(p.days.size.toLong)
    p.days.foreach(writeDay(out, _))
  }

  private def readPlan(in: WireReader): SweepPlan = {
    val base = readSetup(in)
    val specs = Vector.fill(in.readCount("combinations"))(readSpec(in))
    val days = Vector.fill(in.readCount("days"))(readDay(in))
    SweepPlan(specs, days, base)
  }
}

object SweepSerializer {

  /** Pekko reserves 0 to 40; distinct from [[mvt.cluster.CrdtSerializer]]'s. */
  val Identifier: Int = 7_151_002

  private def readInt(in: WireReader, what: String): Int = {
    val v = in.readVarLong(what)
    if (v > Int.MaxValue) in.fail(what, s"$v, above ${Int.MaxValue}")
    v.toInt
  }

  private def readFlag(in: WireReader): Boolean = in.readByte("a flag") match {
    case 0 => false
    case 1 => true
    case b => in.fail("a flag 0 or 1", b.toString)
  }

  private def writeDecimal(out: WireWriter, d: BigDecimal): Unit = out.writeString(d.toString)

  private def readDecimal(in: WireReader, what: String): BigDecimal = {
    val s = in.readString(what)
    try new BigDecimal(s)
    catch { case _: NumberFormatException => in.fail(what, s"\"$s\"") }
  }

  private def writeDate(out: WireWriter, d: LocalDate): Unit = out.writeZigZagLong(d.toEpochDay)

  private def readDate(in: WireReader): LocalDate = LocalDate.ofEpochDay(in.readZigZagLong("a date"))

  private def writeBits(out: WireWriter, b: BitSet): Unit = {
    val mask = b.toBitMask
    out.writeVarLong(mask.length.toLong)
    mask.foreach(out.writeZigZagLong)
  }

  private def readBits(in: WireReader): BitSet = {
    val n = in.readCount("bit-mask words")
    BitSet.fromBitMaskNoCopy(Array.fill(n)(in.readZigZagLong("a bit-mask word")))
  }

  private def writeSpec(out: WireWriter, s: StrategySpec): Unit = {
    out.writeString(s.kind.label)
    s.kind.params.foreach((n, _) => out.writeZigZagLong(s.params(n)))
  }

  private def readSpec(in: WireReader): StrategySpec = {
    val label = in.readString("a strategy")
    val kind = StrategyKind.parse(label).getOrElse(in.fail(s"one of ${StrategyKind.names}", s"\"$label\""))
    StrategySpec(kind, kind.params.map((n, _) => n -> in.readZigZagLong(s"parameter $n")).toMap)
  }

  private def writeSetup(out: WireWriter, s: DaySetup): Unit = {
    writeSpec(out, s.strategy)
    out.writeVarLong(s.rules.account.value.toLong)
    out.writeVarLong(s.rules.latencyNanos)
    out.writeVarLong(s.rules.maxPosition)
    writeDecimal(out, s.feePerShare)
    out.writeString(s.engine.label)
  }

  private def readSetup(in: WireReader): DaySetup = {
    val spec = readSpec(in)
    val account = readInt(in, "an account")
    val rules = OrderRules(Account(account), in.readVarLong("a latency"), in.readVarLong("a position limit"))
    val fee = readDecimal(in, "a fee")
    val label = in.readString("an engine")
    val engine = Engine.parse(label).getOrElse(in.fail(s"one of ${Engine.names}", s"\"$label\""))
    DaySetup(spec, rules, fee, engine)
  }

  private def writeDay(out: WireWriter, d: DayFile): Unit = {
    writeDate(out, d.date)
    out.writeString(d.path.toString)
  }

  private def readDay(in: WireReader): DayFile = DayFile(readDate(in), Path.of(in.readString("a day's path")))

  private def writeOutcome(out: WireWriter, o: Outcome): Unit = o match {
    case Right(r) =>
      out.writeByte(0)
      writeDate(out, r.date)
      writeDecimal(out, r.pnl)
      out.writeZigZagLong(r.fills)
      out.writeZigZagLong(r.volume)
      writeDecimal(out, r.fees)
      out.writeZigZagLong(r.maxPosition)
      writeDecimal(out, r.slippage)
      writeDecimal(out, r.notional)
      out.writeZigZagLong(r.commands)
      out.writeZigZagLong(r.orders)
      out.writeZigZagLong(r.unflattened)
    case Left(DayProblem.Source(SourceError.Format(e))) =>
      out.writeByte(1)
      out.writeZigZagLong(e.line)
      out.writeString(e.detail)
    case Left(DayProblem.Source(SourceError.Log(e))) =>
      out.writeByte(2)
      out.writeZigZagLong(e.offset)
      out.writeString(e.detail)
    case Left(DayProblem.Collision(id)) =>
      out.writeByte(3)
      out.writeZigZagLong(id)
    case Left(DayProblem.Io(message)) =>
      out.writeByte(4)
      out.writeString(message)
  }

  private def readOutcome(in: WireReader): Outcome = in.readByte("an outcome tag") match {
    case 0 =>
      Right(
        DayResult(
          readDate(in),
          readDecimal(in, "a PnL"),
          in.readZigZagLong("fills"),
          in.readZigZagLong("a volume"),
          readDecimal(in, "fees"),
          in.readZigZagLong("a position"),
          readDecimal(in, "a slippage"),
          readDecimal(in, "a notional"),
          in.readZigZagLong("commands"),
          in.readZigZagLong("orders"),
          in.readZigZagLong("units left open")
        )
      )
    case 1 => Left(DayProblem.Source(SourceError.Format(FormatError(
        in.readZigZagLong("a line"),
        in.readString("a detail")
      ))))
    case 2 =>
      Left(DayProblem.Source(SourceError.Log(CommandLog.LogError(
        in.readZigZagLong("an offset"),
        in.readString("a detail")
      ))))
    case 3 => Left(DayProblem.Collision(in.readZigZagLong("an order id")))
    case 4 => Left(DayProblem.Io(in.readString("a message")))
    case t => in.fail("an outcome tag 0 to 4", t.toString)
  }
}
