// The networks (nodes) the launchpad families are on, as the bot's texts name them: a token's card, a
// trade's quote, /positions and the Mini App's token page say which network a token is on, and a snipe
// rule or a follow limited to one family names it, but only when more than one network is configured.
// With one network (or none given) nothing changes: the texts do not mention the network at all.
import { FAMILY_NAMES, type FamilyName } from '../tron/families.js';
import type { NetworkConfig } from '../tron/networks.js';

/** What the bot knows of a network: its id, the name users see, and its families. */
export type BotNetwork = Pick<NetworkConfig, 'id' | 'name' | 'families'>;

export interface BotNetworks {
  /** More than one network is configured: the texts name a token's network. */
  readonly many: boolean;
  /** The families the bot serves (every family when no networks were given). */
  readonly families: readonly FamilyName[];
  /**
   * The name of the network a family is on, as users see it ('Tron mainnet', 'devnet 2'); undefined
   * when only one network is known (or the family is on none): the texts then say nothing of it.
   */
  nameOf(family: string | null | undefined): string | undefined;
  /**
   * A family as a rule's text names it: its network's name when there are several networks (each then
   * holds one family), else the family's own name ('launchpad2').
   */
  labelOf(family: string): string;
}

/** The bot's view of the configured networks (none given: one network, never named). */
export function botNetworks(list: readonly BotNetwork[] = []): BotNetworks {
  const many = list.length > 1;
  const nameOf = (family: string | null | undefined): string | undefined =>
    many && family ? list.find((n) => (n.families as readonly string[]).includes(family))?.name : undefined;
  return {
    many,
    families: list.length ? FAMILY_NAMES.filter((f) => list.some((n) => n.families.includes(f))) : FAMILY_NAMES,
    nameOf,
    labelOf: (family) => nameOf(family) ?? family,
  };
}
