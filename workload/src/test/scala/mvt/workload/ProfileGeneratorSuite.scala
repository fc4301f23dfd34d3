package mvt.workload

import mvt.core.*
import mvt.orderbook.{Engine, Exchange}

class ProfileGeneratorSuite extends munit.FunSuite {

  private def commands(b: CommandBatch): Vector[Command] = Vector.tabulate(b.size)(b.command)

  private def digest(b: CommandBatch): Long = {
    val events = new EventCounter
    b.replay(new Exchange(Engine.Fast, events))
    events.digest
  }

  test("the same seed gives the same stream; another seed a different one") {
    for (p <- WorkloadProfile.all) {
      val a = ProfileGenerator.generate(p, 20000, 7L).batch
      val b = ProfileGenerator.generate(p, 20000, 7L).batch
      val c = ProfileGenerator.generate(p, 20000, 8L).batch
      assertEquals(commands(a), commands(b), p.name)
      assertNotEquals(commands(a), commands(c), p.name)
    }
  }

  test("a stream in chunks is the stream generated at once, cut where the chunks end") {
    for (p <- WorkloadProfile.all) {
      val whole = commands(ProfileGenerator.generate(p, 20000, 7L).batch)
      val parts = ProfileGenerator.chunks(p, 20000L, 3000, 7L).toVector
      assertEquals(parts.map(_.size), Vector.fill(6)(3000) :+ 2000, p.name)
      assertEquals(parts.flatMap(commands), whole, p.name)
    }
    assert(ProfileGenerator.chunks(WorkloadProfile.normal, 0L, 10, 1L).isEmpty)
  }

  test("each profile's mix matches its parameters") {
    val n = 200000
    def mix(p: WorkloadProfile) = ProfileGenerator.generate(p, n, 11L).mix
    val normal = mix(WorkloadProfile.normal)
    val volatile = mix(WorkloadProfile.volatile)
    val crossing = mix(WorkloadProfile.crossing)
    val deep = mix(WorkloadProfile.deep)
    assertEqualsDouble(normal.canceledShare, 70.0, 2.0)
    assertEqualsDouble(volatile.canceledShare, 85.0, 2.0)
    assertEqualsDouble(crossing.canceledShare, 30.0, 2.0)
    // late cancels are rejected by the engine, at about the profile's share of placed orders
    assertEqualsDouble(normal.cancelsRejected.toDouble / normal.adds, 0.03, 0.01)
    // crossing trades far more than normal; deep keeps most of its orders resting
    assert(crossing.executions.toDouble / crossing.adds > 2 * normal.executions.toDouble / normal.adds)
    assert(deep.restingAtEnd > 0.7 * deep.adds, deep.render)
    assert(deep.levelsAtEnd > 10 * normal.levelsAtEnd, s"${deep.levelsAtEnd} vs ${normal.levelsAtEnd}")
    // the commands add up, and every cancel is either accepted or rejected
    for (m <- Vector(normal, volatile, crossing, deep)) {
      assertEquals(m.adds + m.cancels, m.commands, m.profile.name)
      assertEquals(m.cancelsAccepted + m.cancelsRejected, m.cancels, m.profile.name)
    }
  }

  test("the mix reported is what the engine does with the stream") {
    val g = ProfileGenerator.generate(WorkloadProfile.normal, 50000, 3L)
    val events = new EventCounter
    val exchange = new Exchange(Engine.Fast, events)
    g.batch.replay(exchange)
    assertEquals(events.canceled, g.mix.cancelsAccepted)
    assertEquals(events.cancelRejected, g.mix.cancelsRejected)
    assertEquals(events.executed, g.mix.executions)
    assertEquals(exchange.liveOrderCount.toLong, g.mix.restingAtEnd)
  }

  test("overrides change one parameter and reject bad names and values") {
    val p = WorkloadProfile.withOverrides(WorkloadProfile.normal, List("cancelShare=0.5", "maxLots=3"))
    assertEquals(p.map(p => (p.cancelShare, p.maxLots)), Right((0.5, 3)))
    assert(
      WorkloadProfile.withOverrides(WorkloadProfile.normal, List("nope=1")).left.exists(_.contains("unknown"))
    )
    assert(WorkloadProfile.withOverrides(WorkloadProfile.normal, List("cancelShare=2")).left.exists(
      _.contains("0 to 1")
    ))
    assert(WorkloadProfile.withOverrides(WorkloadProfile.normal, List("maxLots")).left.exists(
      _.contains("name=value")
    ))
    val lower = ProfileGenerator.generate(p.toOption.get, 100000, 5L).mix
    assertEqualsDouble(lower.canceledShare, 50.0, 2.0)
  }

  test("every field but the name is a parameter, and each one sets back the value it shows") {
    assertEquals(
      WorkloadProfile.params.map(_.name).toList,
      WorkloadProfile.normal.productElementNames.toList.filterNot(_ == "name")
    )
    val moved = WorkloadProfile.exchangeCore.copy(symbols = 7, tickUnits = 5L, reducePart = 0.25)
    for (profile <- WorkloadProfile.choices :+ moved; param <- WorkloadProfile.params) {
      assertEquals(
        param.set(WorkloadProfile.normal, param.show(profile)).map(param.show),
        Right(param.show(profile))
      )
      assertEquals(param.set(profile, param.show(profile)), Right(profile), param.name)
    }
    assertEquals(
      WorkloadProfile.withOverrides(WorkloadProfile.normal, List("tickUnits=5", "minDepth=0", "fokPart=0.5"))
        .map(p => (p.tickUnits, p.minDepth, p.fokPart)),
      Right((5L, 0, 0.5))
    )
  }

