// Text from values parsed out of JSON (request bodies, node answers, the chain's data), where a field
// meant to be a string or a number may be anything.

/** A string, number, bigint or boolean as text; anything else (absent, null, an object) as `fallback`. */
export function scalarText(value: unknown, fallback = ''): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      return fallback;
  }
}
