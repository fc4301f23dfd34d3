package mvt.cluster.fork

import mvt.cluster.NodeEvent

/**
 * What `mvt cluster` prints of a forked run: per trader what it did, the takeover, the restart, per live trader
 * whether its positions equal the trade feed's for every subscription it owns, and the exchange's reconciliation.
 */
object ClusterReport {

  def lines(o: ForkedCluster.Outcome): Vector[String] = {
    val p = o.plan
    val out = Vector.newBuilder[String]
    val perAccount = if (p.strategies == 1) "" else s", ${p.strategies} strategies each"
    out += s"mvt cluster: ${p.nodes} traders, consistency ${p.mode.label}, ${p.accounts} accounts$perAccount"
    o.faults.foreach(f => out += s"nemesis: $f")
    def describe(n: ForkedCluster.Captured, mark: String): Unit = {
      val status = n.events.status.fold("none")(_.render.stripPrefix("status "))
      val owns = n.events.ownsAt.lastOption.fold("owns nothing")((at, k) => s"owns $k at $at")
      out += s"${n.name}$mark: $status; last $owns"
    }
    o.traders.indices.foreach(i => describe(o.traders(i), if (o.victim.contains(i)) " (killed)" else ""))
    o.restarted.foreach(describe(_, " (restarted)"))
    if (o.victim.isDefined) o.takeoverMillis match {
      case Some(ms) => out += s"takeover: survivors re-shared the subscriptions $ms ms after the kill"
      case None => out += "takeover: no survivor re-shared the subscriptions"
    }
    o.restarted.foreach { n =>
      val back = n.events.ownsAt.exists(_._2 > 0)
      out += s"rejoin: ${n.name} ${if (back) "owns subscriptions again" else "owns none"}"
    }
    val byFeed = o.exchange.events.feedPositions
    def render(held: Option[Vector[NodeEvent.Held]]) = held.fold("flat")(_.map(_.render).mkString(","))
    o.live.foreach { n =>
      val owned = n.events.owned
      val held = n.events.positions
      // a subscription taken over just before the day closed may not have heard where it stands: nothing to compare
      val waiting = n.events.waiting.filter(owned.contains)
      val differ = owned.filterNot(waiting.contains).filter(l => held.get(l) != byFeed.get(l))
      val still = if (waiting.isEmpty) "" else s"${waiting.size} still waiting for it, "
      out += s"positions ${n.name}: ${owned.size} owned, ${n.events.positionsStarted} started from the exchange's " +
        s"position, ${still}equal to the trade feed: ${differ.isEmpty}"
      differ.foreach(l =>
        out += s"  $l: ${render(held.get(l))} held, ${render(byFeed.get(l))} by the trade feed"
      )
    }
    o.exchange.events.events.foreach {
      case e @ (_: NodeEvent.DayStarted | _: NodeEvent.DayPlayed | _: NodeEvent.AccountReconciled |
          _: NodeEvent.OrdersFrom | _: NodeEvent.DaySummary) =>
        out += s"exchange: ${e.render}"
      case _ => ()
    }
    if (o.exchangeStatus != 0) {
      out += s"exchange failed: ${(o.exchange.events.events.map(_.render) ++ o.exchange.errors).mkString("\n")}"
      (o.traders ++ o.restarted).filter(_.errors.nonEmpty).foreach(n =>
        out += s"${n.name}: ${n.errors.mkString("\n")}"
      )
    }
    out.result()
  }
}
