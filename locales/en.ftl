# The bot's texts in English: the reference every other language follows (same messages, same
# placeables). Variables are HTML-safe already; amounts come formatted. See docs/bot.md#languages.

## ==== The language itself, the command menu and /language ====

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
cmd-snipe = Sniper rules: /snipe add TRX name:WORD [safe] [launch] [maxprice:P] [maxmc:USD] [family:F]
cmd-copy = Copy a wallet: /copy ADDRESS TRX [pct:P max:TRX] [budget:TRX] [token:TRX] [min:TRX] [sells] [family:F]
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

## ==== /start, /help, the bot's own answers, alerts in groups, admins ====

## /start: the welcome and its buttons

start-welcome-new = 👋 <b>Welcome!</b> I made you a wallet:
start-welcome-back = 👋 <b>Welcome back!</b> Your active wallet:
start-pin = 🔒 Before your first deposit, set a PIN: /pin and 4 to 8 digits. It guards export, withdraw and your wallets.
start-fund = 💰 Send TRX to it: you trade with the TRX in this wallet.
start-trade = 🔎 Then paste a launchpad token address to see its card and trade, or tap 🆕 New or 🔥 Top.
start-discount = 🎁 You came through a friend's link: your trading fee is { $pct } lower.
start-group = Your wallet and trades are in our private chat: open it and send /start there.
start-btn-new = 🆕 New
start-btn-top = 🔥 Top
start-btn-wallet = 👛 Wallet
start-btn-settings = ⚙️ Settings
start-btn-help = ❓ Help

## /help: how to trade, then a page per topic

help-title = <b>❓ How to trade</b>
help-step-1 = 1. Fund your wallet with TRX (/wallet shows its address).
help-step-2 = 2. Paste a token address (or /token ADDRESS) to see its card.
help-step-3 = 3. Tap a Buy or Sell button, check the quote, and Confirm.
help-topics = The commands, by topic:
help-btn-trading = 📈 Trading
help-btn-orders = 🎯 Orders
help-btn-automation = 🤖 Automation
help-btn-wallet = 🔐 Wallet and security
help-btn-groups = 👥 Groups
help-btn-back = ⬅️ Back
help-trading-title = <b>📈 Trading</b>
help-trading-intro = Find tokens, read their cards, buy and sell.
help-orders-title = <b>🎯 Orders</b>
help-orders-intro = Orders that trade for you while you are away: limit, take profit, stop loss, trailing stop and DCA.
help-automation-title = <b>🤖 Automation</b>
help-automation-intro = Buy new tokens as they appear (sniper) or follow another wallet's trades (copy trading).
help-wallet-title = <b>🔐 Wallet and security</b>
help-wallet-intro = Your wallets, the PIN that guards them, your settings and your referral link.
help-groups-title = <b>👥 Groups</b>
help-groups-intro = Add me to a group or channel: its admins choose the alerts there, and anyone can paste a token address to see its card.

## Bot-wide answers

bot-expired = This button has expired.
bot-stray-text = Paste a token address to see its card, or send /help.
bot-not-yours = These buttons belong to the person who asked.
bot-cancelled = Cancelled.
bot-error = Sorry, something went wrong on our side. Please try again; if it happens again, tell the bot owner.
bot-refused = ⚠️ { $reason }
bot-slow-down = 🐢 Slow down a little: I am skipping some of your messages. Try again in a few seconds.
bot-slow-down-tap = Slow down a little, please.

## Group and channel alerts (/alerts) and the alerts themselves

alert-new = 🆕 New token <b>{ $name }</b> ({ $symbol }) · <a href="{ $url }">card</a>
alert-launch = 🚀 { $symbol } launched to the DEX · <a href="{ $url }">card</a>
alert-buy = 🟢 { $symbol } buy of { $trx } ({ $tokens } tokens) · <a href="{ $url }">card</a>
alert-progress = ⛽ { $symbol } curve at { $pct } · <a href="{ $url }">card</a>
alert-other = { $kind } { $symbol }
alert-rules-title = <b>🔔 Alerts in this chat</b>
alert-rules-new =
    New tokens: { $on ->
        [yes] on
       *[no] off
    }
alert-rules-launches =
    Launches: { $on ->
        [yes] on
       *[no] off
    }
alert-rules-buys = Buys: from { $trx }
alert-rules-buys-off = Buys: off
alert-rules-progress = Curve progress: when crossing { $pct }
alert-rules-progress-off = Curve progress: off
alert-rules-tokens = Tokens: { $tokens }
alert-rules-tokens-all = Tokens: all
alert-rules-hint = <i>Limit to tokens with</i> <code>/alerts tokens ADDRESS …</code> <i>or</i> <code>/alerts tokens all</code>.
alert-btn-new = New tokens: { $mark }
alert-btn-launches = Launches: { $mark }
alert-btn-buys = Buys ≥ { $min }
alert-btn-buys-off = Buys ≥ off
alert-btn-progress = Progress { $pct }
alert-btn-progress-off = Progress off
alert-private = Add me to a group or channel and send /alerts there to set up alerts.
alert-admins-only = Only this chat's admins can set up alerts.
alert-admins-only-change = Only this chat's admins can change alerts.
alert-bad-token = Not a token address: <code>{ $address }</code>
alert-tokens-usage = Usage: /alerts tokens ADDRESS … or /alerts tokens all
alert-saved = Saved

## Admin commands (/plans, /plan, /user, /stats, /energy, /referrals)

admin-plans-title = <b>Plans</b>
admin-plan-terms =
    { $rpm ->
        [unlimited] unlimited
       *[other] { $rpm }
    } req/min, fee { $fee }{ $streams ->
        [yes] , stream + webhooks
       *[no] {""}
    }
admin-plan-line = • <b>{ $name }</b>: { $terms }
admin-plan-saved = Plan <b>{ $name }</b>: { $terms }.
admin-plan-usage = Usage: <code>/plan set NAME rpm=N|unlimited fee=BPS [streams=on|off]</code>
admin-not-saved = Not saved: { $reason }
admin-failed = Failed: { $reason }
admin-error = error
admin-user-usage = Usage: <code>/user @name|ID</code> or <code>/user ID plan NAME</code>
admin-no-user = No such user.
admin-user-title = <b>User</b> { $name } <code>{ $id }</code>
admin-user-title-changed = <b>User</b> { $name } <code>{ $id }</code> — plan changed
admin-user-plan = Plan: <b>{ $plan }</b>
admin-user-requests = Requests: { $today } today, { $week } in 7 days
admin-user-trades = Trades with fees: { $trades } · fees paid: { $fees }
admin-user-wallets = Wallets: { $n }
admin-stats-title = <b>Stats</b>
admin-stats-users = Bot users: { $n }
admin-stats-keys = API keys: { $active } active of { $keys }
admin-stats-volume = Tokens: { $tokens } · trades: { $trades } · volume: { $volume }
admin-stats-fees = Fees collected: { $fees } on { $trades } trades
admin-energy-failed = Could not read the pools: { $reason }
admin-referrals-title = <b>Referrals</b>
admin-referrals-saved = <b>Referrals</b> — terms saved
admin-referrals-usage = Usage: <code>/referrals</code> or <code>/referrals set shares=30,20,10 days=30,30 discount=10 threshold=10</code> (any of them)
admin-referrals-unknown = I do not know &quot;{ $word }&quot;.
admin-referrals-twice = { $word } is given twice.
admin-referrals-nothing = Nothing to set.

## ==== Token cards, quotes, trades, token lists, energy ====

## Token cards (card-*), trades by hand (trade-*), holders, trades and token lists (list-*),
## energy (energy-*). Every variable is HTML-safe and formatted already; counts are numbers.

