package mvt.reporting.auth

import scala.concurrent.duration.*

/**
 * How long a session lives and how hard sign-in pushes back: a session ends after `idle` unused or `absolute`
 * after it began; `maxFailures` failed sign-ins of one name or from one address within `window` lock that name
 * or address out for `lockFor`; every failure is answered after at least `failureDelay`.
 */
final case class AuthPolicy(
    idle: FiniteDuration = 30.minutes,
    absolute: FiniteDuration = 12.hours,
    maxFailures: Int = 5,
    window: FiniteDuration = 15.minutes,
    lockFor: FiniteDuration = 15.minutes,
    failureDelay: FiniteDuration = 1.second
)
