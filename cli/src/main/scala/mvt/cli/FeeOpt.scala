package mvt.cli

import cats.syntax.all.*
import com.monovore.decline.Opts

/** `--fee-per-share F`: what each side of a fill pays per unit, an exact decimal of at least 0. */
object FeeOpt {
  val opts: Opts[java.math.BigDecimal] =
    Opts
      .option[String]("fee-per-share", "Fee charged to each side per unit filled (default 0).", metavar = "F")
      .mapValidated(s =>
        scala.util.Try(new java.math.BigDecimal(s)).toOption.filter(_.signum >= 0)
          .toValidNel(s"--fee-per-share: expected a decimal of at least 0, found \"$s\"")
      )
}
