package mvt.portal

import cats.effect.{IO, Resource}
import cats.effect.unsafe.implicits.global
import io.circe.Json
import mvt.core.Timestamp
import mvt.reporting.Money
import mvt.reporting.PnlFold.NanosPerHour
import org.openqa.selenium.chrome.{ChromeDriver, ChromeDriverService, ChromeOptions}
import org.openqa.selenium.support.ui.WebDriverWait
import org.openqa.selenium.{By, OutputType, TakesScreenshot, WebDriver}

import java.math.BigDecimal
import java.nio.file.{Files, Path, Paths, StandardCopyOption}
import java.time.Duration
import scala.jdk.CollectionConverters.*

/**
 * The account page in a real headless Chromium (Debian's `chromium` and `chromium-driver`), served for real:
 * the chart draws, and every figure in the table is the fold's. Skipped with a reason when the browser is not
 * installed, unless `MVT_BROWSER_REQUIRED=1` (as CI sets it), which makes its absence a failure.
 */
class PortalBrowserSuite extends munit.FunSuite {

  private val Chromium = Paths.get("/usr/bin/chromium")
  private val ChromeDriverBinary = Paths.get("/usr/bin/chromedriver")

  /** Where the test leaves its screenshot of the account page (relative to the module, where tests run). */
  private val Screenshot = Paths.get("target", "portal-account.png")

  // waits are on conditions; the timeout is only a bound for a browser that never gets there
  private val Patience = Duration.ofSeconds(90)

  // a slow machine must not fail the test by its clock: munit's default is 30 s
  override val munitTimeout = scala.concurrent.duration.Duration(10, "min")

  private def requireBrowser(): Unit = {
    val missing = Vector(Chromium, ChromeDriverBinary).filterNot(Files.isExecutable(_))
    if (missing.nonEmpty) {
      val why =
        s"no headless browser: ${missing.mkString(" and ")} missing (apt-get install chromium chromium-driver)"
      if (sys.env.get("MVT_BROWSER_REQUIRED").contains("1"))
        fail(s"$why, and MVT_BROWSER_REQUIRED=1 makes the browser test mandatory")
      else {
        // munit shows an assumption's test as skipped but not why: the reason goes to the log too
        System.err.println(s"PortalBrowserSuite skipped: $why")
        assume(false, why)
      }
    }
  }

