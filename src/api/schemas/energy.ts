// The operator's energy pools (GET /admin/energy): each family's router, the origin whose staked energy
// pays its users' trades, the energy it has a day and left, and the last day's trades it pays for.
// Energy is in units; TRX as a number and, exactly, as sun in a string.
import { z } from 'zod';
import { FAMILY_NAMES } from '../../tron/families.js';
import { okResponse } from './common.js';

const family = z.enum(FAMILY_NAMES);
const int = z.number().int();

export const EnergyQuery = z.strictObject({ family: family.optional() });

export const Unstaking = z.object({
  resource: z.enum(['ENERGY', 'BANDWIDTH']),
  amountTrx: z.number(),
  amountSun: z.string(),
  /** when it can be withdrawn (ms) */
  withdrawableAt: int,
});

export const EnergyPool = z.object({
  family,
  router: z.string(),
  /** the router's origin (deployer), whose stake pays; null when the node shows no contract there */
  origin: z.string().nullable(),
  /** TRX the origin has staked for energy; null when the node did not say */
  stakedTrx: z.number().nullable(),
  stakedSun: z.string().nullable(),
  /** of that stake, what it lent out (DelegateResource) */
  lentTrx: z.number().nullable(),
  /** unstakes waiting for the network's unstaking period */
  unstaking: z.array(Unstaking),
  /** the origin's energy a day */
  energyLimit: int,
  /** what it has left now (use recovers over 24 hours) */
  energyLeft: int,
  /** consume_user_resource_percent: the share of a trade's energy its user pays */
  userPaysPercent: int,
  /** origin_energy_limit: the most energy the origin gives one call (0: the network's default, 10,000,000) */
  originEnergyLimit: int,
  /** the pool's energy a typical curve trade takes (a figure that errs high) */
  energyPerTrade: int,
  /** trades draw on the pool now: users pay less than 100 % and it has energy left */
  sponsored: z.boolean(),
  /** typical curve trades the energy left covers, and that the energy a day sustains */
  tradesLeft: int,
  tradesADay: int,
  /** this family's router trades of the 24 hours before the head block */
  lastDay: z.object({ curve: int, dex: int }),
  /** the families whose routers draw on this pool (the same origin), this one included */
  sharedBy: z.array(family),
  /** the pool's energy an hour at the last day's pace, over every router it pays for */
  energyPerHour: int,
  /** hours the energy left lasts at that pace (to a tenth); null when no trade drew on it */
  hoursLeft: z.number().nullable(),
  /** the energy left covers less than an hour of the last day's trades */
  low: z.boolean(),
});

export const EnergyResponse = okResponse({ data: z.array(EnergyPool) });
