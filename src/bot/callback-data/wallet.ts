// Buttons of /wallet (wallet.feature.ts) and of the withdrawal's dialogue (conversations.ts).
import { button, int, word, type FieldsOf } from './button.js';

const menuParts = { action: word('r', 'new', 'imp', 'exp', 'sw', 'wd', 'rm', 'no') };
/**
 * The wallet's menu (`w:r` …): refresh, new, import, export, switch, withdraw, remove; `no` closes
 * a list of wallets.
 */
export const walletMenuData = button('w', menuParts);
/** What the wallet menu's buttons do. */
export type WalletAction = FieldsOf<typeof menuParts>['action'];

const pickParts = { pick: word('use', 'expok', 'rm', 'rmok'), id: int(15) };
/** A wallet's own button (`w:use:12`): make it active, export its key, remove it (asked, then for good). */
export const walletPickData = button('w', pickParts);
/** What a wallet's own button does. */
export type WalletPick = FieldsOf<typeof pickParts>['pick'];

/** The network a withdrawal sends from, by a family on it (`wn:launchpad2`), when there are several. */
export const withdrawNetworkData = button('wn', { family: word('launchpad', 'launchpad2') });

/** Send or Cancel under a withdrawal (`wd:yes`, `wd:no`). */
export const withdrawAnswerData = button('wd', { answer: word('yes', 'no') });