## The token card

card-price = 💰 Price: { $price } TRX ({ $usd })
card-market-cap = 🏦 Market cap: { $usd }
token-network = 🌐 Network: { $network }
card-day = 📈 24h: { $change } · volume { $volume } TRX
card-dex-pair = 🔄 SunSwap V2 pair <code>{ $pair }</code>
card-liquidity = 💧 Liquidity: { $liquidity } TRX ({ $trx } TRX · { $tokens } tokens)
card-curve = ⛽ Curve: { $bar }
card-curve-reserves = { $trx } TRX in curve · { $tokens } tokens left
card-status = Status: { $status }
card-status-created = 🟢 trading on the curve
card-status-launch-pending = 🟡 curve full, launching
card-status-launched = 🚀 launched, trading on SunSwap V2
card-verdict-ok = 🛡 Safety: ok
card-verdict-caution = ⚠️ Caution
card-verdict-danger = ⛔ Danger
card-safety-why = { $verdict }: { $why }
card-safety-holders = { $verdict } · { $holders ->
    [one] { $holders } holder
   *[other] { $holders } holders
  }, top 10 hold { $top10 }
card-reason-creator-share = the creator holds { $pct } of the supply
card-reason-creator-dumped = the creator dumped { $dumps } of { $tokens ->
    [one] { $tokens } earlier token
   *[other] { $tokens } earlier tokens
  }
card-reason-top10 = the top 10 holders have { $pct }
card-reason-creator-sold = the creator sold { $pct } of their first buy
card-reason-bundles = { $buys ->
    [one] { $buys } bundled buy
   *[other] { $buys } bundled buys
  } in the creation block ({ $pct })
card-link-web = web
card-link-x = X
card-link-telegram = telegram
card-open-orders = 📋 You have { $count ->
    [one] { $count } open order
   *[other] { $count } open orders
  } on this token.
card-share-text = { $symbol } on the Tron launchpad: the card, the chart and one-tap buys
card-token-not-found = Token not found
card-not-an-address = That does not look like a token address. Tron addresses start with T and have 34 characters.
card-unknown-token = I could not find token <code>{ $address }</code> on the launchpads.
card-usage = Usage: <code>/token ADDRESS</code>
card-updated = Updated
card-up-to-date = Up to date

## The card's buttons

card-interval-5m = 5m
card-interval-1h = 1h
card-interval-1d = 1d
card-buy = Buy { $amount } TRX
card-buy-x = Buy X TRX
card-sell = Sell { $pct }%
card-sell-x = Sell X
card-holders = 👥 Holders
card-trades = 📜 Trades
card-refresh = 🔄 Refresh
card-share = 📤 Share
card-orders = 📋 Orders
card-positions = 📊 Positions
card-wallet = 👛 Wallet

## A trade's quote, before Confirm

