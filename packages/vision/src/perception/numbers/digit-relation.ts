/**
 * Whether two-digit `wide` is one-digit `narrow` with a digit more: what the recogniser sees when a
 * turn, an arm or a tight crop hides one digit (11 read as 1), or when an edge beside the number is
 * taken for a '1' (9 read as 19).
 */
export function addsOneDigit(wide: number, narrow: number): boolean {
  return wide > 9 && narrow <= 9 && (wide % 10 === narrow || Math.floor(wide / 10) === narrow);
}

/** Whether one number is the other with one digit more or less (either way round). */
export function differsByOneDigit(a: number, b: number): boolean {
  return addsOneDigit(a, b) || addsOneDigit(b, a);
}

/** Whether `read` is `whole` or one of its digits, `whole` half-seen (a 3 or a 2 for a 23). */
export function isWholeOrPart(read: number, whole: number): boolean {
  return read === whole || addsOneDigit(whole, read);
}
