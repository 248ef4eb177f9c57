/**
 * x to a whole power n ≥ 0 by repeated squaring, for the exact engines. Not `x ** n`:
 * multiplication is correctly rounded in every JavaScript engine, `**` is not, and Node 20's
 * V8 and a current Chromium's differ in the last bit for about 1 power in 16, so the
 * dashboard's exact values differed from the command line's in their last digits. Written
 * out, the same multiplications run everywhere and give the same bytes.
 */
export function powInt(x: number, n: number): number {
  let result = 1;
  let base = x;
  for (let e = n; e > 0; e >>= 1) {
    if (e & 1) result *= base;
    base *= base;
  }
  return result;
}
