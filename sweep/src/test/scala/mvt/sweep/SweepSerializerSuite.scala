package mvt.sweep

import mvt.backtest.{DayFile, DayProblem, DayResult, Fixtures, StrategyKind}
import mvt.sweep.SweepProtocol.*
import mvt.core.FormatError
import mvt.workload.{CommandLog, SourceError}
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.actor.typed.scaladsl.adapter.*
import org.apache.pekko.actor.typed.{ActorRef, ActorSystem}
import org.apache.pekko.serialization.{SerializationExtension, Serializers}

import java.math.BigDecimal
import java.nio.file.Path
import java.time.LocalDate
import scala.collection.immutable.BitSet
import scala.concurrent.Await
import scala.concurrent.duration.*

/** Every sweep message goes through [[SweepSerializer]] and comes back equal; corrupt bytes are refused. */
class SweepSerializerSuite extends munit.FunSuite {

  private val system = FunFixture[ActorSystem[Nothing]](
    _ =>
      ActorSystem(
        Behaviors.empty[Nothing],
        "ser",
        SweepNode.config("127.0.0.1", 0, Nil, 3.seconds, testMode = false)
      ),
    s => { s.terminate(); Await.ready(s.whenTerminated, 30.seconds) }
  )

  private def roundTrip(system: ActorSystem[?], o: AnyRef): AnyRef = {
    val ser = SerializationExtension(system.toClassic)
    val s = ser.findSerializerFor(o)
    assert(s.isInstanceOf[SweepSerializer], s"${o.getClass} went to ${s.getClass}")
    ser.deserialize(s.toBinary(o), s.identifier, Serializers.manifestFor(s, o)).get
  }

  private val day = DayFile(LocalDate.parse("2026-03-02"), Path.of("days", "2026-03-02.csv"))

  private val result = DayResult(
    LocalDate.parse("2026-03-02"),
    new BigDecimal("-154.2580"),
    111L,
    11358L,
    new BigDecimal("11.358"),
    -500L,
    new BigDecimal("1E+3"),
    new BigDecimal("123456789012345678901234567890.5"),
    200000L,
    321L,
    0L
  )

  private val outcomes: List[Outcome] = List(
    Right(result),
    Left(DayProblem.Source(SourceError.Format(FormatError(7L, "add needs 6 or 7 fields, found 2")))),
    Left(DayProblem.Source(SourceError.Log(CommandLog.LogError(4096L, "bad checksum")))),
    Left(DayProblem.Collision(Long.MaxValue)),
    Left(DayProblem.Io("no such file: é"))
  )

  system.test("every message of the protocol, with every kind of outcome, round-trips") { sys =>
    val worker: ActorRef[WorkerCommand] = sys.systemActorOf(Behaviors.ignore[WorkerCommand], "w")
    val client: ActorRef[ClientCommand] = sys.systemActorOf(Behaviors.ignore[ClientCommand], "c")
    val base = Fixtures.setup(StrategyKind.MeanReversion, "window" -> 50L, "threshold" -> 3L)
    val specs = StrategyKind.values.toVector.map(k => Fixtures.setup(k).strategy)
    val plan = SweepPlan(specs, Vector(day, day.copy(date = LocalDate.parse("1969-12-31"))), base)
    val items: List[AnyRef] = List(
      Submit("s-1", plan, BitSet(0, 3, 64, 200), client),
      Submit("s-1", plan, BitSet.empty, client),
      Ping("s-1", BitSet(1), client),
      Forget("s-1"),
      Request(worker, 3),
      Assign("s-1", 5, base, day),
      Pong("s-1", known = true, 2, 7L, 1L),
      Pong("s-1", known = false, 0, 0L, 0L)
    ) ++ outcomes.flatMap(o => List(Finished("s-1", 4, o, worker, 1), Delivered("s-1", 4, o)))
    items.foreach(o => assertEquals(roundTrip(sys, o), o))
  }

  system.test("corrupt bytes and unknown manifests fail with a NotSerializableException") { sys =>
    val ser = SerializationExtension(sys.toClassic)
    val corrupt = List("sS" -> Array[Byte](1, 2, 3), "sV" -> Array[Byte](1, 65, 0, 9), "zz" -> Array[Byte]())
    corrupt.foreach { (m, bytes) =>
      val r = ser.deserialize(bytes, SweepSerializer.Identifier, m)
      assert(r.isFailure, s"$m: $r")
      assert(r.failed.get.isInstanceOf[java.io.NotSerializableException], r.toString)
    }
    // trailing bytes after a valid message are refused too
    val s = ser.findSerializerFor(Forget("x"))
    val r = ser.deserialize(s.toBinary(Forget("x")) :+ 0.toByte, s.identifier, "sF")
    assert(r.isFailure, r.toString)
  }
}