trade-quote-buy-title = <b>🟢 Buy { $symbol }</b>
trade-quote-sell-title = <b>🔴 Sell { $symbol }</b>
trade-quote-pay = You pay: { $amount }
trade-quote-sell = You sell: { $amount }
trade-quote-get = You get: ~{ $amount }
trade-quote-minimum = Minimum (slippage { $slippage }): { $amount }
trade-quote-bot-fee = { $fee } bot ({ $pct })
trade-quote-fees-dex = Fees: { $pool } pool (in the price) + { $bot } · on SunSwap V2
trade-quote-fees-curve = Fees: { $launchpad } launchpad + { $bot }
trade-quote-impact = Price impact: { $impact }
trade-quote-fills = ⚠️ This fills the curve; { $refund } would be refunded.
trade-quote-valid = <i>Quote valid for { $seconds } s.</i>
trade-fee-plain = Network fee: ~{ $fee }
trade-fee-at-most = at most { $max }
trade-fee-lent = Network fee: ~{ $fee } (the bot lends your wallet the { $energy } energy for this trade)
trade-fee-if-no-loan = up to { $max } if the loan does not go through
trade-fee-sponsored = Network fee: ~{ $fee } (the bot pays the { $energy } energy)
trade-fee-partial = Network fee: ~{ $fee } (the bot's energy pool pays part; it is running low)
trade-fee-if-dry = up to { $max } if the pool runs dry first
trade-fee-empty = ⚠️ Network fee: ~{ $fee }: the bot's energy pool is empty, you pay the energy
trade-confirm = ✅ Confirm
trade-cancel = ✖️ Cancel

## Starting a trade, and the answers to its buttons

trade-buy-usage = Usage: <code>/buy ADDRESS TRX</code>, e.g. <code>/buy T... 100</code>
trade-sell-usage = Usage: <code>/sell ADDRESS 50%</code> or <code>/sell ADDRESS AMOUNT</code>
trade-amount-help-buy = The amount must be a positive number of TRX (up to 6 decimals), e.g. <code>100</code>.
trade-amount-help-sell = The amount must be a percent of your holding (e.g. <code>50%</code>) or a positive number of tokens.
trade-sending = ⏳ Sending…
trade-sending-answer = Sending…
trade-getting-quote = Getting a quote…
trade-getting-fresh-quote = Getting a fresh quote…
trade-quote-expired-alert = That quote expired. Here is a fresh one: confirm again.
trade-quote-expired = ⌛ Quote expired.
trade-not-yours = Only the person who asked can confirm this trade.
trade-already-handled = This trade is already being handled.
trade-quote-gone = This quote is no longer available.
trade-gone = This trade is no longer available.
trade-cancelled-answer = Cancelled
trade-cancelled = ✖️ Cancelled.
trade-nothing-to-cancel = Nothing to cancel.

## A trade's progress and result

trade-pending = ⏳ <b>Pending</b> — sent to the network.
trade-tx = Tx: { $link }
trade-bought = ✅ <b>Bought</b>
trade-bought-received = ✅ <b>Bought</b> — received { $amount }
trade-sold = ✅ <b>Sold</b>
trade-sold-received = ✅ <b>Sold</b> — received { $amount }
trade-network-fee = network fee { $fee }
trade-balance = Balance: { $trx } · { $tokens }
trade-not-final = ⏳ In a block; final in about a minute
trade-final = 🔒 Final
trade-failed = ❌ <b>Trade failed</b>: { $reason }
trade-failed-unknown = unknown reason
trade-fee-spent = the network fee of { $fee } was spent
trade-nothing-sent = Nothing was sent.
trade-launched-buy = 🚀 <b>{ $symbol } launched to SunSwap V2</b> before your buy landed: nothing was bought.
trade-launched-sell = 🚀 <b>{ $symbol } launched to SunSwap V2</b> before your sell landed: nothing was sold.
trade-launched-fee = only the network fee of { $fee } was spent
trade-launched-requote = Tap below for a fresh quote on the DEX.
trade-requote-buy = 🔁 Buy on SunSwap
trade-requote-sell = 🔁 Sell on SunSwap

## Holders, trades and token lists

list-holders-usage = Usage: <code>/holders ADDRESS</code>
list-trades-usage = Usage: <code>/trades ADDRESS</code>
list-holders-title = <b>Holders of { $symbol }</b> — page { $page }
list-holders-none = No holders of { $symbol } yet.
list-holders-no-more = No more holders.
list-holder-curve = curve
list-holder-dev = dev
list-holder-pool = pool
list-trades-title = <b>Trades of { $symbol }</b> — page { $page }
list-trades-none = No trades of { $symbol } yet.
list-trades-no-more = No more trades.
list-prev = ◀️ Prev
list-next = Next ▶️
list-back-to-token = ⬅️ Token
list-new-title = 🆕 Newest tokens
list-top-title = 🔥 Top by 24 h volume
list-tokens-none = No tokens yet.
list-token-volume = vol { $volume } TRX

## Energy: /wallet, /settings, /energy and the admins' notices

energy-wallet-no-answer = Energy and bandwidth: the node did not answer; try again.
energy-wallet-energy = Energy: <b>{ $left }</b> of { $limit } a day left ({ $staked } staked)
energy-wallet-energy-none = Energy: none staked
energy-wallet-bandwidth = Bandwidth: <b>{ $left }</b> of { $limit } free bytes left today
energy-wallet-bandwidth-staked = staked { $left } of { $limit } ({ $staked })
energy-sponsorship = ⚡ Network fees: { $how }. The trade card shows what you pay.
energy-sponsored = sponsored: the bot pays the energy of your trades
energy-sponsored-part = partly sponsored: the bot pays { $pct } of your trades' energy
energy-not-sponsored-empty = not sponsored for now (the bot's energy pool is empty): your trades burn TRX for their energy
energy-not-sponsored = not sponsored: your trades burn TRX for their energy
energy-pools-title = <b>⚡ Energy pools</b>
energy-pool-title = <b>{ $family }</b> · router <code>{ $router }</code>
energy-pool-origin = Pool: <code>{ $origin }</code>
energy-pool-shared = (shared with { $families })
energy-pool-none = Pool: none (the node shows no router there)
energy-pool-staked = Staked: { $staked } for energy
energy-pool-staked-lent = Staked: { $staked } for energy ({ $lent } lent out)
energy-pool-energy = Energy: { $left } left of { $limit } a day
energy-pool-users-pay-sponsored = Users pay { $pct } of a trade's energy: <b>sponsored</b>
energy-pool-users-pay-not-sponsored = Users pay { $pct } of a trade's energy: <b>not sponsored</b>
energy-pool-covers = Covers { $now } typical trades now, { $day } a day ({ $each } energy each)
energy-pool-last-day = Last 24 h: { $trades } router trades ({ $curve } curve, { $dex } DEX)
energy-pool-hours-left = { $perHour } energy an hour: { $hours } hours left
energy-pool-low-line = ⚠️ Less than an hour of trades left: stake more (<code>npm run cli -- energy stake TRX</code>)
energy-pool-unstaking = Unstaking: { $amount } ({ $resource }), withdrawable from { $when }
energy-low-title = ⚠️ <b>Energy pool low</b>
energy-low-body = The pool { $pool } has { $left } energy left: less than an hour of the last day's trades ({ $perHour } energy an hour).
energy-low-then = When it runs out, users pay their trades' energy in burnt TRX.
energy-low-stake = Stake more: <code>npm run cli -- energy stake TRX</code> (the key on stdin). /energy shows the pools.
energy-recovered-title = ✅ <b>Energy pool recovered</b>
energy-recovered-body = The pool { $pool } has { $left } energy left: { $hours } hours of the last day's trades.
energy-recovered-idle = The pool { $pool } has { $left } energy left: no trade drew on it in the last day.

## ==== Wallets, PIN, settings, dialogues, referrals ====

## Shared words of the account's texts

# a length of time: $unit is day, hour, minute or second; $n a count
common-duration =
    { $unit ->
        [day]
            { $n ->
                [one] { $n } day
               *[other] { $n } days
            }
        [hour]
            { $n ->
                [one] { $n } hour
               *[other] { $n } hours
            }
        [second]
            { $n ->
                [one] { $n } second
               *[other] { $n } seconds
            }
       *[minute]
            { $n ->
                [one] { $n } minute
               *[other] { $n } minutes
            }
    }
common-open-private = Open me in a private chat for this: settings, wallets, PINs and rules change only there.
common-open-private-button = 💬 Open a private chat

## /wallet

wallet-title = <b>👛 Wallet { $index } of { $count }</b>
wallet-balance = Balance: <b>{ $balance }</b>
wallet-balance-on = On { $network }: <b>{ $balance }</b>
wallet-same-key = The same address and key work on every network.
wallet-positions = <b>Positions</b>
wallet-no-positions = No token positions yet.
wallet-btn-new = ➕ New wallet
wallet-btn-import = 📥 Import
wallet-btn-export = 🔑 Export
wallet-btn-switch = 🔀 Switch
wallet-btn-withdraw = 💸 Withdraw TRX
wallet-btn-remove = 🗑 Remove
wallet-btn-refresh = 🔄 Refresh
wallet-btn-cancel = ✖️ Cancel
wallet-btn-remove-for-good = 🗑 Remove for good
wallet-btn-open = 👛 Open wallet
wallet-created = New wallet created and made active
wallet-switched = Active wallet changed
wallet-removed = Wallet removed
wallet-cancelled = Cancelled
wallet-none = No such wallet
wallet-not-removed-only = This is your only wallet: it cannot be removed.
wallet-not-removed-active = This is your active wallet: switch to another one first.
wallet-not-removed-orders = Open orders trade this wallet: cancel them first (/orders).
wallet-not-removed-rules = Snipe or copy rules trade this wallet: delete them first (/snipe, /copy).
wallet-not-removed-trading = A trade of this wallet is under way: try again once it is done.
wallet-switch-ask = Choose the active wallet:
wallet-export-ask =
    ⚠️ <b>Export a private key?</b>
    Anyone who sees it controls the wallet. I delete the message after { $span }. Choose the wallet:
wallet-export-sent = 🔑 Key sent below; it disappears in { $span }.
wallet-key-title = <b>Private key</b> of <code>{ $address }</code>:
wallet-key-deleted-in = This message is deleted in { $span }.
wallet-remove-ask = 🗑 <b>Remove a wallet from the bot?</b> Choose the wallet (not the active one):
wallet-remove-title = ⚠️ <b>Remove wallet <code>{ $address }</code>?</b>
wallet-holds = It holds <b>{ $balance }</b>.
wallet-holds-tokens =
    It holds <b>{ $balance }</b> and { $tokens ->
        [one] { $tokens } token
       *[other] { $tokens } tokens
    }.
wallet-holds-unknown = I could not read what it holds.
wallet-remove-warning = Its private key is erased from the bot <b>for good</b>. Unless you exported it, whatever this wallet holds, now or sent to it later, can never be moved again.
wallet-import-prompt = 📥 Send me the private key to import (64 hexadecimal characters). I delete your message as soon as I read it. /cancel to stop.
wallet-import-expired = That import prompt expired; tap Import again. (I deleted your message.)
wallet-import-deleted = (I deleted your message.)
wallet-import-not-a-key = That is not a private key: it must be 64 hexadecimal characters. (I deleted your message.) Tap Import to try again.
wallet-import-invalid-key = That key is not a valid secp256k1 private key. (I deleted your message.) Tap Import to try again.
wallet-import-failed = Import failed; please try again.
wallet-imported = ✅ Imported <code>{ $address }</code> and made it your active wallet.

## The PIN (/pin, /unlock) and its gate

pin-set-one = Set a PIN first: send /pin and 4 to 8 digits (for example /pin 482913). You need it to export, withdraw, import, switch and remove a wallet.
pin-unlock-first = Send /unlock and your PIN first: it opens this for { $span }.
pin-locked = Too many wrong PINs: locked for { $span }, until { $until }.
pin-held = Held until { $until }: for { $hold } after a PIN is set on a wallet with funds, or changed, no one can export, withdraw, import, switch or remove a wallet.
pin-wrong =
    Wrong PIN ({ $left ->
        [one] { $left } try
       *[other] { $left } tries
    } left).
pin-change-how = Change your PIN with /pin OLD NEW.
pin-exists = You have a PIN: change it with /pin OLD NEW.
pin-bad = A PIN is 4 to 8 digits, for example /pin 482913.
pin-done =
    🔒 PIN { $changed ->
        [yes] changed
       *[no] set
    }. To export, withdraw, import, switch and remove a wallet, send /unlock and your PIN first: it opens them for { $span }.
pin-hold-notice = ⏳ For your safety these are held for { $hold }, until { $until }. Not you? Someone has your Telegram: end the other sessions in Telegram's Settings → Devices.
pin-unlocked = 🔓 Unlocked for { $span }: you can export, withdraw, import, switch and remove a wallet, and change guarded settings.
pin-unlocked-held = ⏳ Export, withdraw, import, switch and remove stay held until { $until }.
pin-group-also = A PIN others saw here: choose a new one there with /pin OLD NEW.

## /settings

settings-title = <b>⚙️ Settings</b>
settings-slippage = Slippage: { $pct }%
settings-buy-presets = Buy presets: { $presets } TRX
settings-sell-presets = Sell presets: { $presets } %
settings-confirm =
    Confirm before trading: { $on ->
        [yes] on
       *[no] off
    }
settings-fee-limit = Extra fee limit: { $fee } TRX
settings-auto-tpsl = Automatic TP/SL on every buy: { $what } (<code>/autotpsl +100% 50% -30% 100%</code> or <code>off</code>)
settings-auto-tp = TP +{ $gain }% sell { $sell }%
settings-auto-sl = SL −{ $loss }% sell { $sell }%
settings-off = off
settings-stop-loss = Stop-loss: { $hold } (1 = at once; change with <code>/slhold N</code>)
settings-btn-slippage = Slippage { $pct }%
settings-btn-fee = Fee limit +{ $fee }
settings-btn-buy = Buy presets
settings-btn-sell = Sell presets
settings-btn-confirm =
    Confirm: { $on ->
        [yes] on ✅
       *[no] off
    }
settings-btn-language = 🌐 Language: { $language }
settings-saved = Saved.

## Dialogues

ask-cancel-hint = (/cancel to stop)
ask-answer-with-message = Please answer with a message
ask-give-up = Let us stop here; start again when you are ready.
ask-buy-amount = How many TRX do you want to spend?
ask-sell-amount = How much do you want to sell? A percent like <code>30%</code> or a token amount.
ask-withdraw-to = Send the address to withdraw TRX to.
ask-withdraw-not-address = That is not a Tron address (T…, 34 characters).
ask-withdraw-amount = How many TRX?
ask-withdraw-amount-help = Send a positive number of TRX with up to 6 decimals.
ask-withdraw-confirm = Send <b>{ $amount }</b> to <code>{ $to }</code>?
ask-withdraw-confirm-on = Send <b>{ $amount }</b> to <code>{ $to }</code> on { $network }?
ask-withdraw-network = From which network? The same address holds TRX on each:
ask-btn-send = ✅ Send
ask-btn-cancel = ✖️ Cancel
ask-tap-send-or-cancel = Tap Send or Cancel above.
ask-withdraw-cancelled = Withdrawal cancelled.
ask-sending = ⏳ Sending…
ask-withdraw-new-address = ⚠️ You never sent to <code>{ $to }</code> before. Check the address, then tap Send again after { $seconds } s to send <b>{ $amount }</b>.
ask-wait-more = Wait { $seconds } s more: it is a new address.
ask-withdraw-sent = ✅ Sent { $amount } to <code>{ $to }</code>
ask-withdraw-failed = ❌ Failed { $amount } to <code>{ $to }</code>
ask-withdraw-pending = ⏳ Sent { $amount } to <code>{ $to }</code>, not confirmed yet: check /wallet later.
ask-withdraw-tx = Tx: <code>{ $txid }</code>
ask-slippage = New slippage in percent ({ $min } to { $max })?
ask-fee-limit = Extra fee limit in TRX ({ $min } to { $max })? It raises the most a trade may burn in fees.
ask-buy-presets = Three buy presets in TRX, like <code>50 200 1000</code>.
ask-buy-presets-help = Send three positive numbers separated by spaces.
ask-sell-presets = Three sell presets in percent, like <code>25 50 100</code>.
ask-sell-presets-help = Send three percents from 1 to 100 separated by spaces.
ask-number-range = Send a number from { $min } to { $max }.
ask-slippage-guarded = A slippage above { $pct }% is not saved without it.

## The referral programme (/referral, the payouts, the admins' view)

ref-title = 🤝 <b>Invite friends, earn from their trades</b>
ref-your-link = Your link:
ref-joined = Joined through it: <b>{ $count }</b>
ref-volume = Their volume: { $volume }
ref-earned = Earned: { $earned }
ref-paid = Paid: { $paid }
ref-paid-pending = Paid: { $paid } (+{ $pending } on its way)
ref-owed = Owed: <b>{ $owed }</b>
ref-terms-share = You earn a share of the fees each friend pays, from the day they join: { $schedule }.
ref-terms-discount = Friends who join through your link pay { $pct }% less fee.
ref-terms-payout = Payouts go to your active wallet once you are owed at least { $threshold }.
ref-period = { $pct }% for days { $from }–{ $to }
ref-after = { $pct }% after
ref-share-button = 📤 Share your link
ref-pitch = Trade Tron launchpad tokens from Telegram
ref-pitch-discount = Trade Tron launchpad tokens from Telegram: { $pct }% off the fees through my link
ref-payout =
    💸 Referral payout: { $amount } sent to <code>{ $address }</code>
    Tx: { $tx }
ref-admin-shares = Shares: { $schedule }
ref-admin-discount = Referee discount: { $pct }% off the plan's fee
ref-admin-threshold = Payout threshold: { $threshold }
ref-admin-totals = Referrals: { $referrers } referrers, { $referees } referred · earned { $earned }, paid { $paid }, owed { $owed }
ref-admin-totals-pending = Referrals: { $referrers } referrers, { $referees } referred · earned { $earned }, paid { $paid } (+{ $pending } on its way), owed { $owed }

## ==== Orders, positions, sniper and copy trading ====

## Automated orders: /limit, /tp, /sl, /trail, /dca, /orders, /autotpsl, /slhold

order-usage-title = <b>Automated orders</b> (they trade your active wallet, with your slippage, without asking)
order-usage-limit-buy = <code>/limit ADDRESS buy TRX @ PRICE</code> — buy when the price is at or below PRICE (TRX per token)
order-usage-limit-sell = <code>/limit ADDRESS sell 50% @ PRICE</code> — sell a share when the price is at or above
order-usage-level-mc = PRICE may be a market cap in USD: <code>mc50k</code>, <code>mc1.2m</code>
order-usage-tp = <code>/tp ADDRESS +100% 50%</code> — take profit: sell 50 % at +100 % over your entry
order-usage-sl = <code>/sl ADDRESS -30% 100%</code> — stop loss: sell all at −30 % from your entry
order-usage-sl-hold = add <code>hold:3</code> to sell only once the price has stayed there 3 blocks (~3 s each; default: /slhold)
order-usage-trail = <code>/trail ADDRESS 20% 100%</code> — sell when the price falls 20 % below its high since set
order-usage-dca = <code>/dca ADDRESS 50 every 1h x 10 [max PRICE]</code> — buy 50 TRX every hour, 10 times
order-usage-orders = <code>/orders</code> — your open orders (<code>/orders ADDRESS</code> for one token)
order-usage-autotpsl = <code>/autotpsl +100% 50% -30% 100%</code> — a TP and an SL on every new buy (<code>off</code> to stop)
order-usage-slhold = <code>/slhold N</code> — stop-losses wait for the price to hold N blocks (1 to { $max }; 1 = at once)

# an order in a line ($symbol is "$TICKER"; $share and $drop are percents; $level, $entry, $high are prices in TRX)
order-line-limit-buy = 🎯 Limit buy { $amount } of { $symbol } at ≤ { $level }
order-line-limit-sell = 🎯 Limit sell { $share } of { $symbol } at ≥ { $level }
order-line-tp = 💰 Take profit on { $symbol }: sell { $share } at ≥ { $level } (entry { $entry })
order-line-sl = 🛑 Stop loss on { $symbol }: sell { $share } at ≤ { $level } (entry { $entry })
order-line-holds = holds { $blocks } { $blocks ->
    [one] block
   *[other] blocks
}
order-line-trail = 📉 Trailing stop on { $symbol }: sell { $share } { $drop } below the high (high { $high }, fires at ≤ { $level })
order-line-dca = 🔁 DCA { $amount } of { $symbol }, { $done }/{ $rounds } done
order-dca-next-now = next round now
order-dca-next-in = next in { $minutes } min
order-dca-max = max { $level }
order-auto = <i>(auto)</i>
order-paused-note = ⏸ paused: { $note }
order-executing = ⏳ trading now
order-sl-hold = sells once the price holds at or below the level for { $blocks } { $blocks ->
    [one] block
   *[other] blocks
}

# why an order stopped or changed (the engine's notes and reasons)
order-note-holding-gone = the holding is gone
order-note-cancelled-by-you = cancelled by you
order-note-resumed = resumed
order-note-filled = filled
order-note-failed = failed
order-note-wallet-gone = its wallet is gone
order-note-launched = the token launched; the order now trades on the DEX
order-note-launched-under = the token launched under the trade
order-note-tp-filled = its TP filled
order-note-sl-filled = its SL filled
order-note-above-cap = the price was above the cap
order-note-round-filled = round { $done } of { $rounds } filled
order-note-round-failed = round { $done } of { $rounds } failed: { $reason }
order-note-round-skipped = round { $done } of { $rounds } skipped: the price was above { $level }

# setting an order, the list and its buttons
order-set = ✅ <b>Order set</b>
order-set-executing = Its condition holds already: trading now.
order-btn-cancel = ✖️ Cancel
order-btn-orders = 📋 Orders
order-btn-resume = ▶️ Resume
order-btn-cancel-n = ✖️ Cancel #{ $n }
order-btn-resume-n = ▶️ Resume #{ $n }
order-btn-preset-tp = 💰 TP +{ $gain } ×{ $share }
order-btn-preset-sl = 🛑 SL −{ $loss } ×{ $share }
order-btn-preset-trail = 📉 Trail { $drop } ×{ $share }
order-btn-token = ⬅️ Token
order-list-title = <b>📋 Your open orders</b>
order-list-title-token = <b>📋 Orders of { $symbol }</b>
order-list-title-this-token = <b>📋 Orders on this token</b>
order-none = No open orders.
order-cancelled = Order cancelled
order-cancel-executing = It is trading right now
order-cancel-none = No such open order
order-resumed = Order resumed
order-not-paused = This order is not paused

# /autotpsl and /slhold ($rule is order-sl-hold)
order-autotpsl-off = Automatic TP/SL is off.
order-autotpsl-usage = Usage: <code>/autotpsl +100% 50% -30% 100%</code> (take profit: gain, share; stop loss: loss, share) or <code>/autotpsl off</code>
order-autotpsl-on = Automatic TP/SL is on: after every buy, take profit at +{ $gain } (sell { $tpShare }) and stop loss at −{ $loss } (sell { $slShare }), from the new average entry.
order-autotpsl-on-held = Automatic TP/SL is on: after every buy, take profit at +{ $gain } (sell { $tpShare }) and stop loss at −{ $loss } (sell { $slShare } once the price holds there { $blocks } blocks (/slhold)), from the new average entry.
order-slhold-now = Stop-loss: { $rule }.
order-slhold-usage = Usage: <code>/slhold N</code> (1 to { $max } blocks of ~3 s; 1 = at once)
order-slhold-set = ✅ Stop-loss: { $rule }.
order-slhold-set-note = This is for new stop-losses (the automatic SL, and /sl without <code>hold:</code>); those already set keep theirs.

# the engine's messages ($did is one of order-did-*; $reason is a note above or the trade's own words)
order-did-buy = bought { $symbol } for { $cost }
order-did-buy-got = bought { $amount } { $symbol } for { $cost }
order-did-sell = sold { $share } of the holding
order-did-sell-got = sold { $share } of the holding for { $got }
order-filled = ✅ <b>Order filled</b>: { $did }
order-filled-at = ✅ <b>Order filled</b>: { $did } at ~{ $price }
order-dca-done = { $done } of { $rounds } rounds done.
order-paused = ⏸ <b>Order paused</b>: { $reason }
order-paused-retry = Tap Resume to try again.
order-paused-top-up = Top up the wallet, then tap Resume.
order-cancelled-by-engine = ✖️ <b>Order cancelled</b>: { $reason }
order-dca-skipped = ⏭ <b>DCA round skipped</b>: { $reason }
order-launched = 🚀 <b>{ $symbol } launched</b> under the order's trade: nothing was traded; the order goes on, on SunSwap V2.
order-failed = ❌ <b>Order failed</b>: { $reason }
order-tx = Tx: { $link }

## /positions

pos-title = <b>📊 Positions</b>
pos-none = No positions yet. Paste a token address to trade.
pos-head = <b>{ $symbol }</b> — { $amount }
pos-value = value { $value } · cost { $cost }
pos-pnl = PnL { $pnl }
pos-pnl-pct = PnL { $pnl } ({ $pct })
pos-btn-sell-all = Sell 100% { $symbol }
pos-btn-orders = 📋 Orders
pos-btn-share-pnl = 🖼 Share PnL
pos-btn-refresh = 🔄 Refresh
pos-btn-wallet = 👛 Wallet
pos-up-to-date = Up to date
pos-updated = Updated
pos-no-position = No position in this token
pos-pnl-caption = { $symbol } PnL

## /snipe

snipe-usage-title = <b>Sniper</b>: buy new tokens the moment they are made (they trade your active wallet, without asking)
snipe-usage-add = <code>/snipe add 50 name:cat</code> — 50 TRX of every new token whose name or symbol has "cat"
snipe-usage-options = Options: <code>creator:ADDRESS</code> · <code>maxdev:5</code> (the creator bought at most 5 % of the supply) · <code>safe</code> (only a safety verdict of ok) · <code>launch</code> (buy at the launch, on the DEX) · <code>budget:500</code> (TRX a day; default 10× the amount)
snipe-usage-caps = Caps: <code>maxprice:0.00002</code> (TRX per token, fees included) · <code>maxmc:50k</code> (market cap in USD): the buy is quoted first, skipped above the cap, and signed to get no less than the cap allows
snipe-usage-family = Launchpad: <code>family:launchpad2</code> (only the tokens of one launchpad: { $choices }; default every launchpad)
snipe-usage-list = <code>/snipe</code> — your rules, with pause, resume and delete
snipe-list-title = <b>🎯 Your snipe rules</b>
snipe-none = No snipe rules yet.
snipe-added = ✅ <b>Snipe rule set</b>
snipe-rule-new = { $amount } of every new token
snipe-rule-launch = { $amount } of every launch
snipe-rule-with = { $rule } ({ $conds })
snipe-cond-sep = {", "}
snipe-cond-name = name has “{ $word }”
snipe-cond-creator = by <code>{ $creator }</code>
snipe-cond-maxdev = creator bought ≤ { $pct }
snipe-cond-safe = safe only
snipe-cond-maxprice = price ≤ { $price }
snipe-cond-maxmc = market cap ≤ { $mc }
snipe-cond-family = { $family } only
snipe-today = { $spent }/{ $budget } TRX today
snipe-btn-pause = ⏸ Pause
snipe-btn-pause-n = ⏸ Pause #{ $n }
snipe-btn-resume-n = ▶️ Resume #{ $n }
snipe-btn-delete = 🗑 Delete
snipe-btn-delete-n = 🗑 Delete #{ $n }
snipe-done-pause = Rule paused
snipe-done-resume = Rule resumed
snipe-done-delete = Rule deleted
snipe-unchanged = Nothing to change

# what a snipe did ($who is snipe-who or copy-who)
snipe-who = 🎯 <b>Sniped</b>
snipe-bought = { $who }: bought { $symbol } for { $cost }
snipe-bought-got = { $who }: bought { $amount } { $symbol } for { $cost }
snipe-sold = { $who }: sold { $share } of your { $symbol }
snipe-sold-got = { $who }: sold { $share } of your { $symbol } for { $got }
snipe-skipped = ⏭ Snipe of { $symbol } skipped: { $reason }
snipe-failed = ❌ Snipe of { $symbol } failed: { $reason }
snipe-tx = Tx: { $link }
snipe-reason-unknown = unknown reason

## /copy

copy-usage-title = <b>Copy trading</b>: mirror a wallet’s trades from your active wallet, without asking
copy-usage-add = <code>/copy ADDRESS 20</code> — buy 20 TRX of whatever it buys
copy-usage-options = Options: <code>pct:50 max:100</code> (50 % of the TRX it spends instead, at most 100 TRX a copy; pct: needs max:) · <code>sells</code> (sell the same share of your holding when it sells)
copy-usage-limits = Limits: <code>budget:200</code> (TRX a day; default 10 copies) · <code>token:40</code> (TRX a day into any one token; default one copy) · <code>min:5</code> (skip its buys under 5 TRX; default 1)
copy-usage-family = Launchpad: <code>family:launchpad2</code> (only its trades of one launchpad’s tokens: { $choices }; default every launchpad)
copy-usage-list = <code>/copy</code> — the wallets you follow (at most 10), with pause and remove
copy-list-title = <b>👀 Wallets you copy</b>
copy-none = You copy no wallet yet.
copy-added = ✅ <b>Copying</b>
copy-buys = buys { $size }
copy-size-pct = { $pct } of its TRX, at most { $max }
copy-sells-too = sells too
copy-token-cap = ≤ { $amount } a token
copy-min = its buys from { $amount }
copy-family = { $family } only
copy-btn-remove = 🗑 Remove
copy-btn-remove-n = 🗑 Remove #{ $n }
copy-done-pause = Paused
copy-done-resume = Resumed
copy-done-delete = Removed
copy-unchanged = Nothing to change

# what a copy did
copy-who = 👀 <b>Copied</b> <code>{ $source }</code>
copy-skipped = ⏭ Copy of { $symbol } skipped: { $reason }
copy-failed = ❌ Copy of { $symbol } failed: { $reason }

## ==== Why a trade or an action did not go through ====

## Why the trading side refused or what failed (src/trading/reasons.ts keys; src/bot/error-text.ts).
## Plain text, no HTML: the bot escapes the whole text. Amounts come formatted ($have, $need, ...).

## An error without a key of its own: its English detail in a frame

err-detail = { $detail }.
err-detail-safety = Stopped for your safety: { $detail }.
err-detail-funds = Not enough funds: { $detail }.
err-detail-user = { $detail }
err-unknown = Something went wrong; please try again.

## Accounts and requests

err-no-wallet = You have no wallet yet: send /start.
err-key-not-hex = That is not a private key: it must be 64 hexadecimal characters.
err-key-invalid = That key is not a valid secp256k1 private key.
err-wallet-removed = That wallet was removed: its key is gone from the bot.
err-start-first = Send /start first.
err-amount-zero = The amount must be more than 0 TRX.

## Orders ($what: share, gain, loss or drop)

err-order-pct =
    { $what ->
        [gain] The gain
        [loss] The loss
        [drop] The drop
       *[share] The share to sell
    } must be above 0 % and at most { $max } %.
err-order-price-zero = The price must be above 0.
err-order-hold = The hold must be 1 to { $max } blocks.
err-order-rounds = The number of rounds must be 1 to 1000.
err-order-interval = The interval must be at least 1 minute.
err-order-indexing = Your trades of ${ $symbol } are still being indexed; try again in a few seconds.
err-order-no-entry = This wallet holds no ${ $symbol } bought here, so there is no entry price to go from.
err-order-max-open = You have { $max } open orders; cancel some first (/orders).

## Copy trading (the skip reason follows "skipped:")

err-copy-pct = pct: must be above 0 and at most 1000 %.
err-copy-pct-needs-max = A percent copy needs max: (the most TRX one copy puts in), e.g. pct:50 max:100.
err-copy-max-zero = max: must be more than 0 TRX.
err-copy-budget-min = budget: must be at least one copy ({ $one }).
err-copy-token-min = token: must be at least one copy ({ $one }).
err-copy-not-address = That is not a Tron address.
err-copy-max-follows = You follow { $max } wallets already; remove one first.
err-copy-following = You follow this wallet already.
err-copy-own-wallet = That is your own wallet.
err-copy-budget-spent = this copy's daily budget of { $budget } is spent; copies resume as it frees up (no more notices today)

## Sniping (the skip reasons follow "skipped:")

err-snipe-max-rules = You have { $max } snipe rules; delete one first.
err-snipe-creator = creator: must be a Tron address.
err-snipe-maxdev = maxdev: must be a percent from 0 to 100.
err-snipe-maxprice = maxprice: must be above 0.
err-snipe-maxmc = maxmc: must be above 0 USD.
err-snipe-budget = The budget must be at least the amount.
err-snipe-budget-spent = the rule's daily budget of { $budget } is spent (no more notices today)
err-snipe-above-cap = the price with fees, { $paid } TRX per token, is above the rule's cap of { $cap } (no more notices of tokens above this cap today)
err-snipe-above-cap-mc = the price with fees, { $paid } TRX per token, is above the rule's cap of { $cap } ({ $mc } USD market cap at most; no more notices of tokens above this cap today)

## The market and the amount of a trade ($venue: curve or dex)

err-market-unknown-token = the node knows no launchpad token at this address.
err-market-curve-full = the curve is full; the token is waiting for its launch.
err-market-no-pair = the token has launched but the node shows no DEX pair for it.
err-market-cannot-fill =
    the { $venue ->
        [curve] curve
       *[other] pool
    } cannot fill this trade ({ $detail }).
err-market-above-limit = the price is above the limit you set.
err-market-too-small = the trade is too small: its minimum rounds to nothing.
err-market-order-not-now = the price on chain does not let this order go now.
err-market-moved =
    the token moved to the { $venue ->
        [dex] DEX
       *[other] curve
    } since the quote; nothing was sent.
err-amount-not-trx = the amount is not a TRX amount with at most 6 decimals.
err-amount-zero-trx = the amount must be more than 0 TRX.
err-sell-share = a share must be above 0 % and at most 100 %.
err-sell-not-number = the amount is not a number of tokens.
err-sell-too-small = the amount is too small to sell.
err-holding-none = this wallet holds none of this token to sell.
err-funds-trx-buy = Not enough funds: you have { $have }; this needs { $need } (the amount and { $fee } of network fee): { $missing } missing.
err-funds-trx-fee = Not enough funds: you have { $have }; this needs { $need } ({ $fee } of network fee): { $missing } missing.
err-funds-tokens = Not enough funds: the wallet holds { $held } of this token.

## Refused for the user's safety: the quote

err-family-unknown = Stopped for your safety: the token is on a launchpad this bot does not trade ({ $family }).
err-safety-no-fee-rate = Stopped for your safety: the quote names no router fee rate.
err-safety-fee-cap = Stopped for your safety: the router fee of { $fee } % is above this bot's cap.
err-safety-other-side = Stopped for your safety: the quote is for the other side of the trade.
err-safety-other-family = Stopped for your safety: the quote names another launchpad than the node shows.
err-safety-other-venue =
    Stopped for your safety: the quote trades on the { $quoted ->
        [dex] DEX
        [curve] curve
       *[other] { $quoted }
    }, the node shows the { $shown ->
        [dex] DEX
       *[other] curve
    }.
err-safety-not-whole = Stopped for your safety: the quote carries amounts that are not whole numbers.
err-safety-shown-pinned = Stopped for your safety: the quote shows one { $field } and pins another.
err-safety-other-amount = Stopped for your safety: the quote is for another amount than you asked.
err-safety-holding-above = Stopped for your safety: the API reports a holding above what your wallet holds on chain.
err-safety-worse-quote = Stopped for your safety: the quote gives more than 1 % less than the market the node shows.
err-safety-no-terms = Stopped for your safety: the trade has no terms of its own to sign against.
err-approval-failed = Stopped for your safety: the approval did not go through.
err-approval-failed-why = Stopped for your safety: the approval did not go through: { $detail }.

## Refused for the user's safety: the transaction built by the API ($what: transaction, contract or other)

err-pin-malformed = Stopped for your safety: the transaction bytes are malformed.
err-pin-field-kind = Stopped for your safety: the transaction bytes hold a field of a kind Tron does not use.
err-pin-field-forbidden =
    Stopped for your safety: the { $what ->
        [transaction] transaction
        [contract] contract
       *[other] contract parameter
    } carries a field it must not ({ $field }).
err-pin-field-twice =
    Stopped for your safety: the { $what ->
        [transaction] transaction
        [contract] contract
       *[other] contract parameter
    } carries field { $field } twice.
err-pin-no-raw = Stopped for your safety: the transaction has no raw bytes.
err-pin-txid = Stopped for your safety: the transaction id is not the hash of its bytes.
err-pin-contracts = Stopped for your safety: the transaction must hold exactly one contract.
err-pin-kind = Stopped for your safety: the transaction is of a kind the bot never signs.
err-pin-call-data = Stopped for your safety: the call data is not a plain list of arguments.
err-pin-not-router = Stopped for your safety: the transaction does not call the router's { $fn }.
err-pin-min = Stopped for your safety: the transaction accepts less than the minimum you confirmed.
err-pin-fee = Stopped for your safety: the transaction takes a larger router fee than quoted.
err-pin-deadline = Stopped for your safety: the transaction has a deadline too far ahead.
err-pin-expiry = Stopped for your safety: the transaction expires too far ahead (or has expired).
err-pin-fee-limit = Stopped for your safety: the transaction allows a larger network fee than set.
err-pin-owner = Stopped for your safety: the transaction is not from your wallet.
err-pin-network = Stopped for your safety: the transaction is built on another network's blocks than its launchpad's.
err-pin-not-transfer = Stopped for your safety: the transaction is not a TRX transfer.
err-pin-too-large = Stopped for your safety: the amount is too large.
err-pin-not-call = Stopped for your safety: the transaction is not a contract call.
err-pin-transfer-to = Stopped for your safety: the transfer goes to another address than you asked.
err-pin-transfer-amount = Stopped for your safety: the transfer is not the amount you asked for.
err-pin-other-contract = Stopped for your safety: the transaction calls another contract than the router.
err-pin-approval-token = Stopped for your safety: the approval is for another token.
err-pin-trc10 = Stopped for your safety: the transaction sends a TRC10 token.
err-pin-spend = Stopped for your safety: the transaction does not spend the amount quoted.
err-pin-other-trade = Stopped for your safety: the transaction trades another token or amount than you confirmed.
err-pin-approval-spender = Stopped for your safety: the approval is not for the router.

## What became of a trade (follows "Trade failed:" and the like)

err-trade-expired = the transaction expired without being included; nothing was traded
err-trade-restarted = the bot restarted before sending this trade; nothing was sent. Please trade again.
err-trade-reorg-failed = a chain reorganisation replayed it and it failed
err-trade-reorg-failed-why = a chain reorganisation replayed it and it failed: { $detail }
err-trade-reorg-removed = a chain reorganisation removed it and it could not be sent again in time: nothing was traded
err-transfer-pending = still pending; check /wallet later

## The API's answers ($detail of err-api-other is the API's own English message)

err-api-funds = Not enough funds for this transaction.
err-api-funds-trx = Not enough funds: this needs { $need }, the wallet has { $have }: { $missing } missing.
err-api-no-tokens = Not enough funds: no tokens to sell.
err-api-holding = Not enough funds: the wallet holds { $held } tokens.
err-api-price-moved = The price moved since your quote: the trade would give less than the minimum you confirmed. Nothing was sent; please quote again.
err-api-slippage = The price would move more than your slippage allows. Try a smaller amount or raise the slippage in /settings.
err-api-rate-limit = Too many requests right now; try again in { $seconds } s.
err-api-token-not-found = I could not find that token on the launchpads. Check the address.
err-api-approval = The router may not spend this token yet; sell again to approve it first.
err-api-curve-full = The curve is full; the token is waiting for its launch
err-api-no-pair = The token has launched but its DEX pair was not found
err-api-not-trading = This token cannot be traded right now.
err-api-down = The service had a problem; please try again in a moment.
err-api-other = { $detail }

## ==== Words drawn on the pictures (charts, PnL cards) ====

## The bot's pictures: the token card's chart and the PnL card to share (src/bot/picture-labels.ts).
## Short labels drawn on the image; $price and $amount come formatted, $pct with its % sign.

# the chart's header, once the token has left the curve
pic-on-dex = on SunSwap V2
# the chart's header: how far the bonding curve is filled
pic-curve = curve { $pct }
# the volume scale beside the volume bars
pic-volume = vol { $amount } TRX
pic-no-trades = no trades in this range
# a day on the time axis ($month and $day are two digits)
pic-day = { $month }-{ $day }
# the PnL card, instead of a percent when the cost is unknown
pic-in-profit = in profit
pic-at-loss = at a loss
pic-entry = entry { $price } TRX
pic-now = now { $price } TRX
pic-held = held { $duration }
pic-minutes = { $m } min
pic-hours = { $h } h { $m } min
pic-days =
    { $d ->
        [one] { $d } day
       *[other] { $d } days
    }
# the bot's name in the PnL card's corner
pic-brand = Tron launchpad bot

## ==== The Mini App from the bot: /app, the card's Open button, the menu button ====

# The Mini App (the trading terminal) as the bot offers it: /app, the card's button, the menu button.
cmd-app = Trading terminal: live charts, trades, positions, orders
# the web_app button on token cards and under /app
webapp-open = 📈 Open
# the chats' menu button, next to the message field (1 to 64 characters)
webapp-menu-button = 📈 Terminal
webapp-intro = 📈 <b>Trading terminal</b>: tokens with live prices, candle charts that move with every trade, buys and sells with a confirmation sheet, your positions, orders and wallet. Tap Open, or the menu button next to the message field.
webapp-private-only = 📈 The trading terminal opens in a private chat with the bot: send /app to @{ $bot }.
webapp-needs-https = 📈 The trading terminal is served at <code>{ $url }</code>, but Telegram opens an app inside a chat only from an <b>https</b> address. The bot's operator sets APP_URL to one (see docs/app.md); until then there is no Open button.

## ==== The Mini App's server answers (app-srv-) ====

# The Mini App's server (src/web): what its API answers when it refuses a request. Plain text (no HTML).
app-srv-init-data-invalid = This app was not opened from the bot, or its data was changed. Close it and open it again from the bot.
app-srv-init-data-expired = This app was opened more than an hour ago. Close it and open it again from the bot.
app-srv-invalid = The request is not valid: check { $field }.
app-srv-bad-request = The request could not be read.
app-srv-not-found = Not found.
app-srv-too-many-streams = Too many live pages are open; close one and try again.
app-srv-order-share = The amount of a sell must be a percent of your holding, from 0.01 to 100 (e.g. 50).
app-srv-order-trx = The amount of a buy must be a positive number of TRX (up to 6 decimals), e.g. 100.
app-srv-order-price = The price must be a price in TRX per token (e.g. 0.00005) or a market cap in USD (e.g. mc50k).
app-srv-order-sells = A take-profit or a stop-loss sells: choose sell.
app-srv-order-gain = The take-profit's level must be a gain in percent from your entry, e.g. +100.
app-srv-order-loss = The stop-loss's level must be a loss in percent from your entry, below 100, e.g. -30.

## ==== The Mini App's page (app-) ====

# The Mini App's texts in English (web/, the page opened from the bot's menu button, /app and the
# token card's 📈 Open button). Amounts and prices come formatted; counts come as numbers.

## ==== The Mini App ====

app-title = Launchpad terminal
app-loading = Loading…
app-back = Back
app-retry = Retry
app-close = Close
app-cancel = Cancel
app-confirm = Confirm
app-copy = Copy
app-copied = Copied
app-of = { $value } / { $limit }

## The session: initData missing, altered or over an hour old (401)

app-session-invalid-title = Session invalid or expired
app-session-invalid-body = This page could not confirm who you are: the session Telegram gave it is missing, altered or more than an hour old.
app-session-invalid-how = Open the app again from the bot: send /app or tap the menu button.

## Errors

app-error-network = No connection to the server. Check your connection and try again.
app-error-rate-limited = Too many requests. Wait a moment and try again.
app-error-generic = Something went wrong. Try again.

## The bottom nav

app-nav-tokens = Tokens
app-nav-positions = Positions
app-nav-orders = Orders
app-nav-wallet = Wallet

## Tokens

app-tokens-search = Name, symbol or address
app-tokens-tab-new = New
app-tokens-tab-trending = Trending
app-tokens-tab-launching = About to launch
app-tokens-tab-launched = Launched
app-tokens-empty = No tokens here yet.
app-tokens-none-found = No token matches your search.
app-token-row-stats = MC { $mcap } · Vol 24h { $volume } TRX
app-progress-label = Bonding curve progress

## A token page

app-token-curve = Bonding curve: { $pct }
app-token-launching = About to launch: { $pct }
app-token-launched = Launched on SunSwap V2
app-token-launched-liquidity = Launched on SunSwap V2 · liquidity { $liquidity } TRX
app-token-network = Network: { $network }
app-safety-ok = Looks safe
app-safety-caution = Caution
app-safety-danger = Danger
app-safety-stats = { $holders ->
    [one] { $holders } holder
   *[other] { $holders } holders
  } · top 10 hold { $top10 }
app-interval-5m = 5m
app-interval-1h = 1h
app-interval-1d = 1d
app-chart-last = Last candle { $time }: close { $close } TRX
app-chart-empty = No trades yet.
app-chart-error = The chart could not be loaded.
app-chart-credit = Charts by TradingView
app-tab-trades = Trades
app-tab-holders = Holders
app-tab-order = Order
app-trades-empty = No trades yet.
app-trade-buy = Buy
app-trade-sell = Sell
app-holders-empty = No holders yet.
app-holder-type = { $type ->
    [curve] bonding curve
    [dev] creator
    [pool] SunSwap pool
    [trader] trader
   *[other] { $type }
  }

## Buy and sell

app-buy = Buy
app-sell = Sell
app-buy-symbol = Buy { $symbol }
app-sell-symbol = Sell { $symbol }
app-amount-trx = Amount, TRX
app-amount-sell = Amount: tokens, or a percent such as 50%
app-balance = Balance { $amount }
app-holding = You hold { $amount } { $symbol }
app-slippage = slippage { $pct }
app-quoting = Getting a quote…

## The confirmation sheet: the exact terms that will be signed

app-quote-title-buy = Buy { $symbol }?
app-quote-title-sell = Sell { $symbol }?
app-quote-pay = You pay
app-quote-sell = You sell
app-quote-expected = You get (expected)
app-quote-min = At least (slippage { $pct })
app-quote-router-fee = Bot fee ({ $pct })
app-quote-launchpad-fee = Launchpad fee
app-quote-impact = Price impact
app-quote-network-fee = Network fee
app-quote-venue = Venue
app-venue-curve = bonding curve
app-venue-dex = SunSwap V2
app-fee-sponsored = sponsored (≈ 0 TRX)
app-fee-unknown = paid in TRX for the energy used
app-fee-up-to = ≈ { $fee } (at most { $max })
app-quote-valid = Valid for { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
  }
app-quote-expired = This quote has expired. Get a new one to trade.
app-quote-again = New quote
app-sending = Sending…

## A trade after Confirm

app-trade-status-quoted = Waiting to be sent…
app-trade-status-sending = Sending the transaction…
app-trade-status-landed = Done: the transaction is in a block.
app-trade-status-final = Done and final.
app-trade-status-failed = The trade failed.
app-trade-status-expired = The quote expired before it was sent. Nothing was traded.
app-trade-received = Received { $amount }

## Orders

app-order-kind-limit = Limit
app-order-kind-tp = Take profit
app-order-kind-sl = Stop loss
app-order-kind-trail = Trailing stop
app-order-kind-dca = DCA
app-order-amount-trx = Amount, TRX
app-order-amount-pct = Share of your holding, %
app-order-trigger-limit = Price, TRX per token
app-order-trigger-tp = Sell when the price is up by, %
app-order-trigger-sl = Sell when the price is down by, %
app-order-place = Place order
app-order-placed = Order placed: { $text }
app-order-see-all = All orders
app-order-cancel = Cancel
app-orders-title = Open orders
app-orders-empty = No open orders. Place one from a token's page.

## Positions

app-positions-title = Positions
app-positions-empty = No positions yet. Buy a token to open one.
app-positions-value = Value
app-positions-pnl = Profit / loss
app-position-held = { $amount } tokens
app-position-value-cost = value { $value } · cost { $cost }

## Wallet

app-wallet-title = Wallet
app-wallet-address = Your trading wallet's address
app-wallet-balance = Balance
app-wallet-balance-on = Balance on { $network }
app-wallet-same-key = The same address and key work on every network.
app-wallet-energy = Energy
app-wallet-bandwidth = Bandwidth
app-wallet-sponsored = Your trades are sponsored: the bot's energy pool pays the energy, so the network fee is about 0 TRX.
app-wallet-not-sponsored = Trades burn TRX for the energy they use (the network fee), shown on each confirmation.
app-wallet-bot-only = Export a key and withdraw from the bot's chat: /wallet.
