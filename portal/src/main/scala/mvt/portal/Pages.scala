package mvt.portal

import io.circe.Json
import mvt.reporting.{AccountDay, Change, Money, SymbolPerformance}

import java.math.BigDecimal

/** The portal's HTML, rendered on the server from the same figures as the API; the chart's data comes by fetch. */
object Pages {

  def escape(s: String): String =
    s.flatMap {
      case '<' => "&lt;"
      case '>' => "&gt;"
      case '&' => "&amp;"
      case '"' => "&quot;"
      case '\'' => "&#39;"
      case c => c.toString
    }

  private def money(v: BigDecimal): String = escape(Money.render(v))

  private def signed(v: BigDecimal): String = (if (v.signum > 0) "+" else "") + money(v)

  private def trendCell(name: String, c: Change): String = {
    val arrow = c.trend.word match {
      case "positive" => "&#9650;"
      case "negative" => "&#9660;"
      case _ => "&#9679;"
    }
    s"""<td class="num trend ${c.trend.word} $name" data-trend="${c.trend.word}" data-change="${money(
        c.amount
      )}">""" +
      s"""<span class="arrow" aria-hidden="true">$arrow</span> ${signed(c.amount)}</td>"""
  }

  // the bar names who is signed in, with the way out (a POST: a link could be followed by anything)
  private def head(title: String, extra: String = "", who: Option[String] = None): String = {
    val user = who.fold("")(n =>
      s"""<form class="who" method="post" action="/signout"><span class="user">${escape(
          n
        )}</span> <button>Sign out</button></form>"""
    )
    s"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · mvt</title><link rel="stylesheet" href="/assets/portal.css">$extra</head><body>
<header class="bar"><a class="brand" href="/">mvt</a><span>client performance</span>$user</header><main>"""
  }

  private val foot = "</main></body></html>"

  private def symbolRows(rows: Vector[SymbolPerformance], links: Boolean): String =
    rows.map { r =>
      val name = escape(r.symbol)
      val label = if (links) s"""<a class="show" href="#chart" title="Chart $name">$name</a>""" else name
      s"""<tr data-symbol="$name"><td class="symbol">$label</td><td class="num position">${r.position}</td>""" +
        s"""<td class="num realized">${money(r.realized)}</td><td class="num unrealized">${money(
            r.unrealized
          )}</td>""" +
        s"""<td class="num fees">${money(r.fees)}</td><td class="num pnl">${money(r.pnl)}</td>""" +
        trendCell("last-hour", r.lastHour) + trendCell("last-day", r.lastDay) + trendCell(
          "last-7-days",
          r.last7Days
        ) +
        "</tr>"
    }.mkString("\n")

  private def table(rows: Vector[SymbolPerformance], links: Boolean): String = {
    val t = Totals(rows)
    s"""<table id="symbols"><thead><tr><th>Symbol</th><th class="num">Position</th><th class="num">Realized</th>
<th class="num">Unrealized</th><th class="num">Fees</th><th class="num">PnL</th><th class="num">Last hour</th>
<th class="num">Last day</th><th class="num">Last 7 days</th></tr></thead>
<tbody>
${symbolRows(rows, links)}
</tbody>
<tfoot><tr class="total"><td>All symbols</td><td></td><td></td><td></td><td></td><td class="num pnl">${money(
        t.pnl
      )}</td>""" +
      trendCell("last-hour", t.lastHour) + trendCell("last-day", t.lastDay) + trendCell(
        "last-7-days",
        t.last7Days
      ) +
      "</tr></tfoot></table>"
  }

  /** The page a client sees: the table of symbols with their trends, and the hourly PnL chart. */
  def account(
      account: Int,
      hour: Long,
      rows: Vector[SymbolPerformance],
      who: Option[String] = None
  ): String = {
    val at = Hours.render(hour)
    head(s"Account $account", """<link rel="stylesheet" href="/assets/uPlot.min.css">""", who) +
      s"""<h1>Account $account</h1>
${live(account)}
<h2>Hourly figures</h2>
<p class="when">Figures at <time datetime="$at">$at</time> (UTC), exact to the last digit. Trends compare the PnL with
one hour, one day and seven days earlier: <span class="trend positive">green</span> up,
<span class="trend negative">red</span> down, <span class="trend flat">grey</span> unchanged.
<a class="print" href="/accounts/$account/report?at=$at">Printable report</a></p>
${table(rows, links = true)}
<section class="chart"><h2>Hourly PnL, last 7 days: <span id="chart-title">all symbols</span></h2>
<div id="chart" data-account="$account" data-from="${Hours.render(hour - 167)}" data-to="$at"></div></section>
<script src="/assets/uPlot.iife.min.js"></script><script src="/assets/portal.js"></script>""" + foot
  }

  // the live figures' place: filled and kept current by the page's script from the account's event stream
  private def live(account: Int): String =
    s"""<section class="live" id="live" data-account="$account" data-state="waiting"><h2>Now</h2>
<p class="when" id="live-at">Live figures as of the last fill or quote: waiting for the first update.</p>
<table id="live-symbols"><thead><tr><th>Symbol</th><th class="num">Position</th><th class="num">Realized</th>
<th class="num">Unrealized</th><th class="num">Fees</th><th class="num">PnL</th></tr></thead><tbody></tbody></table>
</section>"""

  private def sparkline(points: Vector[(Long, BigDecimal)]): String =
    if (points.size < 2) ""
    else {
      val ys = points.map(_._2.doubleValue)
      val lo = ys.min
      val hi = ys.max
      val span = if (hi == lo) 1.0 else hi - lo
      val w = 640.0
      val h = 120.0
      val coords = ys.zipWithIndex.map { (y, i) =>
        f"${i * w / (ys.size - 1)}%.1f,${h - (y - lo) / span * h}%.1f"
      }
      val zero = if (lo <= 0 && hi >= 0)
        f"""<line x1="0" x2="$w%.0f" y1="${h - (0 - lo) / span * h}%.1f" y2="${h - (0 - lo) / span * h}%.1f" class="zero"/>"""
      else ""
      s"""<svg class="spark" viewBox="0 -4 $w ${h + 8}" role="img" aria-label="Hourly PnL over the last 24 hours">$zero<polyline points="${coords
          .mkString(" ")}"/></svg>"""
    }

  /** The print-ready report: the figures, the last 24 hours' PnL hour by hour, no script. */
  def report(
      account: Int,
      hour: Long,
      rows: Vector[SymbolPerformance],
      day: Vector[(Long, BigDecimal)],
      who: Option[String] = None
  ): String = {
    val at = Hours.render(hour)
    val hours =
      day.map((h, v) => s"""<tr><td>${Hours.render(h)}</td><td class="num">${money(v)}</td></tr>""").mkString(
        "\n"
      )
    head(s"Report, account $account", who = who) +
      s"""<article class="report"><h1>Performance report: account $account</h1>
<p class="when">At <time datetime="$at">$at</time> (UTC). PnL = realized + unrealized − fees; positions in FIFO lots,
marked at the mid of the last two-sided quote (else the last trade).</p>
${table(rows, links = false)}
<h2>PnL of all symbols, hour by hour, the last 24 hours</h2>
${sparkline(day)}
<table class="hours"><thead><tr><th>Hour</th><th class="num">PnL</th></tr></thead><tbody>
$hours
</tbody></table></article>""" + foot
  }

  /** The start page: the day's best and worst accounts, and a way to any account's page. */
  def index(hour: Long, days: Vector[AccountDay], who: Option[String] = None): String = {
    def list(ds: Vector[AccountDay]) = ds.map { d =>
      s"""<li><a href="/accounts/${d.account}">Account ${d.account}</a> <span class="num trend ${Change(
          d.change
        ).trend.word}">${signed(d.change)}</span></li>"""
    }.mkString
    val best = days.take(5)
    val worst = days.reverse.take(5).filterNot(best.contains)
    head("Client performance", who = who) +
      s"""<h1>Client performance</h1><p class="when">The 24 hours to ${Hours.render(hour)} (UTC), ${days.size} accounts.</p>
<form action="/go" method="get"><label>Account
<input name="account" inputmode="numeric" required></label> <button>Show</button></form>
<div class="columns"><section><h2>Best</h2><ol>${list(best)}</ol></section>
<section><h2>Worst</h2><ol>${list(worst)}</ol></section></div>""" + foot
  }

  /** The start page before any hour is closed. */
  def empty(why: String, who: Option[String] = None): String =
    head("Client performance", who = who) + s"<h1>Client performance</h1><p>${escape(why)}</p>" + foot

  /** A client's start page: their own accounts, each linked, and those with no fill yet said so. */
  def clientIndex(who: String, accounts: Vector[(Int, Boolean)]): String = {
    val items = accounts.map { (a, known) =>
      if (known) s"""<li><a href="/accounts/$a">Account $a</a></li>"""
      else s"""<li>Account $a <span class="when">(no fill yet)</span></li>"""
    }.mkString
    val body =
      if (accounts.isEmpty) "<p>No account is open to you yet: ask the firm.</p>" else s"<ul>$items</ul>"
    head("Your accounts", who = Some(who)) + s"<h1>Your accounts</h1>$body" + foot
  }

  /** The sign-in page, with why the last attempt failed if it did. */
  def signIn(failed: Boolean): String = {
    val why =
      if (failed)
        """<p class="error" id="signin-failed">Sign-in failed: the name or password is wrong, or there were too many
attempts. Try again later.</p>"""
      else ""
    head("Sign in") +
      s"""<h1>Sign in</h1>$why<form class="signin" method="post" action="/signin">
<p><label>Name <input name="name" autocomplete="username" required maxlength="64"></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>
<p><button id="signin">Sign in</button></p></form>""" + foot
  }

  /** A refused page request, in HTML. */
  def refusal(status: Int, message: String): String =
    head(s"Error $status") + s"""<h1>Error $status</h1><p class="error">${escape(
        message
      )}</p><p><a href="/">Start page</a></p>""" + foot

  /** The day's accounts as JSON, best first. */
  def dayJson(hour: Long, days: Vector[AccountDay]): Json =
    Json.obj(
      "at" -> PortalJson.instant(hour),
      "accounts" -> Json.arr(days.map(d =>
        Json.obj(
          "account" -> Json.fromInt(d.account),
          "pnl" -> PortalJson.money(d.pnl),
          "lastDay" -> PortalJson.money(d.change)
        )
      )*)
    )
}
