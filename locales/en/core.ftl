## This file's language: its name in its own words (the /language buttons), and the language codes of
## Telegram apps that get it until their user chooses (the first part of Telegram's language_code).

language-name = English
language-codes = en

## The command menu (setMyCommands; Telegram allows 3–256 characters each)

cmd-start = Start: your wallet and how to trade
cmd-token = Token card: /token ADDRESS (or just paste an address)
cmd-buy = Buy: /buy ADDRESS TRX
cmd-sell = Sell: /sell ADDRESS PERCENT% or AMOUNT
cmd-wallet = Your wallets, balance and positions
cmd-holders = Top holders: /holders ADDRESS
cmd-trades = Recent trades: /trades ADDRESS
cmd-new = Newest tokens
cmd-top = Tokens with the most 24 h volume
cmd-positions = Your positions with value, cost and profit
cmd-limit = Limit order: /limit ADDRESS buy TRX @ PRICE (or sell 50% @ PRICE)
cmd-tp = Take profit: /tp ADDRESS +100% 50%
cmd-sl = Stop loss: /sl ADDRESS -30% 100% [hold:N]
cmd-trail = Trailing stop: /trail ADDRESS 20% 100%
cmd-dca = DCA: /dca ADDRESS TRX every 1h x 10 [max PRICE]
cmd-orders = Your open orders, with Cancel
cmd-autotpsl = TP and SL on every new buy: /autotpsl +100% 50% -30% 100%
cmd-slhold = Stop-losses sell once the price holds N blocks: /slhold N
cmd-snipe = Sniper rules: /snipe add TRX name:WORD [safe] [launch] [maxprice:P] [maxmc:USD]
cmd-copy = Copy a wallet: /copy ADDRESS TRX [pct:P max:TRX] [budget:TRX] [token:TRX] [min:TRX] [sells]
cmd-settings = Slippage, presets, confirmations, fee limit, language
cmd-pin = Set or change your PIN: /pin 482913 (or /pin OLD NEW)
cmd-unlock = Wallet actions and guarded settings: /unlock PIN, for 2 minutes
cmd-referral = Your referral link: friends pay less, you earn a share of their fees
cmd-language = Language: English, 中文, Русский
cmd-alerts = Alerts for a group or channel (its admins)
cmd-cancel = Cancel the current dialogue
cmd-help = How to use the bot

## /language

language-pick = 🌐 Choose your language (now: { $current }).
language-set = 🌐 Language: { $language }.
language-unknown = I speak these languages: { $codes }. Send /language and a code, or tap a button.
language-admins-only = Only this group's admins can change its language.
