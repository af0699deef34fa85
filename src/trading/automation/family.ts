// Which launchpad family a token an event is about belongs to: what a snipe rule or a follow limited to
// one family (its `family`; null: every family) is checked against. The event says it (the stream's
// `family`, or a creation's data); else the API is asked, each family in turn, and the answer kept
// (a token's family never changes). A token no family knows, or an API that fails, gives undefined:
// a rule limited to a family then skips the token (it fails closed).
import { ApiError, type LaunchpadClient, type StreamEvent } from '../../client/index.js';
import { FAMILY_NAMES, type FamilyName } from '../../tron/families.js';

/** Tokens whose family is kept at most; past it the oldest half is dropped. */
const KEPT = 10_000;

/** Whether a value is one of the launchpad families' names. */
export const isFamily = (v: unknown): v is FamilyName => (FAMILY_NAMES as readonly unknown[]).includes(v);

/** Whether a rule or a follow (its `family`, null for every family) takes a token of `family`. */
export const takesFamily = (rule: { family: string | null }, family: FamilyName | undefined): boolean =>
  rule.family === null || rule.family === family;

/** A lookup of tokens' families through `client`, kept in memory. */
export function tokenFamilies(client: LaunchpadClient) {
  const known = new Map<string, FamilyName>();
  const keep = (token: string, family: FamilyName) => {
    if (known.size >= KEPT) for (const k of [...known.keys()].slice(0, KEPT / 2)) known.delete(k);
    known.set(token, family);
  };
  /** The family that knows the token, asking the API; undefined when none does (or it failed). */
  async function ask(token: string): Promise<FamilyName | undefined> {
    for (const family of FAMILY_NAMES) {
      try {
        await client.getTokenDetails(token, family);
        return family;
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 404)) return undefined;
      }
    }
    return undefined;
  }
  return {
    /** The family of the token `e` is about: the event's word, else the API's (kept). */
    async of(e: StreamEvent): Promise<FamilyName | undefined> {
      // the stream names each event's family (a creation's data does too)
      const said = e.family ?? e.data.family;
      if (isFamily(said)) return said;
      const kept = known.get(e.token);
      if (kept) return kept;
      const asked = await ask(e.token);
      if (asked) keep(e.token, asked);
      return asked;
    },
    /** Remembers a token's family learnt another way (a launch's details read by family). */
    keep,
  };
}

export type TokenFamilies = ReturnType<typeof tokenFamilies>;
