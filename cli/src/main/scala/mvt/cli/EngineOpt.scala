package mvt.cli

import cats.data.{Validated, ValidatedNel}
import com.monovore.decline.{Argument, Opts}
import mvt.orderbook.Engine

/** Command-line parsing of engine names. */
object EngineOpt {
  given Argument[Engine] with {
    def read(s: String): ValidatedNel[String, Engine] =
      Validated.fromOption(Engine.parse(s), s"unknown engine '$s' (expected ${Engine.names})").toValidatedNel
    def defaultMetavar: String = Engine.names
  }

  /** `--engine E`, default `fast`. */
  val single: Opts[Engine] =
    Opts.option[Engine]("engine", s"Matching engine (default fast).").withDefault(Engine.Fast)

  /** `--baseline E` for comparisons, default `lazy-cancel`. */
  val baseline: Opts[Engine] =
    Opts.option[Engine]("baseline", "Engine to compare the fast one with (default lazy-cancel).")
      .withDefault(Engine.LazyCancel)
}
