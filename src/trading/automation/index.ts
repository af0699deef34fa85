// The automation: sniping (snipe.ts) and copy trading (copy.ts), and the live stream they both follow
// (fed as each block is indexed): a token's creation (or its launch) is matched against every active
// snipe rule, a followed wallet's buys and sells against its followers. A trade is claimed, then
// built, signed and broadcast at once through the trade flow (what they share, and how exactly once
// holds, is kit.ts's). Like orders, these never wait for a tap, and the users' managed API keys are
// not rate limited.
//
// Rules and follows may be set in another process (a bot instance on the same Postgres): the copy kept
// for the checks is read again when an event finds it more than a second old, and by refresh().
import type { StreamEvent } from '../../client/index.js';
import type { SnipeRuleRow } from '../store.js';
import { createCopier, type FollowSpec } from './copy.js';
import { type AutomationDeps, automationKit, RULE_ACTIONS, type RuleAction, storedPosition } from './kit.js';
import { newRule, snipe, snipeLaunch, type SnipeContext, type SnipeSpec } from './snipe.js';

export type { AutoEvent, AutomationDeps, RuleAction } from './kit.js';
export { copySizeSun, type FollowSpec } from './copy.js';
export { MAX_SNIPE_RULES, type SnipeSpec } from './snipe.js';

/** Events older than this when read (after a restart) are not acted on: a late snipe is no snipe. */
export const STALE_MS = 60_000;
/** How old the rules kept for the checks may be when an event comes (ms). */
export const RULES_FRESH_MS = 1000;

export function createAutomation(deps: AutomationDeps) {
  const { store, trading } = deps;
  const kit = automationKit(deps);
  const { now, log } = kit;
  const ctx: SnipeContext = { deps, kit };
  const copier = createCopier(deps, kit);
  let stopStream: (() => void) | undefined;
  /** Active rules, kept in memory for the checks. */
  let rules: SnipeRuleRow[] = [];
  let readAt = -Infinity;
  const reload = async () => {
    readAt = performance.now();
    [rules] = await Promise.all([store.activeSnipeRules(), copier.reload()]);
  };
  /** Reads the rules and follows again when the copy is more than a second old. */
  const fresh = () => (performance.now() - readAt > RULES_FRESH_MS ? reload() : undefined);

  /** Trades a stop left unfinished: nothing was signed yet, or the same bytes go again. */
  async function resume(): Promise<void> {
    for (const t of await store.unfinishedRuleTrades()) {
      const copy = t.id.startsWith('c:');
      const source = copy ? (await store.follow(t.ruleId!))?.source : undefined;
      trading
        .execute(t.id, kit.events(copy ? 'copy' : 'snipe', source))
        .catch((err: unknown) => log.error({ trade: t.id, err }, 'resumed trade failed'));
    }
  }

  async function onEvent(e: StreamEvent): Promise<void> {
    if (now() - e.timestamp > STALE_MS) return;
    try {
      await fresh();
      if (e.kind === 'create') await snipe(ctx, rules, e, e.data, false);
      else if (e.kind === 'launch') await snipeLaunch(ctx, rules, e);
      else if (e.kind === 'buy' || e.kind === 'sell') await copier.onTrade(e);
    } catch (err) {
      log.warn({ event: e.id, err }, 'snipe/copy check failed');
    }
  }

  return {
    async start(): Promise<void> {
      await reload();
      await resume();
      if (deps.stream && deps.follow !== false)
        stopStream = await deps.stream.subscribe({
          name: 'automation',
          kinds: ['create', 'launch', 'buy', 'sell'],
          position: deps.position ?? storedPosition(store),
          onEvent: (e) => this.onEvent(e),
        });
    },

    stop(): void {
      stopStream?.();
    },

    onEvent,

    /** A snipe rule for the user's active wallet. */
    async addRule(userId: number, spec: SnipeSpec): Promise<SnipeRuleRow> {
      const row = await newRule(ctx, userId, spec);
      await store.insertSnipeRule(row);
      await reload();
      return (await store.snipeRule(row.id))!;
    },

    /** pause | resume | delete a rule of the user. */
    async setRule(userId: number, id: string, action: RuleAction): Promise<boolean> {
      const [from, to] = RULE_ACTIONS[action];
      const ok = await store.setSnipeRuleStatus(userId, id, from, to);
      await reload();
      return ok;
    },
    rules: (userId: number) => store.userSnipeRules(userId),
    /** What a rule or a follow spent in the last 24 hours (sun). */
    spent: (ruleId: string) => kit.spent(ruleId),
    addFollow: (userId: number, spec: FollowSpec) => copier.addFollow(userId, spec),
    setFollow: (userId: number, id: string, action: RuleAction) => copier.setFollow(userId, id, action),
    follows: copier.follows,
    /** Reads the rules and follows again (set or changed by another process); events do it each second. */
    refresh: reload,
  };
}

export type Automation = ReturnType<typeof createAutomation>;
