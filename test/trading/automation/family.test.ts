// Snipe rules and follows limited to one launchpad family: a rule with a family buys only that family's
// new tokens (the creation's own word, else the API's answer, kept), a follow copies only the source's
// trades of that family's tokens, and a rule or a follow without one takes every family, as before. A
// token whose family cannot be learnt is skipped by the rules limited to one (fail closed).
import { describe, expect, it } from 'vitest';
import { ApiError, type LaunchpadClient } from '../../../src/client/index.js';
import { addUser, memoryStore } from '../helpers.js';
import { automationOver, created, SOURCE, sourceBuy } from './helpers.js';

const T0 = 1_700_000_000_000;
const notFound = () => new ApiError(404, 'Token not found', 'Token not found', '404');

/** An operator's client whose token details know `families` (token -> family), counting the asks. */
function detailsOf(families: Record<string, string>, failing = new Set<string>()) {
  const asked: string[] = [];
  const client = {
    getTokenDetails: async (token: string, family = 'launchpad') => {
      asked.push(`${token}@${family}`);
      if (failing.has(token)) throw new ApiError(500, 'Internal error', 'Something went wrong', '500');
      if (families[token] !== family) throw notFound();
      return { metadata: { ownerAddress: SOURCE, name: token }, data: {} };
    },
  } as unknown as LaunchpadClient;
  return { client, asked };
}

describe('a snipe rule limited to one family', () => {
  it("buys only that family's new tokens; a rule without one buys every family's", async () => {
    const store = memoryStore();
    const { wallet } = await addUser(store, 5);
    const { client, asked } = detailsOf({ TOld2: 'launchpad2', TOld1: 'launchpad' }, new Set(['TDown']));
    const { automation, executed } = automationOver(store, wallet, () => T0, client);
    const two = await automation.addRule(5, { trx: '50', word: 'cat', family: 'launchpad2' });
    const any = await automation.addRule(5, { trx: '10', word: 'cat' });
    expect([two.family, any.family]).toEqual(['launchpad2', null]);

    // creations say their family: nothing is asked
    await automation.onEvent(created('TCat1', 'Cat One', 'CAT1', T0, 'launchpad'));
    await automation.onEvent(created('TCat2', 'Cat Two', 'CAT2', T0, 'launchpad2'));
    expect([...executed.keys()]).toEqual([`s:${any.id}:TCat1`, `s:${two.id}:TCat2`, `s:${any.id}:TCat2`]);
    expect(asked).toEqual([]);

    // an event that does not say it (an older feed): the API is asked, each family in turn, once a token
    await automation.onEvent(created('TOld2', 'Cat Old', 'OLD2', T0));
    await automation.onEvent({ ...created('TOld2', 'Cat Old', 'OLD2', T0), txid: 'again' });
    await automation.onEvent(created('TOld1', 'Cat Old One', 'OLD1', T0));
    expect(asked).toEqual(['TOld2@launchpad', 'TOld2@launchpad2', 'TOld1@launchpad']);
    expect([...executed.keys()].slice(3)).toEqual([`s:${two.id}:TOld2`, `s:${any.id}:TOld2`, `s:${any.id}:TOld1`]);

    // the API fails: the rule limited to a family skips the token, the other buys it
    await automation.onEvent(created('TDown', 'Cat Down', 'DOWN', T0));
    expect([...executed.keys()].slice(6)).toEqual([`s:${any.id}:TDown`]);
  });

  it('at a launch, learns the family from the details that know the token', async () => {
    const store = memoryStore();
    const { wallet } = await addUser(store, 6);
    const { client, asked } = detailsOf({ TUp2: 'launchpad2', TUp1: 'launchpad' });
    const safety = { getTokenSafety: async () => ({ creatorFirstBuyPct: 1, verdict: 'ok' }) };
    const { automation, executed } = automationOver(store, wallet, () => T0, Object.assign(client, safety));
    const rule = await automation.addRule(6, { trx: '20', creator: SOURCE, onLaunch: true, family: 'launchpad2' });
    const launch = (token: string) => ({ ...created(token, token, token, T0), kind: 'launch' as const });
    await automation.onEvent(launch('TUp1'));
    await automation.onEvent(launch('TUp2'));
    // the creator comes from the details of the family that knows the token (launchpad2's for TUp2)
    expect([...executed.keys()]).toEqual([`s:${rule.id}:TUp2`]);
    expect(asked).toEqual(['TUp1@launchpad', 'TUp2@launchpad', 'TUp2@launchpad2']);
  });
});

describe('a follow limited to one family', () => {
  it("copies only the source's trades of that family's tokens", async () => {
    const store = memoryStore();
    const { wallet } = await addUser(store, 7);
    const { client } = detailsOf({ TWave: 'launchpad2', TDog: 'launchpad' });
    const { automation, executed } = automationOver(store, wallet, () => T0, client);
    const follow = await automation.addFollow(7, { source: SOURCE, trx: '10', family: 'launchpad2' });
    expect(follow.family).toBe('launchpad2');
    await automation.onEvent(sourceBuy('TDog', 'DOG', 20_000_000n, 'buy-dog', T0));
    await automation.onEvent(sourceBuy('TWave', 'WAVE', 20_000_000n, 'buy-wave', T0));
    expect([...executed.keys()]).toEqual([`c:${follow.id}:buy-wave`]);
    // the trade's own family, when the stream says it, is taken as it is
    await automation.onEvent({
      ...sourceBuy('TNew', 'NEW', 20_000_000n, 'buy-new', T0),
      data: {
        user: SOURCE,
        symbol: 'NEW',
        trxAmountSun: '20000000',
        family: 'launchpad2',
      },
    });
    expect([...executed.keys()]).toEqual([`c:${follow.id}:buy-wave`, `c:${follow.id}:buy-new`]);
  });
});
