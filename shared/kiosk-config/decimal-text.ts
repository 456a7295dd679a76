/**
 * Numbers that arrive as text (environment, command line): plain ASCII decimal digits only.
 * `Number()` also takes `0x10`, `1e2`, ` 16`, `+16`, `16.0` and `0b1`, so a value that looks
 * wrong to whoever reads the config would quietly mean something; those are refused.
 */
const PLAIN_DECIMAL = /^[0-9]{1,15}$/;

/** The number `text` spells in plain decimal digits, or null. 15 digits stay exact in a double. */
export function parsePlainDecimal(text: string): number | null {
  return PLAIN_DECIMAL.test(text) ? Number(text) : null;
}
