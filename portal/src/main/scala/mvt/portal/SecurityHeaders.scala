package mvt.portal

import cats.data.Kleisli
import cats.effect.IO
import org.http4s.{Header, HttpApp, Response}
import org.typelevel.ci.*

/**
 * The headers every response carries: a Content-Security-Policy that runs only our own scripts and styles (no
 * inline script, no framing), `nosniff`, no referrer to other sites, and `no-store` on everything but the static assets (so no
 * figure is cached by a browser or a proxy). Under TLS, browsers are told to stay on HTTPS.
 */
object SecurityHeaders {

  val Policy: String =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
      "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

  private def common(tls: Boolean): List[Header.Raw] =
    List(
      Header.Raw(ci"Content-Security-Policy", Policy),
      Header.Raw(ci"X-Content-Type-Options", "nosniff"),
      Header.Raw(ci"X-Frame-Options", "DENY"),
      // same-origin, not no-referrer: under no-referrer a browser posts forms with `Origin: null`, which sign-in refuses
      Header.Raw(ci"Referrer-Policy", "same-origin"),
      Header.Raw(ci"Cross-Origin-Opener-Policy", "same-origin")
    ) ++ (if (tls) List(Header.Raw(ci"Strict-Transport-Security", "max-age=31536000")) else Nil)

  private val NoStore = Header.Raw(ci"Cache-Control", "no-store")

  /** `r` with the headers; `keep` when it may be cached (a static asset). */
  def onto(r: Response[IO], tls: Boolean, keep: Boolean = false): Response[IO] = {
    val withCommon = r.putHeaders(common(tls).map(h => h: Header.ToRaw)*)
    if (keep) withCommon else withCommon.putHeaders(NoStore)
  }

  /** Adds the headers to every response of `app`. */
  def apply(app: HttpApp[IO], tls: Boolean): HttpApp[IO] =
    Kleisli { req =>
      // the assets are the same for everyone and say for how long they may be kept; nothing else may be kept
      val asset = req.uri.path.segments.headOption.exists(_.encoded == "assets")
      app(req).map(r => onto(r, tls, asset && r.status.isSuccess))
    }
}
