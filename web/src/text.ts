/** An address shortened for a list: "TXYZ12…9abc". */
export function short(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** A decimal the user typed ("1.5", "1,5"): with a point, or undefined when it is no positive number. */
export function typedAmount(text: string): string | undefined {
  const s = text.trim().replace(',', '.');
  return /^(\d+\.?\d*|\.\d+)$/.test(s) && Number(s) > 0 ? s : undefined;
}
