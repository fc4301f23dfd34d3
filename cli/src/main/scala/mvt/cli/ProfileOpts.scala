package mvt.cli

import cats.data.Validated
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.workload.WorkloadProfile
import Named.given

/** `--profile P`, `--symbols K` and repeated `--param name=value`, combined into one profile. */
object ProfileOpts {
  private val paramHelp =
    "Override one profile parameter; repeatable. Parameters: " +
      WorkloadProfile.params.map(p => s"${p.name} (${p.meaning})").mkString("; ") + "."

  val profile: Opts[WorkloadProfile] =
    (
      Opts.option[WorkloadProfile]("profile", "Order-flow profile (default normal).").withDefault(
        WorkloadProfile.normal
      ),
      Opts.option[Int]("symbols", "Symbols (default: the profile's, 20).", metavar = "K")
        .validate(s"--symbols must be between 1 and ${WorkloadProfile.MaxSymbols}")(k =>
          k >= 1 && k <= WorkloadProfile.MaxSymbols
        )
        .orNone,
      Opts.options[String]("param", paramHelp, metavar = "name=value").orEmpty
    ).tupled.mapValidated { (base, symbols, overrides) =>
      val withSymbols = symbols.fold(base)(k => base.copy(symbols = k))
      Validated.fromEither(WorkloadProfile.withOverrides(withSymbols, overrides)).toValidatedNel
    }

  val seed: Opts[Long] =
    Opts.option[Long]("seed", "Random seed (default 42).", metavar = "S").withDefault(42L)
}
