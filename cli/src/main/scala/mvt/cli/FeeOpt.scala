package mvt.cli

import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.core.Money

/** `--fee-per-share F`: what each side of a fill pays per unit, an exact decimal within the bounds money takes. */
object FeeOpt {

  /** The largest fee per unit: with a quantity up to 10^9 a fill's fee stays a plain, exact amount. */
  val Max: java.math.BigDecimal = new java.math.BigDecimal("1000000")

  /** The option with its own help line. */
  def withHelp(help: String): Opts[java.math.BigDecimal] =
    Opts
      .option[String]("fee-per-share", help, metavar = "F")
      .mapValidated(s =>
        Money.within(s, java.math.BigDecimal.ZERO, Max).leftMap(e => s"--fee-per-share: $e").toValidatedNel
      )

  val opts: Opts[java.math.BigDecimal] = withHelp("Fee charged to each side per unit filled (default 0).")
}