  private def driver(profile: Path): Resource[IO, ChromeDriver] =
    Resource.make(IO.blocking {
      val service = new ChromeDriverService.Builder()
        .usingDriverExecutable(ChromeDriverBinary.toFile)
        .usingAnyFreePort()
        // a browser far from UTC: the chart must still label the hours in UTC, as the page says
        .withEnvironment(java.util.Map.of("TZ", "America/New_York"))
        .build()
      val options = new ChromeOptions()
      options.setBinary(Chromium.toFile)
      // the network here is closed: Chromium's own background connections are turned off, not left to fail
      options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        s"--user-data-dir=$profile",
        "--window-size=1280,1000"
      )
      new ChromeDriver(service, options)
    })(d => IO.blocking(d.quit()))

  private def instant(hour: Long): String = Timestamp.fromEpochNanos(hour * NanosPerHour).render
  private def word(v: BigDecimal): String =
    if (v.signum > 0) "positive" else if (v.signum < 0) "negative" else "flat"
  private def signed(v: BigDecimal): String = (if (v.signum > 0) "+" else "") + Money.render(v)

  /** Waits until the chart has drawn its data; a chart that reports an error fails at once. */
  private def awaitChart(d: WebDriver, title: String): Unit =
    new WebDriverWait(d, Patience).until[java.lang.Boolean] { (w: WebDriver) =>
      val chart = w.findElement(By.id("chart"))
      val ready = chart.getDomAttribute("data-ready")
      if (ready == "error") fail(s"the chart could not load: ${chart.getText}")
      java.lang.Boolean.valueOf(
        ready == "true" && !chart.findElements(By.cssSelector("canvas")).isEmpty &&
          w.findElement(By.id("chart-title")).getText == title
      )
    }

  private def checkTrend(cell: org.openqa.selenium.WebElement, amount: BigDecimal, what: String): Unit = {
    val classes = cell.getDomAttribute("class").split(' ').toSet
    assert(classes.contains(word(amount)), s"$what: classes $classes, change $amount")
    assertEquals(cell.getDomAttribute("data-change"), Money.render(amount), what)
    assert(cell.getText.endsWith(" " + signed(amount)), s"$what: \"${cell.getText}\", change $amount")
  }

  /** Signs in through the sign-in page, sent there by asking for an account page. */
  private def signIn(d: WebDriver, base: String, name: String): Unit = {
    d.get(s"$base/accounts/1")
    new WebDriverWait(d, Patience).until[java.lang.Boolean]((w: WebDriver) =>
      java.lang.Boolean.valueOf(w.getCurrentUrl.endsWith("/signin"))
    )
    d.findElement(By.name("name")).sendKeys(name)
    d.findElement(By.name("password")).sendKeys(AuthFixture.password(name))
    d.findElement(By.id("signin")).click()
    new WebDriverWait(d, Patience).until[java.lang.Boolean]((w: WebDriver) =>
      java.lang.Boolean.valueOf(
        w.getCurrentUrl == s"$base/" && w.findElement(By.tagName("h1")).getText == "Your accounts"
      )
    )
    assertEquals(d.findElement(By.cssSelector(".bar .who .user")).getText, name)
  }

  /** The live table's rows: symbol -> (position, realized, unrealized, fees, pnl) as shown. */
  private def liveRows(w: WebDriver): Vector[(String, Vector[String])] =
    w.findElements(By.cssSelector("#live-symbols tbody tr")).asScala.toVector.map { tr =>
      tr.getDomAttribute("data-symbol") -> Vector("position", "realized", "unrealized", "fees", "pnl").map(
        c =>
          tr.findElement(By.cssSelector(s"td.$c")).getText
      )
    }

  private def shown(fs: Vector[mvt.reporting.LiveFigure]): Vector[(String, Vector[String])] =
    fs.map(f =>
      f.symbol -> Vector(
        f.position.toString,
        Money.render(f.realized),
        Money.render(f.unrealized),
        Money.render(f.fees),
        Money.render(f.pnl)
      )
    )

  private def awaitLive(d: WebDriver, want: Vector[(String, Vector[String])], what: String): Unit =
    try
      new WebDriverWait(d, Patience)
        // the script replaces the rows at each event: a row read while it goes is read again
        .ignoring(classOf[org.openqa.selenium.StaleElementReferenceException]).until[java.lang.Boolean](
          (w: WebDriver) =>
            java.lang.Boolean.valueOf(liveRows(w) == want)
        )
    catch {
      case _: org.openqa.selenium.TimeoutException =>
        fail(s"$what: the page shows ${liveRows(d)}, the fold $want")
    }

  test(
    "signed in through the page, the live figures change on the page when a fill is appended to the feed"
  ) {
    requireBrowser()
    val account = 1
    val setup = for {
      live <- LiveJournal()
      server <- PortalServer.listen(live.routes, "127.0.0.1", 0)
      profile <- JournalFixture.tempDir("mvt-chromium")
      d <- driver(profile)
    } yield (s"http://127.0.0.1:${server.address.getPort}", live, d)
    setup.use { (base, live, d) =>
      IO.blocking {
        signIn(d, base, "alice")
        d.get(s"$base/accounts/$account")
        val before = shown(LiveJournal.expected(account, LiveJournal.t1))
        awaitLive(d, before, "before")
        assertEquals(d.findElement(By.id("live")).getDomAttribute("data-state"), "live")
        live.appendSecondPart()
        val after = shown(LiveJournal.expected(account, LiveJournal.t2))
        assertNotEquals(after, before)
        // the same page, not reloaded: its event stream brings the new figures
        awaitLive(d, after, "after a fill was appended")
        // signed out elsewhere (another tab), the page's stream is closed
        d.get(s"$base/")
        d.findElement(By.cssSelector(".bar .who button")).click()
        new WebDriverWait(d, Patience).until[java.lang.Boolean]((w: WebDriver) =>
          java.lang.Boolean.valueOf(w.getCurrentUrl.endsWith("/signin"))
        )
        d.get(s"$base/accounts/$account")
        assert(d.getCurrentUrl.endsWith("/signin"), "after sign-out the account page asks for sign-in again")
      }
    }.unsafeRunSync()
  }

  test("the account page in headless Chromium: the chart draws and the table holds the fold's figures") {
    requireBrowser()
    val account = 1
    val setup = for {
      fixture <- JournalFixture.storeIn()
      (store, expected, db) = fixture
      users <- AuthFixture(db)
      server <- PortalServer.listen(users.routes(store, IO.pure(Json.obj())), "127.0.0.1", 0)
      profile <- JournalFixture.tempDir("mvt-chromium")
      d <- driver(profile)
    } yield (s"http://127.0.0.1:${server.address.getPort}", expected, d)

    setup.use { (base, expected, d) =>
      IO.blocking {
        val last = expected.lastHour
        signIn(d, base, "alice")
        val figures = expected.performance(account, last)
        assert(figures.size == 4, "the account shown trades four symbols")

        d.get(s"$base/accounts/$account")
        awaitChart(d, "all symbols")
        val chart = d.findElement(By.id("chart"))
        assertEquals(chart.getDomAttribute("data-points"), "168")
        assertEquals(chart.getDomAttribute("data-to"), instant(last))

        // the cursor at the chart's right edge snaps to the last hour, which the legend shows in UTC
        val over = d.findElement(By.cssSelector("#chart .u-over"))
        new org.openqa.selenium.interactions.Actions(d)
          .moveToElement(over, over.getSize.getWidth / 2 - 1, 0)
          .perform()
        val legendTime = java.time.format.DateTimeFormatter
          .ofPattern("yyyy-MM-dd h:mma", java.util.Locale.ROOT)
          .format(java.time.Instant.ofEpochSecond(last * 3600).atZone(java.time.ZoneOffset.UTC))
          .toLowerCase(java.util.Locale.ROOT)
        val legend = By.cssSelector("#chart .u-legend .u-series:first-child .u-value")
        try
          new WebDriverWait(d, Patience).until[java.lang.Boolean] { (w: WebDriver) =>
            java.lang.Boolean.valueOf(w.findElement(legend).getText == legendTime)
          }
        catch {
          case _: org.openqa.selenium.TimeoutException =>
            fail(
              s"the chart's legend shows \"${d.findElement(legend).getText}\" for the last hour, not $legendTime"
            )
        }
        // and the account's PnL then, as the chart plots it: a number to two places, so within half a cent
        val plotted =
          d.findElement(By.cssSelector("#chart .u-legend .u-series:nth-child(2) .u-value")).getText
        assert(
          plotted.toDoubleOption.exists(v =>
            math.abs(v - expected.total(account, last).doubleValue) <= 0.005
          ),
          s"the chart shows $plotted for the last hour, the fold ${expected.total(account, last)}"
        )

        val rows = d.findElements(By.cssSelector("#symbols tbody tr")).asScala.toVector
        assertEquals(rows.map(_.getDomAttribute("data-symbol")), figures.map(_.row.key.symbol))
        for ((tr, f) <- rows.zip(figures)) {
          val s = f.row.key.symbol
          def text(c: String) = tr.findElement(By.cssSelector(s"td.$c")).getText
          assertEquals(text("symbol"), s)
          assertEquals(text("position"), f.row.position.toString, s)
          assertEquals(text("realized"), Money.render(f.row.realized), s)
          assertEquals(text("unrealized"), Money.render(f.row.unrealized), s)
          assertEquals(text("fees"), Money.render(f.row.fees), s)
          assertEquals(text("pnl"), Money.render(f.row.pnl), s)
          checkTrend(tr.findElement(By.cssSelector("td.last-hour")), f.lastHour, s"$s last hour")
          checkTrend(tr.findElement(By.cssSelector("td.last-day")), f.lastDay, s"$s last day")
          checkTrend(tr.findElement(By.cssSelector("td.last-7-days")), f.last7Days, s"$s last 7 days")
        }
        def sum(g: expected.Symbol => BigDecimal) = figures.foldLeft(BigDecimal.ZERO)((a, f) => a.add(g(f)))
        val total = d.findElement(By.cssSelector("#symbols tfoot tr.total"))
        assertEquals(total.findElement(By.cssSelector("td.pnl")).getText, Money.render(sum(_.row.pnl)))
        assertEquals(sum(_.row.pnl).compareTo(expected.total(account, last)), 0)
        checkTrend(total.findElement(By.cssSelector("td.last-day")), sum(_.lastDay), "total last day")

        val png = d.asInstanceOf[TakesScreenshot].getScreenshotAs(OutputType.BYTES)
        Files.createDirectories(Screenshot.toAbsolutePath.getParent)
        val tmp = Files.write(Screenshot.resolveSibling("portal-account.png.tmp"), png)
        Files.move(tmp, Screenshot, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE)

        // a symbol's own series replaces the chart
        val symbol = figures(1).row.key.symbol
        d.findElement(By.cssSelector(s"tr[data-symbol='$symbol'] a.show")).click()
        awaitChart(d, symbol)
        assertEquals(d.findElement(By.id("chart")).getDomAttribute("data-points"), "168")
        assertEquals(d.findElements(By.cssSelector("#chart canvas")).size, 1, "the old chart is gone")

        // another client's account is not there for alice, as one that does not exist
        d.get(s"$base/accounts/5")
        assertEquals(d.findElement(By.tagName("h1")).getText, "Error 404")
        assert(!d.getPageSource.contains("data-symbol"), "no figure of account 5")

        d.get(s"$base/accounts/$account/report")
        assertEquals(d.findElement(By.tagName("h1")).getText, s"Performance report: account $account")
        assertEquals(d.findElements(By.cssSelector("#symbols tbody tr")).size, figures.size)
        val hours = d.findElements(By.cssSelector("table.hours tbody tr")).asScala.toVector
        assertEquals(
          hours.map(_.findElements(By.tagName("td")).asScala.map(_.getText).toVector),
          (last - 23 to last).map(h => Vector(instant(h), Money.render(expected.total(account, h)))).toVector
        )
      }
    }.unsafeRunSync()
  }
}
