package mvt.workload

import mvt.core.*
import mvt.orderbook.{Engine, TradingDay}
import org.scalacheck.{Gen, Test}
import org.scalacheck.Prop.forAll

import java.io.ByteArrayOutputStream
import java.time.{DayOfWeek, LocalDate}

class DayGeneratorSuite extends munit.ScalaCheckSuite {

  // each case generates several days; a few dozen cases cover the profiles, models and calendars
  override def scalaCheckTestParameters: Test.Parameters =
    super.scalaCheckTestParameters.withMinSuccessfulTests(25)

  private val models: Vector[Option[MarkovGenerator.Weights]] =
    Vector(None, Some(MarkovGenerator.Weights.default))

  private val plans: Gen[DayPlan] =
    for {
      start <- Gen.choose(LocalDate.of(1990, 1, 1).toEpochDay, LocalDate.of(2200, 12, 31).toEpochDay)
      days <- Gen.choose(1, 6)
      commands <- Gen.choose(1, 800)
      profile <- Gen.oneOf(WorkloadProfile.all)
      markov <- Gen.oneOf(models)
      accounts <- Gen.choose(1, 5000)
      exponent <- Gen.choose(0.5, 2.0)
      house <- Gen.oneOf(0.0, 0.1, 1.0)
      seed <- Gen.choose(Long.MinValue, Long.MaxValue)
    } yield DayPlan(
      LocalDate.ofEpochDay(start),
      days,
      commands,
      profile,
      AccountMix(accounts, exponent, house),
      seed,
      markov
    )

  private def days(plan: DayPlan): Vector[DayGenerator.Day] = new DayGenerator(plan).toVector

  private def csv(b: CommandBatch): Array[Byte] = {
    val o = new ByteArrayOutputStream; b.writeCsv(o); o.toByteArray
  }
  private def log(b: CommandBatch): Array[Byte] = {
    val o = new ByteArrayOutputStream; CommandLog.write(b, o); o.toByteArray
  }

  /** What a written file holds, read back through the one command source. */
  private def readBack(bytes: Array[Byte]): CommandBatch =
    CommandSource.open(new java.io.ByteArrayInputStream(bytes)).flatMap(_.readAll()).fold(
      e => fail(e.toString),
      identity
    )

  private def commands(b: CommandBatch): Vector[Command] = Vector.tabulate(b.size)(b.command)

  private def newYorkDate(t: Timestamp): LocalDate = t.toInstant.atZone(SessionCalendar.Zone).toLocalDate

  property("days are weekdays, and every instant written is inside 09:30-16:00 New York of its date") {
    forAll(plans) { plan =>
      val ds = days(plan)
      assertEquals(ds.size, plan.days)
      assertEquals(ds.map(_.date), SessionCalendar.tradingDays(plan.start, plan.days))
      ds.foreach { d =>
        assert(d.date.getDayOfWeek != DayOfWeek.SATURDAY && d.date.getDayOfWeek != DayOfWeek.SUNDAY, d.date)
        for (bytes <- Vector(csv(d.batch), log(d.batch))) {
          val back = readBack(bytes)
          val times = (0 until back.size).filter(back.isTime).map(i => Timestamp.fromEpochNanos(back.time(i)))
          assert(times.nonEmpty)
          times.foreach { t =>
            assertEquals(newYorkDate(t), d.date, t.render)
            val local = t.toInstant.atZone(SessionCalendar.Zone).toLocalTime
            assert(!local.isBefore(SessionCalendar.Open) && local.isBefore(SessionCalendar.Close), t.render)
          }
          assertEquals(times.head, d.first)
          assertEquals(times.last, d.last)
        }
      }
      // the days themselves go forward
      assert(ds.map(_.date).sliding(2).forall(p => p.size < 2 || p(0).isBefore(p(1))))
    }
  }

  property("the clock never goes back: it starts before the first command and only moves forward") {
    forAll(plans) { plan =>
      days(plan).foreach { d =>
        val b = d.batch
        assert(b.isTime(0), "a time line comes first")
        val times = (0 until b.size).filter(b.isTime).map(b.time)
        // a time line is written only when the clock changes, so they strictly increase
        assert(times.sliding(2).forall(p => p.size < 2 || p(0) < p(1)), d.date)
        // no two time lines in a row: each is followed by the command that arrived then
        assert((0 until b.size).forall(i => !b.isTime(i) || (i + 1 < b.size && !b.isTime(i + 1))))
        assertEquals((0 until b.size).count(i => !b.isTime(i)).toLong, plan.commandsPerDay.toLong)
        assertEquals(d.mix.commands, plan.commandsPerDay.toLong)
      }
    }
  }

  property("the same seed gives byte-identical files; another seed different ones") {
    forAll(plans) { plan =>
      val a = days(plan)
      val b = days(plan)
      val c = days(plan.copy(seed = plan.seed + 1))
      a.zip(b).foreach { (x, y) =>
        assert(java.util.Arrays.equals(csv(x.batch), csv(y.batch)), x.date)
        assert(java.util.Arrays.equals(log(x.batch), log(y.batch)), x.date)
      }
      // a few commands can coincide by chance; the whole run's bytes cannot
      val all = (ds: Vector[DayGenerator.Day]) => ds.map(d => csv(d.batch).toVector)
      assertNotEquals(all(a), all(c))
    }
  }

