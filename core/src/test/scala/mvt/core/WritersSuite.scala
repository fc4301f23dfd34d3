package mvt.core

import java.io.ByteArrayOutputStream
import org.scalacheck.Gen
import org.scalacheck.Prop.forAll

/** The allocation-free writers agree with the value renderings, which follow the spec's field order. */
class WritersSuite extends munit.ScalaCheckSuite {
  private val acme = Symbol.unsafe("ACME")

  test("each event line has the spec's fields in order") {
    val p = Price.unsafe("10.50")
    val lines = List(
      Event.Added(acme, OrderId(1), Side.Sell, p, Quantity(100)) -> "added,ACME,1,SELL,10.5,100",
      Event.Executed(
        acme,
        OrderId(4),
        OrderId(1),
        p,
        Quantity(30),
        Side.Buy
      ) -> "executed,ACME,4,1,10.5,30,BUY",
      Event.Canceled(acme, OrderId(3), Quantity(40)) -> "canceled,ACME,3,40",
      Event.CancelRejected(acme, OrderId(2)) -> "cancel-rejected,ACME,2",
      Event.Rejected(acme, OrderId(9), RejectReason.InvalidPrice) -> "rejected,ACME,9,invalid-price",
      Event.Rejected(acme, OrderId(9), RejectReason.InvalidQuantity) -> "rejected,ACME,9,invalid-quantity",
      Event.Rejected(acme, OrderId(9), RejectReason.DuplicateOrderId) -> "rejected,ACME,9,duplicate-order-id"
    )
    lines.foreach { case (e, text) =>
      assertEquals(e.render, text)
      assertEquals(write(List(e)), text + "\n")
    }
    assertEquals(
      lines.map(_._1.kind).distinct,
      List("added", "executed", "canceled", "cancel-rejected", "rejected")
    )
  }

  test("the events of spec/order-types.md have their fields in order") {
    val p = Price.unsafe("10.00")
    val lines = List(
      Event.Expired(acme, OrderId(4), Quantity(100)) -> "expired,ACME,4,100",
      Event.Modified(acme, OrderId(9), Side.Buy, p, Quantity(0)) -> "modified,ACME,9,BUY,10,0",
      Event.ModifyRejected(acme, OrderId(8), RejectReason.WouldCross) -> "modify-rejected,ACME,8,would-cross",
      Event.ModifyRejected(
        acme,
        OrderId(7),
        RejectReason.UnknownOrder
      ) -> "modify-rejected,ACME,7,unknown-order",
      Event.Rejected(acme, OrderId(7), RejectReason.WouldCross) -> "rejected,ACME,7,would-cross"
    )
    lines.foreach { case (e, text) =>
      assertEquals(e.render, text)
      assertEquals(write(List(e)), text + "\n")
    }
  }

  private def write(events: Seq[Event]): String = {
    val bytes = new ByteArrayOutputStream
    val w = new CsvEventWriter(bytes)
    events.foreach {
      case Event.Added(s, id, side, p, q) => w.added(s, id, side, p, q)
      case Event.Executed(s, b, o, p, q, a) => w.executed(s, b, o, p, q, a)
      case Event.Canceled(s, id, q) => w.canceled(s, id, q)
      case Event.CancelRejected(s, id) => w.cancelRejected(s, id)
      case Event.Rejected(s, id, r) => w.rejected(s, id, r)
      case Event.Expired(s, id, q) => w.expired(s, id, q)
      case Event.Modified(s, id, side, p, q) => w.modified(s, id, side, p, q)
      case Event.ModifyRejected(s, id, r) => w.modifyRejected(s, id, r)
    }
    w.flush()
    bytes.toString("US-ASCII")
  }

  private val genSymbol = Gen.oneOf("ACME", "B", "LONGSYMBOL12", "A.B-C", "9").map(Symbol.unsafe)
  private val genId =
    Gen.oneOf(Gen.choose(1L, Long.MaxValue), Gen.const(Long.MaxValue), Gen.const(1L)).map(OrderId(_))
  private val genSide = Gen.oneOf(Side.Buy, Side.Sell)
  private val genPrice = Gen.choose(1L, Price.Limit - 1).map(Price.fromRaw)
  private val genQty = Gen.choose(0L, Long.MaxValue).map(Quantity(_))
  private val genEvent: Gen[Event] = Gen.oneOf(
    Gen.zip(genSymbol, genId, genSide, genPrice, genQty).map(Event.Added.apply),
    Gen.zip(genSymbol, genId, genId, genPrice, genQty, genSide).map(Event.Executed.apply),
    Gen.zip(genSymbol, genId, genQty).map(Event.Canceled.apply),
    Gen.zip(genSymbol, genId).map(Event.CancelRejected.apply),
    Gen.zip(genSymbol, genId, Gen.oneOf(RejectReason.values.toSeq)).map(Event.Rejected.apply),
    Gen.zip(genSymbol, genId, genQty).map(Event.Expired.apply),
    Gen.zip(genSymbol, genId, genSide, genPrice, genQty).map(Event.Modified.apply),
    Gen.zip(genSymbol, genId, Gen.oneOf(RejectReason.values.toSeq)).map(Event.ModifyRejected.apply)
  )

  property("CsvEventWriter writes exactly the rendered lines, across its buffer's edge") {
    // enough events to pass the 64 KiB buffer several times
    forAll(Gen.listOfN(3000, genEvent)) { events =>
      write(events) == events.map(_.render + "\n").mkString
    }
  }

  property("SnapshotWriter writes exactly the rendered levels, in the order given") {
    val genLevel = Gen.zip(genSymbol, genSide, genPrice, genQty, Gen.choose(0, Int.MaxValue)).map(Level.apply)
    forAll(Gen.listOfN(2500, genLevel)) { levels =>
      val bytes = new ByteArrayOutputStream
      SnapshotWriter.write(levels, bytes)
      bytes.toString("US-ASCII") == levels.map(_.render + "\n").mkString
    }
  }

  test("the largest values are written in full") {
    val e = Event.Executed(
      acme,
      OrderId(Long.MaxValue),
      OrderId(Long.MaxValue - 1),
      Price.fromRaw(Price.Limit - 1),
      Quantity(Long.MaxValue),
      Side.Sell
    )
    assertEquals(
      write(List(e)),
      "executed,ACME,9223372036854775807,9223372036854775806,9999999999.99999999,9223372036854775807,SELL\n"
    )
  }
}
