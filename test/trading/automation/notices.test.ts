// The once-a-day notices (a spent budget, a token above a cap) are kept in the trading store, not in
// memory: two automations over one store (two instances) tell a notice once, and a new automation
// over the same store (a restart) does not tell it again within the day.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../src/trading/automation/kit.js';
import { addUser, memoryStore } from '../helpers.js';
import { automationOver, created, until } from './helpers.js';

const T0 = 1_700_000_000_000;
const BUDGET_SPENT = /^the rule's daily budget of 50 TRX is spent \(no more notices today\)$/;

describe('the once-a-day notices', () => {
  it('are told once by two instances, and not again after a restart within the day', async () => {
    const store = memoryStore();
    const { wallet } = await addUser(store, 5);
    // every answer of the store's record of notices: the proof that an automation has looked
    const answers: boolean[] = [];
    const claimWindow = store.claimWindow.bind(store);
    store.claimWindow = async (key, at, windowMs) => {
      const taken = await claimWindow(key, at, windowMs);
      answers.push(taken);
      return taken;
    };
    let now = T0;
    const clock = () => now;
    const a = automationOver(store, wallet, clock);
    const b = automationOver(store, wallet, clock);
    // a budget of one snipe, spent on the first token
    const rule = await a.automation.addRule(5, { trx: '50', word: 'cat', budgetTrx: '50' });
    await a.automation.onEvent(created('TCat1', 'Cat One', 'CAT1', now));
    expect([...a.executed.keys()]).toEqual([`s:${rule.id}:TCat1`]);

    // the next token comes to both instances at once: the budget is spent, told once
    const next = created('TCat2', 'Cat Two', 'CAT2', now);
    await Promise.all([a.automation.onEvent(next), b.automation.onEvent(next)]);
    await until(() => answers.length === 2 && a.told.length + b.told.length === 1);
    expect(answers.sort()).toEqual([false, true]);
    expect([...a.told, ...b.told]).toEqual([
      expect.objectContaining({
        kind: 'snipe',
        state: 'skipped',
        userId: 5,
        token: 'TCat2',
        reason: expect.stringMatching(BUDGET_SPENT),
      }),
    ]);
    expect(a.executed.size + b.executed.size).toBe(1);

    // a restart a moment before the day is out: a new automation over the same store, its memory empty
    now = T0 + DAY_MS - 60_000;
    const c = automationOver(store, wallet, clock);
    await c.automation.onEvent(created('TCat3', 'Cat Three', 'CAT3', now));
    await until(() => answers.length === 3);
    expect(answers[2]).toBe(false);
    expect(c.told).toEqual([]);
    expect(c.executed.size).toBe(0);
    // the notice is stored for the day
    expect(await store.meta(`sniper_notice:budget:${rule.id}`)).toBeDefined();
  });
});