  test("a whole number past a parameter's range is out of range, with the largest value accepted") {
    def err(kv: String) = WorkloadProfile.withOverrides(WorkloadProfile.normal, List(kv)).left.toOption
    assertEquals(
      err("maxLots=99999999999"),
      Some("parameter maxLots: 99999999999 is out of range; the largest accepted value is 2147483647")
    )
    assertEquals(
      err("crossTicks=99999999999999999999999"),
      Some(
        "parameter crossTicks: 99999999999999999999999 is out of range; the largest accepted value is 2147483647"
      )
    )
    assertEquals(
      err("symbols=99999999999"),
      Some("parameter symbols: 99999999999 is out of range; the largest accepted value is 10000")
    )
    assertEquals(
      err("tickUnits=100000001"),
      Some("parameter tickUnits: 100000001 is out of range; the largest accepted value is 100000000")
    )
    // not numbers, or below the range: the range expected
    assertEquals(err("maxLots=ten"), Some("parameter maxLots: expected a whole number >= 1, found 'ten'"))
    assertEquals(err("maxLots=0"), Some("parameter maxLots: expected a whole number >= 1, found '0'"))
    assertEquals(
      err("symbols=-99999999999"),
      Some("parameter symbols: expected a whole number from 1 to 10000, found '-99999999999'")
    )
    assertEquals(
      WorkloadProfile.withOverrides(WorkloadProfile.normal, List("symbols=10000", "maxLots=2147483647"))
        .map(p => (p.symbols, p.maxLots)),
      Right((10000, Int.MaxValue))
    )
  }

  test("generated streams are identical across the fast and lazy-cancel engines") {
    val b = ProfileGenerator.generate(WorkloadProfile.volatile, 50000, 9L).batch
    val lazyEvents = new EventCounter
    b.replay(new Exchange(Engine.LazyCancel, lazyEvents))
    assertEquals(lazyEvents.digest, digest(b))
  }

  test("a single stream with accounts is the same stream, accounts aside") {
    for (markov <- Vector(None, Some(MarkovGenerator.Weights.default))) {
      def gen(accounts: Option[AccountMix]) = markov.fold(
        ProfileGenerator.generate(WorkloadProfile.normal, 20000, 4L, accounts)
      )(MarkovGenerator.generate(_, WorkloadProfile.normal, 20000, 4L, accounts))
      val plain = gen(None)
      val withAccounts = gen(Some(AccountMix(300)))
      val strip = (b: CommandBatch) =>
        commands(b).map {
          case a: Command.Add => a.copy(account = Account.House)
          case other => other
        }
      assertEquals(strip(withAccounts.batch), strip(plain.batch))
      assertEquals(plain.accounts, None)
      val activity = withAccounts.accounts.get
      assertEquals(activity.clientAdds, withAccounts.mix.adds)
      assert(commands(withAccounts.batch).collect { case a: Command.Add => a.account.value }.forall(a =>
        a >= 1 && a <= 300
      ))
    }
  }

  test("the exchange-core profile has exchange-core's mix and depth") {
    val g = ProfileGenerator.generate(WorkloadProfile.exchangeCore, 200000, 3L)
    val m = g.mix
    def share(n: Long) = 100.0 * n / m.commands
    assertEqualsDouble(share(m.modifies), 82.0, 1.5)
    assertEqualsDouble(share(m.adds), 12.0, 2.0)
    assertEqualsDouble(share(m.cancels), 6.0, 2.0)
    assertEqualsDouble(m.typedAdds.toDouble / m.adds, 0.25, 0.03)
    assert(m.restingAtEnd >= 900 && m.restingAtEnd <= 1000, m.render)
    assert(m.levelsAtEnd >= 400, m.render)
    val b = g.batch
    val kinds = Vector.tabulate(b.size)(b.kind).groupBy(identity).view.mapValues(_.size).toMap
    assertEquals(kinds.getOrElse(CommandReader.Modify, 0).toLong, m.modifies)
    assert((0 until b.size).exists(i => b.isAdd(i) && b.tif(i) == TimeInForce.Ioc))
  }

  test("tifShare and modifyShare put every form into any profile, and a profile without them is unchanged") {
    val p =
      WorkloadProfile.withOverrides(WorkloadProfile.normal, List("tifShare=0.3", "modifyShare=0.2")).toOption.get
    val b = ProfileGenerator.generate(p, 50000, 5L).batch
    for (tif <- TimeInForce.values)
      assert((0 until b.size).exists(i => b.isAdd(i) && b.tif(i) == tif), tif.render)
    assert((0 until b.size).exists(i => b.kind(i) == CommandReader.Modify))
    val plain = ProfileGenerator.generate(WorkloadProfile.normal, 20000, 7L).batch
    assert((0 until plain.size).forall(i =>
      plain.kind(i) != CommandReader.Modify && plain.tif(i) == TimeInForce.Gtc
    ))
  }
}
