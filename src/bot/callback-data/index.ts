// Every kind of button's data: one codec each (build, filter, parse), grouped by feature. Features
// build with `xxxData.build(...)` and handle with `callbackQuery(xxxData.filter(), …)` and
// `xxxData.unpack(ctx.match)`; no data string is written or matched by hand anywhere else.
export { MAX_DATA_BYTES, type Button, type FieldsOf } from './button.js';
export { cancelTradeData, confirmTradeData, customAmountData, requoteData, tradePresetData } from './trade.js';
export { cardData, pageData, pnlData, positionsData } from './card.js';
export {
  walletMenuData,
  walletPickData,
  withdrawAnswerData,
  withdrawNetworkData,
  type WalletAction,
  type WalletPick,
} from './wallet.js';
export { orderCancelData, orderPresetData, orderResumeData, ordersData, tokenOrdersData } from './orders.js';
export { copyFollowData, snipeRuleData, type RuleData } from './automation.js';
export { alertToggleData, languageData, settingData } from './settings.js';
export { helpPageData, startMenuData } from './start.js';