  property("every day's file reads back as generated and replays through a TradingDay without error") {
    forAll(plans) { plan =>
      days(plan).foreach { d =>
        for (bytes <- Vector(csv(d.batch), log(d.batch))) {
          assertEquals(commands(readBack(bytes)), commands(d.batch))
          val events = new EventCounter
          var tradeTimes = Vector.empty[Timestamp]
          val trades = new TradeSink {
            def trade(
                time: Timestamp,
                s: Symbol,
                p: Price,
                q: Quantity,
                b: OrderId,
                ba: Account,
                so: OrderId,
                sa: Account,
                aggressor: Side
            ): Unit = tradeTimes :+= time
          }
          val day = new TradingDay(Engine.Fast, events, Some(trades), None)
          val source = CommandSource.open(new java.io.ByteArrayInputStream(bytes)).toOption.get
          assertEquals(source.replayAll(day), Right(d.batch.size.toLong))
          assertEquals(events.executed, d.mix.executions)
          assertEquals(events.rejected, 0L, "every price and quantity is valid")
          assert(tradeTimes.forall(d.session.contains), d.date)
        }
        assertEquals(
          commands(CommandLog.read(new java.io.ByteArrayInputStream(log(d.batch))).toOption.get),
          commands(d.batch)
        )
      }
    }
  }

  test("prices carry over: each day opens within the gap of the day before's close") {
    for (p <- WorkloadProfile.all; markov <- models) {
      val plan =
        DayPlan(LocalDate.parse("2026-03-05"), 4, 20000, p, AccountMix(100), 17L, markov, gapTicks = 3)
      val ds = days(plan)
      val tick = p.tickUnits
      ds.zip(ds.tail).foreach { (before, after) =>
        val gaps = before.closeMids.zip(after.openMids).map((c, o) => (o.raw - c.raw) / tick)
        assert(gaps.forall(g => math.abs(g) <= 3), s"${after.date}: $gaps")
        assert(gaps.exists(_ != 0), "a seeded gap, not none")
        // and what the file shows: each symbol's first order of the day is priced near the last close
        val reach = 3 + p.midMoveTicks + math.max(p.restingLevels, p.crossTicks)
        val b = after.batch
        val firstPrice =
          (0 until b.size).filter(b.isAdd).groupBy(b.symbolIndex).view.mapValues(is => b.price(is.min))
        firstPrice.foreach { (s, price) =>
          val close = before.closeMids(s).raw
          assert(
            math.abs(price - close) <= reach * tick || price == tick,
            s"${after.date} $s: $price vs $close"
          )
        }
      }
    }
  }

  test("accounts: all in 1..K, the most active places more than the median, a few place most") {
    val k = 1000
    val gen = new DayGenerator(DayPlan(
      LocalDate.parse("2026-03-02"),
      3,
      30000,
      WorkloadProfile.normal,
      AccountMix(k),
      5L
    ))
    val ds = gen.toVector
    val accounts = ds.flatMap(d => (0 until d.batch.size).filter(d.batch.isAdd).map(d.batch.account))
    assert(accounts.forall(a => a >= 1 && a <= k))
    assertEquals(accounts.size.toLong, ds.map(_.mix.adds).sum)
    val a = gen.activity
    assertEquals(a.clientAdds, accounts.size.toLong)
    assertEquals(a.houseAdds, 0L)
    val counts = (1 to k).map(a.addsOf(_)).sorted
    val median = counts(k / 2)
    assert(counts.last > 10 * math.max(1L, median), s"max ${counts.last}, median $median")
    assertEquals(a.addsOf(1), counts.last, "account 1 is the busiest")
    assertEquals(counts.sum, a.clientAdds)
    assert(a.topShare(0.01) > 0.2 && a.topShare(0.01) < a.topShare(0.10) && a.topShare(0.10) < 1.0, a.render)
  }

  test("a house share sends that share of adds to account 0") {
    val gen = new DayGenerator(
      DayPlan(LocalDate.parse("2026-03-02"), 1, 50000, WorkloadProfile.normal, AccountMix(50, 1.1, 0.25), 5L)
    )
    val d = gen.next()
    val house = (0 until d.batch.size).count(i => d.batch.isAdd(i) && d.batch.account(i) == 0)
    assertEqualsDouble(house.toDouble / d.mix.adds, 0.25, 0.01)
    assertEquals(gen.activity.houseAdds, house.toLong)
    // the house's adds are written in the six-field form
    val text = new String(csv(d.batch), java.nio.charset.StandardCharsets.US_ASCII)
    assertEquals(text.linesIterator.count(l => l.startsWith("add,") && l.count(_ == ',') == 5), house)
  }

  test("another start date gives other days, not the same days renamed") {
    val plan = DayPlan(LocalDate.parse("2026-03-02"), 1, 2000, WorkloadProfile.normal, AccountMix(10), 3L)
    val a = days(plan).head
    val b = days(plan.copy(start = LocalDate.parse("2026-03-09"))).head
    assertNotEquals(
      a.first.epochNanos - a.session.open.epochNanos,
      b.first.epochNanos - b.session.open.epochNanos
    )
    assertNotEquals(a.openMids, b.openMids)
  }

  test("ids run on across days, and every day keeps the profile's mix") {
    // as for a single stream, the shares settle within two points by 200,000 commands
    val plan = DayPlan(LocalDate.parse("2026-03-02"), 2, 200000, WorkloadProfile.normal, AccountMix(10), 3L)
    val ds = days(plan)
    ds.zip(ds.tail).foreach { (x, y) =>
      val ids = (b: CommandBatch) => (0 until b.size).filter(b.isAdd).map(b.id)
      assertEquals(ids(y.batch).min, ids(x.batch).max + 1)
    }
    ds.foreach(d => assertEqualsDouble(d.mix.canceledShare, 70.0, 2.0))
  }
}
