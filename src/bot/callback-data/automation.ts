// Buttons of /snipe's rules and /copy's follows: pause, resume, delete (snipe.feature.ts).
import { button, coded, text } from './button.js';

/** A rule's or a follow's id (trading/automation/kit.ts: 6 random bytes, base64url). */
const RULE_ID = text(String.raw`[\w-]{6,12}`);

/** A snipe rule's buttons: `sp:ID` pause, `sr:ID` resume, `sd:ID` delete. */
export const snipeRuleData = button(undefined, {
  action: coded({ sp: 'pause', sr: 'resume', sd: 'delete' }),
  id: RULE_ID,
});

/** A followed wallet's buttons: `cp:ID` pause, `cr:ID` resume, `cd:ID` remove. */
export const copyFollowData = button(undefined, {
  action: coded({ cp: 'pause', cr: 'resume', cd: 'delete' }),
  id: RULE_ID,
});

/** What a rule's (or a follow's) buttons are made with. */
export type RuleData = typeof snipeRuleData;
