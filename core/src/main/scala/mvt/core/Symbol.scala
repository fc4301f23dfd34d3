package mvt.core

/** An instrument name: 1 to 12 characters of `A-Z`, `0-9`, `.`, `-`. A `String` at runtime. */
opaque type Symbol = String

object Symbol {
  inline val MaxLength = 12

  /** True for a byte allowed in a symbol. */
  inline def isSymbolByte(b: Int): Boolean =
    (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '.' || b == '-'

  def parse(text: String): Option[Symbol] =
    if (isValid(text)) Some(text) else None

  /** For literals in code and tests; throws on a malformed symbol. */
  def unsafe(text: String): Symbol =
    if (isValid(text)) text else throw new IllegalArgumentException(s"not a valid symbol: $text")

  def isValid(text: String): Boolean =
    text.length >= 1 && text.length <= MaxLength && text.forall(c => isSymbolByte(c.toInt))

  /** Wraps text already checked by a codec. */
  private[core] inline def trusted(text: String): Symbol = text

  /** Wraps text that came from a `Symbol` before (engine internals keep names as `String`); no check. */
  inline def unsafeTrusted(text: String): Symbol = text

  extension (s: Symbol) inline def name: String = s

  /** Ascending byte order, as the snapshot wants (symbols are ASCII, so this is `String` order). */
  given Ordering[Symbol] = Ordering.String
}
