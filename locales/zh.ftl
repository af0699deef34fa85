# 机器人的简体中文文本。与 en.ftl 的消息和占位符一一对应。见 docs/bot.md#languages。

## ==== The language itself, the command menu and /language ====

## This file's language: its name in its own words (the /language buttons), and the language codes of
## Telegram apps that get it until their user chooses (the first part of Telegram's language_code).

language-name = 中文
language-codes = zh

## 命令菜单

cmd-start = 开始：你的钱包和交易方法
cmd-token = 代币卡片：/token 地址（或直接粘贴地址）
cmd-buy = 买入：/buy 地址 TRX数量
cmd-sell = 卖出：/sell 地址 百分比% 或 数量
cmd-wallet = 你的钱包、余额和持仓
cmd-holders = 持币大户：/holders 地址
cmd-trades = 最近成交：/trades 地址
cmd-new = 最新代币
cmd-top = 24 小时成交额最高的代币
cmd-positions = 持仓：市值、成本和盈亏
cmd-limit = 限价单：/limit 地址 buy TRX数量 @ 价格（或 sell 50% @ 价格）
cmd-tp = 止盈：/tp 地址 +100% 50%
cmd-sl = 止损：/sl 地址 -30% 100% [hold:N]
cmd-trail = 移动止损：/trail 地址 20% 100%
cmd-dca = 定投：/dca 地址 TRX数量 every 1h x 10 [max 价格]
cmd-orders = 你的挂单，可撤单
cmd-autotpsl = 每次买入自动止盈止损：/autotpsl +100% 50% -30% 100%
cmd-slhold = 价格持续 N 个区块后才触发止损：/slhold N
cmd-snipe = 狙击规则：/snipe add TRX数量 name:关键词 [safe] [launch] [maxprice:P] [maxmc:USD] [family:F]
cmd-copy = 跟单钱包：/copy 地址 TRX数量 [pct:P max:TRX] [budget:TRX] [token:TRX] [min:TRX] [sells] [family:F]
cmd-settings = 滑点、预设金额、确认、手续费上限、语言
cmd-pin = 设置或修改 PIN：/pin 482913（或 /pin 旧PIN 新PIN）
cmd-unlock = 解锁钱包操作和受保护的设置：/unlock PIN，有效 2 分钟
cmd-referral = 你的邀请链接：好友手续费更低，你获得返佣
cmd-language = 语言：English、中文、Русский
cmd-alerts = 群组或频道的提醒（仅管理员）
cmd-cancel = 取消当前对话
cmd-help = 使用说明

## /language

language-pick = 🌐 选择语言（当前：{ $current }）。
language-set = 🌐 语言：{ $language }。
language-unknown = 我支持这些语言：{ $codes }。发送 /language 加语言代码，或点下面的按钮。
language-admins-only = 只有本群管理员可以更改群语言。

## ==== /start, /help, the bot's own answers, alerts in groups, admins ====

## /start：欢迎语和按钮

start-welcome-new = 👋 <b>欢迎！</b>已为你创建钱包：
start-welcome-back = 👋 <b>欢迎回来！</b>你当前使用的钱包：
start-pin = 🔒 首次充值前，请先设置 PIN：/pin 加 4 到 8 位数字。导出私钥、提现和管理钱包都需要它。
start-fund = 💰 向这个地址转入 TRX：交易使用钱包里的 TRX。
start-trade = 🔎 然后粘贴 launchpad 代币合约地址即可查看行情卡片并交易，或点 🆕 新币 / 🔥 热门。
start-discount = 🎁 你通过好友链接加入：交易手续费优惠 { $pct }。
start-group = 你的钱包和交易都在私聊中：请打开与我的私聊并发送 /start。
start-btn-new = 🆕 新币
start-btn-top = 🔥 热门
start-btn-wallet = 👛 钱包
start-btn-settings = ⚙️ 设置
start-btn-help = ❓ 帮助

## /help：交易入门，每个主题一页

help-title = <b>❓ 如何交易</b>
help-step-1 = 1. 向钱包充值 TRX（/wallet 查看钱包地址）。
help-step-2 = 2. 粘贴代币合约地址（或 /token 地址）查看代币卡片。
help-step-3 = 3. 点买入或卖出，确认报价后点「确认」。
help-topics = 按主题查看命令：
help-btn-trading = 📈 交易
help-btn-orders = 🎯 挂单
help-btn-automation = 🤖 自动化
help-btn-wallet = 🔐 钱包与安全
help-btn-groups = 👥 群组
help-btn-back = ⬅️ 返回
help-trading-title = <b>📈 交易</b>
help-trading-intro = 发现代币、查看卡片、买入和卖出。
help-orders-title = <b>🎯 挂单</b>
help-orders-intro = 你不在线时也会自动执行：限价单、止盈、止损、移动止损和定投。
help-automation-title = <b>🤖 自动化</b>
help-automation-intro = 新币一出现就买入（狙击），或跟随其他钱包的交易（跟单）。
help-wallet-title = <b>🔐 钱包与安全</b>
help-wallet-intro = 你的钱包、保护钱包的 PIN、交易设置和邀请链接。
help-groups-title = <b>👥 群组</b>
help-groups-intro = 把我拉进群组或频道：管理员在群里设置提醒，任何人粘贴代币地址都能查看卡片。

## 全局回复

bot-expired = 这个按钮已失效。
bot-stray-text = 粘贴代币合约地址查看卡片，或发送 /help。
bot-not-yours = 这些按钮只属于发起请求的人。
bot-cancelled = 已取消。
bot-error = 抱歉，我们这边出了点问题。请重试；如果再次出现，请联系机器人管理员。
bot-refused = ⚠️ { $reason }
bot-slow-down = 🐢 慢一点：你的部分消息被跳过了。请几秒后再试。
bot-slow-down-tap = 请慢一点。

## 群组和频道提醒（/alerts）及提醒内容

alert-new = 🆕 新币 <b>{ $name }</b>（{ $symbol }）· <a href="{ $url }">卡片</a>
alert-launch = 🚀 { $symbol } 已上线 SunSwap · <a href="{ $url }">卡片</a>
alert-buy = 🟢 { $symbol } 买入 { $trx }（{ $tokens } 枚代币）· <a href="{ $url }">卡片</a>
alert-progress = ⛽ { $symbol } 内盘进度 { $pct } · <a href="{ $url }">卡片</a>
alert-other = { $kind } { $symbol }
alert-rules-title = <b>🔔 本群提醒</b>
alert-rules-new =
    新币：{ $on ->
        [yes] 开
       *[no] 关
    }
alert-rules-launches =
    上线 SunSwap：{ $on ->
        [yes] 开
       *[no] 关
    }
alert-rules-buys = 大额买入：{ $trx } 起
alert-rules-buys-off = 大额买入：关
alert-rules-progress = 内盘进度：突破 { $pct } 时
alert-rules-progress-off = 内盘进度：关
alert-rules-tokens = 代币：{ $tokens }
alert-rules-tokens-all = 代币：全部
alert-rules-hint = <i>只关注指定代币：</i><code>/alerts tokens 地址 …</code><i>，恢复全部：</i><code>/alerts tokens all</code>。
alert-btn-new = 新币：{ $mark }
alert-btn-launches = 上线：{ $mark }
alert-btn-buys = 买入 ≥ { $min }
alert-btn-buys-off = 买入 ≥ 关
alert-btn-progress = 进度 { $pct }
alert-btn-progress-off = 进度 关
alert-private = 把我拉进群组或频道，并在那里发送 /alerts 来设置提醒。
alert-admins-only = 只有本群管理员可以设置提醒。
alert-admins-only-change = 只有本群管理员可以修改提醒。
alert-bad-token = 不是代币地址：<code>{ $address }</code>
alert-tokens-usage = 用法：/alerts tokens 地址 … 或 /alerts tokens all
alert-saved = 已保存

## 管理员命令（/plans、/plan、/user、/stats、/energy、/referrals）

admin-plans-title = <b>套餐</b>
admin-plan-terms =
    请求 { $rpm ->
        [unlimited] 不限次数
       *[other] { $rpm } 次/分钟
    }，手续费 { $fee }{ $streams ->
        [yes] ，含推送流和 webhook
       *[no] {""}
    }
admin-plan-line = • <b>{ $name }</b>：{ $terms }
admin-plan-saved = 套餐 <b>{ $name }</b>：{ $terms }。
admin-plan-usage = 用法：<code>/plan set NAME rpm=N|unlimited fee=BPS [streams=on|off]</code>
admin-not-saved = 未保存：{ $reason }
admin-failed = 失败：{ $reason }
admin-error = 出错
admin-user-usage = 用法：<code>/user @name|ID</code> 或 <code>/user ID plan NAME</code>
admin-no-user = 没有这个用户。
admin-user-title = <b>用户</b> { $name } <code>{ $id }</code>
admin-user-title-changed = <b>用户</b> { $name } <code>{ $id }</code> — 套餐已更改
admin-user-plan = 套餐：<b>{ $plan }</b>
admin-user-requests = 请求：今天 { $today } 次，7 天内 { $week } 次
admin-user-trades = 收费交易：{ $trades } 笔 · 已付手续费：{ $fees }
admin-user-wallets = 钱包：{ $n } 个
admin-stats-title = <b>统计</b>
admin-stats-users = 机器人用户：{ $n }
admin-stats-keys = API 密钥：{ $active } 个有效，共 { $keys } 个
admin-stats-volume = 代币：{ $tokens } · 交易：{ $trades } 笔 · 交易额：{ $volume }
admin-stats-fees = 已收手续费：{ $fees }，来自 { $trades } 笔交易
admin-energy-failed = 无法读取能量池：{ $reason }
admin-referrals-title = <b>邀请返佣</b>
admin-referrals-saved = <b>邀请返佣</b> — 条款已保存
admin-referrals-usage = 用法：<code>/referrals</code> 或 <code>/referrals set shares=30,20,10 days=30,30 discount=10 threshold=10</code>（任选几项）
admin-referrals-unknown = 不认识「{ $word }」。
admin-referrals-twice = { $word } 重复出现。
admin-referrals-nothing = 没有要设置的内容。

## ==== Token cards, quotes, trades, token lists, energy ====

## 代币卡片（card-*）、手动交易（trade-*）、持有者/成交/代币列表（list-*）、能量（energy-*）。

## 代币卡片

card-price = 💰 价格：{ $price } TRX（{ $usd }）
card-market-cap = 🏦 市值：{ $usd }
token-network = 🌐 网络：{ $network }
card-day = 📈 24小时：{ $change } · 成交量 { $volume } TRX
card-dex-pair = 🔄 SunSwap V2 交易对 <code>{ $pair }</code>
card-liquidity = 💧 流动性：{ $liquidity } TRX（{ $trx } TRX · { $tokens } 枚代币）
card-curve = ⛽ 内盘进度：{ $bar }
card-curve-reserves = 内盘已有 { $trx } TRX · 剩余 { $tokens } 枚代币
card-status = 状态：{ $status }
card-status-created = 🟢 内盘交易中
card-status-launch-pending = 🟡 内盘已满，正在上线
card-status-launched = 🚀 已上线，在 SunSwap V2 交易
card-verdict-ok = 🛡 安全检测：正常
card-verdict-caution = ⚠️ 注意风险
card-verdict-danger = ⛔ 高风险
card-safety-why = { $verdict }：{ $why }
card-safety-holders = { $verdict } · { $holders } 个持有者，前 10 名持有 { $top10 }
card-reason-creator-share = 创建者持有 { $pct } 的供应量
card-reason-creator-dumped = 创建者此前发过 { $tokens } 个代币，其中 { $dumps } 个砸盘
card-reason-top10 = 前 10 大持有者占 { $pct }
card-reason-creator-sold = 创建者已卖出首笔买入的 { $pct }
card-reason-bundles = 创建区块内有 { $buys } 笔捆绑买入（{ $pct }）
card-link-web = 官网
card-link-x = X
card-link-telegram = 电报
card-open-orders = 📋 你在该代币上有 { $count } 个未完成的订单。
card-share-text = { $symbol } 在 Tron 发射平台：行情卡片、K 线图和一键买入
card-token-not-found = 未找到该代币
card-not-an-address = 这看起来不是代币地址。Tron 地址以 T 开头，共 34 个字符。
card-unknown-token = 在发射平台上找不到代币 <code>{ $address }</code>。
card-usage = 用法：<code>/token 地址</code>
card-updated = 已更新
card-up-to-date = 已是最新

## 卡片按钮

card-interval-5m = 5分钟
card-interval-1h = 1小时
card-interval-1d = 1天
card-buy = 买入 { $amount } TRX
card-buy-x = 买入 X TRX
card-sell = 卖出 { $pct }%
card-sell-x = 卖出 X
card-holders = 👥 持有者
card-trades = 📜 成交
card-refresh = 🔄 刷新
card-share = 📤 分享
card-orders = 📋 订单
card-positions = 📊 持仓
card-wallet = 👛 钱包

## 确认前的报价

trade-quote-buy-title = <b>🟢 买入 { $symbol }</b>
trade-quote-sell-title = <b>🔴 卖出 { $symbol }</b>
trade-quote-pay = 支付：{ $amount }
trade-quote-sell = 卖出：{ $amount }
trade-quote-get = 预计获得：~{ $amount }
trade-quote-minimum = 最少获得（滑点 { $slippage }）：{ $amount }
trade-quote-bot-fee = 机器人 { $fee }（{ $pct }）
trade-quote-fees-dex = 手续费：资金池 { $pool }（已含在价格中）+ { $bot } · 在 SunSwap V2 上
trade-quote-fees-curve = 手续费：发射平台 { $launchpad } + { $bot }
trade-quote-impact = 价格影响：{ $impact }
trade-quote-fills = ⚠️ 这笔交易将填满内盘；多出的 { $refund } 将被退还。
trade-quote-valid = <i>报价 { $seconds } 秒内有效。</i>
trade-fee-plain = 网络费：~{ $fee }
trade-fee-at-most = 最多 { $max }
trade-fee-lent = 网络费：~{ $fee }（机器人为本次交易借给你的钱包 { $energy } 能量）
trade-fee-if-no-loan = 若能量借用失败，最多 { $max }
trade-fee-sponsored = 网络费：~{ $fee }（机器人代付 { $energy } 能量）
trade-fee-partial = 网络费：~{ $fee }（机器人的能量池代付一部分；能量池快用完了）
trade-fee-if-dry = 若能量池先耗尽，最多 { $max }
trade-fee-empty = ⚠️ 网络费：~{ $fee }：机器人的能量池已空，能量由你支付
trade-confirm = ✅ 确认
trade-cancel = ✖️ 取消

## 发起交易及按钮的回应

trade-buy-usage = 用法：<code>/buy 地址 TRX数量</code>，例如 <code>/buy T... 100</code>
trade-sell-usage = 用法：<code>/sell 地址 50%</code> 或 <code>/sell 地址 代币数量</code>
trade-amount-help-buy = 数量须为正数的 TRX（最多 6 位小数），例如 <code>100</code>。
trade-amount-help-sell = 数量须为持仓的百分比（例如 <code>50%</code>）或正数的代币数量。
trade-sending = ⏳ 发送中…
trade-sending-answer = 发送中…
trade-getting-quote = 正在获取报价…
trade-getting-fresh-quote = 正在获取新报价…
trade-quote-expired-alert = 报价已过期。已为你获取新报价：请再次确认。
trade-quote-expired = ⌛ 报价已过期。
trade-not-yours = 只有发起者本人才能确认这笔交易。
trade-already-handled = 这笔交易已在处理中。
trade-quote-gone = 该报价已失效。
trade-gone = 该交易已失效。
trade-cancelled-answer = 已取消
trade-cancelled = ✖️ 已取消。
trade-nothing-to-cancel = 没有可取消的交易。

## 交易进度与结果

trade-pending = ⏳ <b>处理中</b> — 已发送到网络。
trade-tx = 交易哈希：{ $link }
trade-bought = ✅ <b>买入成功</b>
trade-bought-received = ✅ <b>买入成功</b> — 获得 { $amount }
trade-sold = ✅ <b>卖出成功</b>
trade-sold-received = ✅ <b>卖出成功</b> — 获得 { $amount }
trade-network-fee = 网络费 { $fee }
trade-balance = 余额：{ $trx } · { $tokens }
trade-not-final = ⏳ 已打包进区块；约一分钟后最终确认
trade-final = 🔒 已最终确认
trade-failed = ❌ <b>交易失败</b>：{ $reason }
trade-failed-unknown = 原因不明
trade-fee-spent = 已消耗网络费 { $fee }
trade-nothing-sent = 未发送任何交易。
trade-launched-buy = 🚀 <b>{ $symbol } 已上线 SunSwap V2</b>，早于你的买单成交：未买入任何代币。
trade-launched-sell = 🚀 <b>{ $symbol } 已上线 SunSwap V2</b>，早于你的卖单成交：未卖出任何代币。
trade-launched-fee = 仅消耗了网络费 { $fee }
trade-launched-requote = 点击下方按钮，获取 DEX 上的新报价。
trade-requote-buy = 🔁 在 SunSwap 买入
trade-requote-sell = 🔁 在 SunSwap 卖出

## 持有者、成交记录和代币列表

list-holders-usage = 用法：<code>/holders 地址</code>
list-trades-usage = 用法：<code>/trades 地址</code>
list-holders-title = <b>{ $symbol } 持有者</b> — 第 { $page } 页
list-holders-none = { $symbol } 暂无持有者。
list-holders-no-more = 没有更多持有者了。
list-holder-curve = 内盘
list-holder-dev = 开发者
list-holder-pool = 资金池
list-trades-title = <b>{ $symbol } 成交记录</b> — 第 { $page } 页
list-trades-none = { $symbol } 暂无成交。
list-trades-no-more = 没有更多成交了。
list-prev = ◀️ 上一页
list-next = 下一页 ▶️
list-back-to-token = ⬅️ 代币
list-new-title = 🆕 最新代币
list-top-title = 🔥 24 小时成交量排行
list-tokens-none = 暂无代币。
list-token-volume = 成交量 { $volume } TRX

## 能量：/wallet、/settings、/energy 和管理员通知

energy-wallet-no-answer = 能量和带宽：节点没有响应，请重试。
energy-wallet-energy = 能量：今日剩余 <b>{ $left }</b>，每日共 { $limit }（已质押 { $staked }）
energy-wallet-energy-none = 能量：未质押
energy-wallet-bandwidth = 带宽：今日免费额度剩余 <b>{ $left }</b> / { $limit } 字节
energy-wallet-bandwidth-staked = 质押额度剩余 { $left } / { $limit }（{ $staked }）
energy-sponsorship = ⚡ 网络费：{ $how }。交易卡片会显示你需支付的费用。
energy-sponsored = 已赞助：机器人为你的交易支付能量
energy-sponsored-part = 部分赞助：机器人为你的交易支付 { $pct } 的能量
energy-not-sponsored-empty = 暂不赞助（机器人的能量池已空）：你的交易将燃烧 TRX 支付能量
energy-not-sponsored = 不赞助：你的交易将燃烧 TRX 支付能量
energy-pools-title = <b>⚡ 能量池</b>
energy-pool-title = <b>{ $family }</b> · 路由合约 <code>{ $router }</code>
energy-pool-origin = 能量池：<code>{ $origin }</code>
energy-pool-shared = （与 { $families } 共用）
energy-pool-none = 能量池：无（节点显示该处没有路由合约）
energy-pool-staked = 质押：{ $staked }，用于能量
energy-pool-staked-lent = 质押：{ $staked }，用于能量（已借出 { $lent }）
energy-pool-energy = 能量：剩余 { $left }，每日共 { $limit }
energy-pool-users-pay-sponsored = 用户支付交易能量的 { $pct }：<b>已赞助</b>
energy-pool-users-pay-not-sponsored = 用户支付交易能量的 { $pct }：<b>未赞助</b>
energy-pool-covers = 目前可覆盖 { $now } 笔普通交易，每日 { $day } 笔（每笔 { $each } 能量）
energy-pool-last-day = 最近 24 小时：{ $trades } 笔路由交易（内盘 { $curve } 笔，DEX { $dex } 笔）
energy-pool-hours-left = 每小时消耗 { $perHour } 能量：还可支撑 { $hours } 小时
energy-pool-low-line = ⚠️ 剩余能量不足一小时的交易：请追加质押（<code>npm run cli -- energy stake TRX</code>）
energy-pool-unstaking = 解除质押中：{ $amount }（{ $resource }），可于 { $when } 提取
energy-low-title = ⚠️ <b>能量池不足</b>
energy-low-body = 能量池 { $pool } 剩余 { $left } 能量：按最近一天的交易量，不足一小时（每小时 { $perHour } 能量）。
energy-low-then = 能量耗尽后，用户的交易将燃烧 TRX 支付能量。
energy-low-stake = 追加质押：<code>npm run cli -- energy stake TRX</code>（私钥从 stdin 输入）。/energy 查看能量池。
energy-recovered-title = ✅ <b>能量池已恢复</b>
energy-recovered-body = 能量池 { $pool } 剩余 { $left } 能量：按最近一天的交易量，可支撑 { $hours } 小时。
energy-recovered-idle = 能量池 { $pool } 剩余 { $left } 能量：最近一天没有交易使用它。

## ==== Wallets, PIN, settings, dialogues, referrals ====

## 账户文本的通用词

# 时长：$unit 为 day、hour、minute 或 second；$n 为数量
common-duration =
    { $unit ->
        [day] { $n } 天
        [hour] { $n } 小时
        [second] { $n } 秒
       *[minute] { $n } 分钟
    }
common-open-private = 请在与我的私聊中操作：设置、钱包、PIN 和规则只能在私聊中更改。
common-open-private-button = 💬 打开私聊

## /wallet

wallet-title = <b>👛 钱包 { $index } / { $count }</b>
wallet-balance = 余额：<b>{ $balance }</b>
wallet-balance-on = { $network }：<b>{ $balance }</b>
wallet-same-key = 同一地址和私钥在所有网络上都有效。
wallet-positions = <b>持仓</b>
wallet-no-positions = 暂无代币持仓。
wallet-btn-new = ➕ 新建钱包
wallet-btn-import = 📥 导入
wallet-btn-export = 🔑 导出
wallet-btn-switch = 🔀 切换
wallet-btn-withdraw = 💸 提现 TRX
wallet-btn-remove = 🗑 移除
wallet-btn-refresh = 🔄 刷新
wallet-btn-cancel = ✖️ 取消
wallet-btn-remove-for-good = 🗑 永久移除
wallet-btn-open = 👛 打开钱包
wallet-created = 已创建新钱包并设为当前钱包
wallet-switched = 已切换当前钱包
wallet-removed = 钱包已移除
wallet-cancelled = 已取消
wallet-none = 没有这个钱包
wallet-not-removed-only = 这是你唯一的钱包，无法移除。
wallet-not-removed-active = 这是你的当前钱包：请先切换到其他钱包。
wallet-not-removed-orders = 有未完成的订单在使用这个钱包：请先取消它们（/orders）。
wallet-not-removed-rules = 有狙击或跟单规则在使用这个钱包：请先删除它们（/snipe、/copy）。
wallet-not-removed-trading = 这个钱包有一笔交易正在进行：完成后再试。
wallet-switch-ask = 选择当前钱包：
wallet-export-ask =
    ⚠️ <b>导出私钥？</b>
    任何看到私钥的人都能控制这个钱包。消息将在 { $span }后删除。请选择钱包：
wallet-export-sent = 🔑 私钥已在下方发送，{ $span }后消失。
wallet-key-title = <code>{ $address }</code> 的<b>私钥</b>：
wallet-key-deleted-in = 此消息将在 { $span }后删除。
wallet-remove-ask = 🗑 <b>从机器人中移除钱包？</b>请选择钱包（不能是当前钱包）：
wallet-remove-title = ⚠️ <b>移除钱包 <code>{ $address }</code>？</b>
wallet-holds = 其中有 <b>{ $balance }</b>。
wallet-holds-tokens = 其中有 <b>{ $balance }</b> 和 { $tokens } 种代币。
wallet-holds-unknown = 无法读取其中的资产。
wallet-remove-warning = 它的私钥将从机器人中<b>永久</b>删除。除非你已导出私钥，否则这个钱包里的资产（现有的或之后转入的）将永远无法转出。
wallet-import-prompt = 📥 请发送要导入的私钥（64 位十六进制字符）。我读取后会立即删除你的消息。发送 /cancel 停止。
wallet-import-expired = 导入请求已过期，请重新点击“导入”。（你的消息已删除。）
wallet-import-deleted = （你的消息已删除。）
wallet-import-not-a-key = 这不是私钥：私钥必须是 64 位十六进制字符。（你的消息已删除。）请点击“导入”重试。
wallet-import-invalid-key = 这不是有效的 secp256k1 私钥。（你的消息已删除。）请点击“导入”重试。
wallet-import-failed = 导入失败，请重试。
wallet-imported = ✅ 已导入 <code>{ $address }</code> 并设为当前钱包。

## PIN（/pin、/unlock）及其保护

pin-set-one = 请先设置 PIN：发送 /pin 和 4 到 8 位数字（例如 /pin 482913）。导出、提现、导入、切换和移除钱包都需要它。
pin-unlock-first = 请先发送 /unlock 和你的 PIN：解锁后 { $span }内可操作。
pin-locked = PIN 错误次数过多：已锁定 { $span }，直到 { $until }。
pin-held = 冻结至 { $until }：在有资产的钱包上设置 PIN 或更改 PIN 后的 { $hold }内，任何人都不能导出、提现、导入、切换或移除钱包。
pin-wrong = PIN 错误（还剩 { $left } 次机会）。
pin-change-how = 更改 PIN：/pin 旧PIN 新PIN。
pin-exists = 你已设置 PIN：用 /pin 旧PIN 新PIN 更改。
pin-bad = PIN 为 4 到 8 位数字，例如 /pin 482913。
pin-done =
    🔒 PIN 已{ $changed ->
        [yes] 更改
       *[no] 设置
    }。导出、提现、导入、切换和移除钱包前，请先发送 /unlock 和你的 PIN：解锁后 { $span }内可操作。
pin-hold-notice = ⏳ 为了你的安全，这些操作冻结 { $hold }，直到 { $until }。不是你本人操作？说明有人控制了你的 Telegram：请在 Telegram 的 设置 → 设备 中结束其他会话。
pin-unlocked = 🔓 已解锁 { $span }：你可以导出、提现、导入、切换和移除钱包，也可以更改受保护的设置。
pin-unlocked-held = ⏳ 导出、提现、导入、切换和移除仍冻结至 { $until }。
pin-group-also = 这个 PIN 已被群里的其他人看到：请在私聊中用 /pin 旧PIN 新PIN 换一个新的。

## /settings

settings-title = <b>⚙️ 设置</b>
settings-slippage = 滑点：{ $pct }%
settings-buy-presets = 买入预设：{ $presets } TRX
settings-sell-presets = 卖出预设：{ $presets } %
settings-confirm =
    交易前确认：{ $on ->
        [yes] 开
       *[no] 关
    }
settings-fee-limit = 额外手续费上限：{ $fee } TRX
settings-auto-tpsl = 每次买入自动止盈/止损：{ $what }（<code>/autotpsl +100% 50% -30% 100%</code> 或 <code>off</code>）
settings-auto-tp = 止盈 +{ $gain }% 卖出 { $sell }%
settings-auto-sl = 止损 −{ $loss }% 卖出 { $sell }%
settings-off = 关
settings-stop-loss = 止损：{ $hold }（1 = 立即；用 <code>/slhold N</code> 更改）
settings-btn-slippage = 滑点 { $pct }%
settings-btn-fee = 手续费上限 +{ $fee }
settings-btn-buy = 买入预设
settings-btn-sell = 卖出预设
settings-btn-confirm =
    确认：{ $on ->
        [yes] 开 ✅
       *[no] 关
    }
settings-btn-language = 🌐 语言：{ $language }
settings-saved = 已保存。

## 对话

ask-cancel-hint = （发送 /cancel 停止）
ask-answer-with-message = 请发送一条消息作答
ask-give-up = 先到这里吧，准备好后再重新开始。
ask-buy-amount = 你要花多少 TRX？
ask-sell-amount = 你要卖出多少？可以是百分比，如 <code>30%</code>，也可以是代币数量。
ask-withdraw-to = 请发送提现 TRX 的目标地址。
ask-withdraw-not-address = 这不是 Tron 地址（以 T 开头，34 个字符）。
ask-withdraw-amount = 提现多少 TRX？
ask-withdraw-amount-help = 请发送一个正数的 TRX 数量，最多 6 位小数。
ask-withdraw-confirm = 将 <b>{ $amount }</b> 发送到 <code>{ $to }</code>？
ask-withdraw-confirm-on = 在 { $network } 上发送 <b>{ $amount }</b> 到 <code>{ $to }</code>？
ask-withdraw-network = 从哪个网络提取？同一地址在每个网络上都有 TRX：
ask-btn-send = ✅ 发送
ask-btn-cancel = ✖️ 取消
ask-tap-send-or-cancel = 请点击上方的“发送”或“取消”。
ask-withdraw-cancelled = 提现已取消。
ask-sending = ⏳ 发送中…
ask-withdraw-new-address = ⚠️ 你从未向 <code>{ $to }</code> 转过账。请核对地址，{ $seconds } 秒后再次点击“发送”，即可发送 <b>{ $amount }</b>。
ask-wait-more = 这是新地址：请再等 { $seconds } 秒。
ask-withdraw-sent = ✅ 已将 { $amount } 发送到 <code>{ $to }</code>
ask-withdraw-failed = ❌ 向 <code>{ $to }</code> 发送 { $amount } 失败
ask-withdraw-pending = ⏳ 已将 { $amount } 发送到 <code>{ $to }</code>，尚未确认：稍后请查看 /wallet。
ask-withdraw-tx = 交易：<code>{ $txid }</code>
ask-slippage = 新的滑点百分比（{ $min } 到 { $max }）？
ask-fee-limit = 额外手续费上限，单位 TRX（{ $min } 到 { $max }）？它会提高一笔交易最多可消耗的手续费。
ask-buy-presets = 三个买入预设（TRX），例如 <code>50 200 1000</code>。
ask-buy-presets-help = 请发送三个用空格分隔的正数。
ask-sell-presets = 三个卖出预设（百分比），例如 <code>25 50 100</code>。
ask-sell-presets-help = 请发送三个 1 到 100 之间、用空格分隔的百分比。
ask-number-range = 请发送 { $min } 到 { $max } 之间的数字。
ask-slippage-guarded = 没有它，高于 { $pct }% 的滑点不会被保存。

## 推荐计划（/referral、返佣发放、管理员视图）

ref-title = 🤝 <b>邀请好友，从他们的交易中赚取返佣</b>
ref-your-link = 你的链接：
ref-joined = 通过链接加入：<b>{ $count }</b>
ref-volume = 他们的交易量：{ $volume }
ref-earned = 已赚取：{ $earned }
ref-paid = 已发放：{ $paid }
ref-paid-pending = 已发放：{ $paid }（+{ $pending } 发放中）
ref-owed = 待发放：<b>{ $owed }</b>
ref-terms-share = 从好友加入之日起，你可获得其所付手续费的分成：{ $schedule }。
ref-terms-discount = 通过你的链接加入的好友手续费减免 { $pct }%。
ref-terms-payout = 待发放金额达到 { $threshold } 后，返佣会发送到你的当前钱包。
ref-period = 第 { $from }–{ $to } 天 { $pct }%
ref-after = 之后 { $pct }%
ref-share-button = 📤 分享你的链接
ref-pitch = 在 Telegram 里交易 Tron 发射台代币
ref-pitch-discount = 在 Telegram 里交易 Tron 发射台代币：通过我的链接手续费减免 { $pct }%
ref-payout =
    💸 推荐返佣：{ $amount } 已发送到 <code>{ $address }</code>
    交易：{ $tx }
ref-admin-shares = 分成：{ $schedule }
ref-admin-discount = 被推荐人折扣：套餐手续费减免 { $pct }%
ref-admin-threshold = 发放门槛：{ $threshold }
ref-admin-totals = 推荐：{ $referrers } 位推荐人，{ $referees } 位被推荐人 · 已赚取 { $earned }，已发放 { $paid }，待发放 { $owed }
ref-admin-totals-pending = 推荐：{ $referrers } 位推荐人，{ $referees } 位被推荐人 · 已赚取 { $earned }，已发放 { $paid }（+{ $pending } 发放中），待发放 { $owed }

## ==== Orders, positions, sniper and copy trading ====

## 自动订单：/limit、/tp、/sl、/trail、/dca、/orders、/autotpsl、/slhold

order-usage-title = <b>自动订单</b>（用你当前的钱包、按你的滑点自动成交，不再确认）
order-usage-limit-buy = <code>/limit ADDRESS buy TRX @ PRICE</code> — 价格跌到 PRICE 或以下时买入（单位：TRX/枚）
order-usage-limit-sell = <code>/limit ADDRESS sell 50% @ PRICE</code> — 价格涨到 PRICE 或以上时卖出一定比例
order-usage-level-mc = PRICE 也可以写成美元市值：<code>mc50k</code>、<code>mc1.2m</code>
order-usage-tp = <code>/tp ADDRESS +100% 50%</code> — 止盈：较成本价上涨 100 % 时卖出 50 %
order-usage-sl = <code>/sl ADDRESS -30% 100%</code> — 止损：较成本价下跌 30 % 时全部卖出
order-usage-sl-hold = 加上 <code>hold:3</code>：价格在该位置保持 3 个区块（每个约 3 秒）后才卖出（默认值见 /slhold）
order-usage-trail = <code>/trail ADDRESS 20% 100%</code> — 移动止损：价格从设置后的最高点回落 20 % 时卖出
order-usage-dca = <code>/dca ADDRESS 50 every 1h x 10 [max PRICE]</code> — 定投：每小时买入 50 TRX，共 10 次
order-usage-orders = <code>/orders</code> — 你的未完成订单（<code>/orders ADDRESS</code> 只看一个代币）
order-usage-autotpsl = <code>/autotpsl +100% 50% -30% 100%</code> — 每次新买入后自动设置止盈和止损（<code>off</code> 关闭）
order-usage-slhold = <code>/slhold N</code> — 止损等价格保持 N 个区块后才触发（1 到 { $max }；1 = 立即）

# 一行订单
order-line-limit-buy = 🎯 限价买入 { $symbol }，{ $amount }，价格 ≤ { $level }
order-line-limit-sell = 🎯 限价卖出 { $symbol } 的 { $share }，价格 ≥ { $level }
order-line-tp = 💰 { $symbol } 止盈：价格 ≥ { $level } 时卖出 { $share }（成本价 { $entry }）
order-line-sl = 🛑 { $symbol } 止损：价格 ≤ { $level } 时卖出 { $share }（成本价 { $entry }）
order-line-holds = 需保持 { $blocks } 个区块
order-line-trail = 📉 { $symbol } 移动止损：从最高点回落 { $drop } 时卖出 { $share }（最高 { $high }，触发价 ≤ { $level }）
order-line-dca = 🔁 定投 { $symbol }，每次 { $amount }，已完成 { $done }/{ $rounds }
order-dca-next-now = 下一轮：现在
order-dca-next-in = 下一轮：{ $minutes } 分钟后
order-dca-max = 最高价 { $level }
order-auto = <i>（自动）</i>
order-paused-note = ⏸ 已暂停：{ $note }
order-executing = ⏳ 正在成交
order-sl-hold = 价格在触发价或以下保持 { $blocks } 个区块后卖出

# 订单停止或变化的原因
order-note-holding-gone = 持仓已经没有了
order-note-cancelled-by-you = 已由你取消
order-note-resumed = 已恢复
order-note-filled = 已成交
order-note-failed = 失败
order-note-wallet-gone = 它所属的钱包已删除
order-note-launched = 代币已上线 SunSwap，订单改在 DEX 上成交
order-note-launched-under = 成交时代币刚好上线 SunSwap
order-note-tp-filled = 对应的止盈已成交
order-note-sl-filled = 对应的止损已成交
order-note-above-cap = 价格高于设定的最高价
order-note-round-filled = 第 { $done }/{ $rounds } 轮已成交
order-note-round-failed = 第 { $done }/{ $rounds } 轮失败：{ $reason }
order-note-round-skipped = 第 { $done }/{ $rounds } 轮已跳过：价格高于 { $level }

# 下单、订单列表和按钮
order-set = ✅ <b>订单已设置</b>
order-set-executing = 条件已满足：正在成交。
order-btn-cancel = ✖️ 取消
order-btn-orders = 📋 订单
order-btn-resume = ▶️ 恢复
order-btn-cancel-n = ✖️ 取消 #{ $n }
order-btn-resume-n = ▶️ 恢复 #{ $n }
order-btn-preset-tp = 💰 止盈 +{ $gain } ×{ $share }
order-btn-preset-sl = 🛑 止损 −{ $loss } ×{ $share }
order-btn-preset-trail = 📉 移动止损 { $drop } ×{ $share }
order-btn-token = ⬅️ 代币
order-list-title = <b>📋 你的未完成订单</b>
order-list-title-token = <b>📋 { $symbol } 的订单</b>
order-list-title-this-token = <b>📋 该代币的订单</b>
order-none = 没有未完成的订单。
order-cancelled = 订单已取消
order-cancel-executing = 订单正在成交中
order-cancel-none = 没有这个未完成的订单
order-resumed = 订单已恢复
order-not-paused = 这个订单没有暂停

# /autotpsl 和 /slhold
order-autotpsl-off = 自动止盈止损已关闭。
order-autotpsl-usage = 用法：<code>/autotpsl +100% 50% -30% 100%</code>（止盈：涨幅、卖出比例；止损：跌幅、卖出比例）或 <code>/autotpsl off</code>
order-autotpsl-on = 自动止盈止损已开启：每次买入后，按新的平均成本价，涨 +{ $gain } 时止盈（卖出 { $tpShare }），跌 −{ $loss } 时止损（卖出 { $slShare }）。
order-autotpsl-on-held = 自动止盈止损已开启：每次买入后，按新的平均成本价，涨 +{ $gain } 时止盈（卖出 { $tpShare }），跌 −{ $loss } 时止损（价格保持 { $blocks } 个区块后卖出 { $slShare }，见 /slhold）。
order-slhold-now = 止损：{ $rule }。
order-slhold-usage = 用法：<code>/slhold N</code>（1 到 { $max } 个区块，每个约 3 秒；1 = 立即）
order-slhold-set = ✅ 止损：{ $rule }。
order-slhold-set-note = 只对新设置的止损生效（自动止损，以及不带 <code>hold:</code> 的 /sl）；已有的止损保持原设置。

# 订单通知
order-did-buy = 用 { $cost } 买入了 { $symbol }
order-did-buy-got = 用 { $cost } 买入了 { $amount } { $symbol }
order-did-sell = 卖出了持仓的 { $share }
order-did-sell-got = 卖出了持仓的 { $share }，得到 { $got }
order-filled = ✅ <b>订单已成交</b>：{ $did }
order-filled-at = ✅ <b>订单已成交</b>：{ $did }，成交价约 { $price }
order-dca-done = 已完成 { $done }/{ $rounds } 轮。
order-paused = ⏸ <b>订单已暂停</b>：{ $reason }
order-paused-retry = 点“恢复”再试一次。
order-paused-top-up = 先给钱包充值，再点“恢复”。
order-cancelled-by-engine = ✖️ <b>订单已取消</b>：{ $reason }
order-dca-skipped = ⏭ <b>本轮定投已跳过</b>：{ $reason }
order-launched = 🚀 <b>{ $symbol } 在订单成交时上线了 SunSwap</b>：这笔没有成交；订单继续有效，改在 SunSwap V2 上成交。
order-failed = ❌ <b>订单失败</b>：{ $reason }
order-tx = 交易：{ $link }

## /positions

pos-title = <b>📊 持仓</b>
pos-none = 还没有持仓。粘贴代币地址即可交易。
pos-head = <b>{ $symbol }</b> — { $amount }
pos-value = 价值 { $value } · 成本 { $cost }
pos-pnl = 盈亏 { $pnl }
pos-pnl-pct = 盈亏 { $pnl }（{ $pct }）
pos-btn-sell-all = 全部卖出 { $symbol }
pos-btn-orders = 📋 订单
pos-btn-share-pnl = 🖼 分享盈亏
pos-btn-refresh = 🔄 刷新
pos-btn-wallet = 👛 钱包
pos-up-to-date = 已是最新
pos-updated = 已更新
pos-no-position = 你没有这个代币的持仓
pos-pnl-caption = { $symbol } 盈亏

## /snipe

snipe-usage-title = <b>狙击</b>：新代币一创建就买入（用你当前的钱包自动成交，不再确认）
snipe-usage-add = <code>/snipe add 50 name:cat</code> — 名称或代号包含 "cat" 的每个新代币各买 50 TRX
snipe-usage-options = 选项：<code>creator:ADDRESS</code> · <code>maxdev:5</code>（创建者最多买了 5 % 的供应量）· <code>safe</code>（只买安全检测为 ok 的）· <code>launch</code>（在上线 SunSwap 时买入，在 DEX 上）· <code>budget:500</code>（每天的 TRX 上限；默认为单次金额的 10 倍）
snipe-usage-caps = 上限：<code>maxprice:0.00002</code>（TRX/枚，含手续费）· <code>maxmc:50k</code>（美元市值）：先询价，超过上限就跳过，签名时保证至少拿到上限价对应的数量
snipe-usage-family = 发射台：<code>family:launchpad2</code>（只买某一个发射台的代币：{ $choices }；默认所有发射台）
snipe-usage-list = <code>/snipe</code> — 你的狙击规则，可暂停、恢复和删除
snipe-list-title = <b>🎯 你的狙击规则</b>
snipe-none = 还没有狙击规则。
snipe-added = ✅ <b>狙击规则已设置</b>
snipe-rule-new = 每个新代币买 { $amount }
snipe-rule-launch = 每次上线 SunSwap 买 { $amount }
snipe-rule-with = { $rule }（{ $conds }）
snipe-cond-sep = 、
snipe-cond-name = 名称包含“{ $word }”
snipe-cond-creator = 创建者 <code>{ $creator }</code>
snipe-cond-maxdev = 创建者买入 ≤ { $pct }
snipe-cond-safe = 只买安全的
snipe-cond-maxprice = 价格 ≤ { $price }
snipe-cond-maxmc = 市值 ≤ { $mc }
snipe-cond-family = 只限 { $family }
snipe-today = 今日 { $spent }/{ $budget } TRX
snipe-btn-pause = ⏸ 暂停
snipe-btn-pause-n = ⏸ 暂停 #{ $n }
snipe-btn-resume-n = ▶️ 恢复 #{ $n }
snipe-btn-delete = 🗑 删除
snipe-btn-delete-n = 🗑 删除 #{ $n }
snipe-done-pause = 规则已暂停
snipe-done-resume = 规则已恢复
snipe-done-delete = 规则已删除
snipe-unchanged = 没有需要更改的

# 狙击通知
snipe-who = 🎯 <b>狙击成功</b>
snipe-bought = { $who }：用 { $cost } 买入了 { $symbol }
snipe-bought-got = { $who }：用 { $cost } 买入了 { $amount } { $symbol }
snipe-sold = { $who }：卖出了你 { $symbol } 持仓的 { $share }
snipe-sold-got = { $who }：卖出了你 { $symbol } 持仓的 { $share }，得到 { $got }
snipe-skipped = ⏭ 已跳过狙击 { $symbol }：{ $reason }
snipe-failed = ❌ 狙击 { $symbol } 失败：{ $reason }
snipe-tx = 交易：{ $link }
snipe-reason-unknown = 原因不明

## /copy

copy-usage-title = <b>跟单</b>：用你当前的钱包跟随某个钱包交易，不再确认
copy-usage-add = <code>/copy ADDRESS 20</code> — 它买什么，你就买 20 TRX
copy-usage-options = 选项：<code>pct:50 max:100</code>（改为按它花费 TRX 的 50 % 跟买，每次最多 100 TRX；pct: 必须配合 max:）· <code>sells</code>（它卖出时，你也卖出同样比例的持仓）
copy-usage-limits = 限额：<code>budget:200</code>（每天的 TRX 上限；默认 10 次跟单）· <code>token:40</code>（每天在单个代币上最多花的 TRX；默认一次跟单）· <code>min:5</code>（忽略它低于 5 TRX 的买入；默认 1）
copy-usage-family = 发射台：<code>family:launchpad2</code>（只跟它在某一个发射台代币上的交易：{ $choices }；默认所有发射台）
copy-usage-list = <code>/copy</code> — 你跟单的钱包（最多 10 个），可暂停和移除
copy-list-title = <b>👀 你跟单的钱包</b>
copy-none = 你还没有跟单任何钱包。
copy-added = ✅ <b>开始跟单</b>
copy-buys = 跟买 { $size }
copy-size-pct = 它花费 TRX 的 { $pct }，最多 { $max }
copy-sells-too = 也跟卖
copy-token-cap = 单个代币 ≤ { $amount }
copy-min = 只跟 { $amount } 以上的买入
copy-family = 只限 { $family }
copy-btn-remove = 🗑 移除
copy-btn-remove-n = 🗑 移除 #{ $n }
copy-done-pause = 已暂停
copy-done-resume = 已恢复
copy-done-delete = 已移除
copy-unchanged = 没有需要更改的

# 跟单通知
copy-who = 👀 <b>跟单成交</b> <code>{ $source }</code>
copy-skipped = ⏭ 已跳过跟单 { $symbol }：{ $reason }
copy-failed = ❌ 跟单 { $symbol } 失败：{ $reason }

## ==== Why a trade or an action did not go through ====

## 交易端拒绝或失败的原因（src/trading/reasons.ts 的键；src/bot/error-text.ts）。
## 纯文本，不含 HTML：机器人会对整段文字转义。金额已按格式传入（$have、$need 等）。

## 没有专属键的错误：以英文细节套入固定句式

err-detail = { $detail }。
err-detail-safety = 出于安全考虑已停止：{ $detail }。
err-detail-funds = 余额不足：{ $detail }。
err-detail-user = { $detail }
err-unknown = 出了点问题，请重试。

## 账户与请求

err-no-wallet = 你还没有钱包：请发送 /start。
err-key-not-hex = 这不是私钥：私钥必须是 64 位十六进制字符。
err-key-invalid = 该私钥不是有效的 secp256k1 私钥。
err-wallet-removed = 该钱包已删除：它的私钥已从机器人中清除。
err-start-first = 请先发送 /start。
err-amount-zero = 金额必须大于 0 TRX。

## 订单（$what：share、gain、loss 或 drop）

err-order-pct =
    { $what ->
        [gain] 止盈涨幅
        [loss] 止损跌幅
        [drop] 回撤幅度
       *[share] 卖出比例
    }必须大于 0% 且不超过 { $max }%。
err-order-price-zero = 价格必须大于 0。
err-order-hold = 持续区块数必须在 1 到 { $max } 之间。
err-order-rounds = 定投轮数必须在 1 到 1000 之间。
err-order-interval = 间隔至少为 1 分钟。
err-order-indexing = 你的 ${ $symbol } 交易仍在索引中；请几秒后再试。
err-order-no-entry = 该钱包没有在这里买入过 ${ $symbol }，因此没有可参照的入场价。
err-order-max-open = 你已有 { $max } 个未成交的订单；请先取消一些（/orders）。

## 跟单（跳过原因接在“已跳过：”之后）

err-copy-pct = pct: 必须大于 0 且不超过 1000%。
err-copy-pct-needs-max = 按比例跟单需要设置 max:（单次跟单最多投入的 TRX），例如 pct:50 max:100。
err-copy-max-zero = max: 必须大于 0 TRX。
err-copy-budget-min = budget: 至少要够一次跟单（{ $one }）。
err-copy-token-min = token: 至少要够一次跟单（{ $one }）。
err-copy-not-address = 这不是 Tron 地址。
err-copy-max-follows = 你已跟单 { $max } 个钱包；请先移除一个。
err-copy-following = 你已经在跟单这个钱包。
err-copy-own-wallet = 这是你自己的钱包。
err-copy-budget-spent = 该跟单的每日预算 { $budget } 已用完；预算释放后将恢复跟单（今天不再提醒）

## 狙击（跳过原因接在“已跳过：”之后）

err-snipe-max-rules = 你已有 { $max } 条狙击规则；请先删除一条。
err-snipe-creator = creator: 必须是 Tron 地址。
err-snipe-maxdev = maxdev: 必须是 0 到 100 之间的百分比。
err-snipe-maxprice = maxprice: 必须大于 0。
err-snipe-maxmc = maxmc: 必须大于 0 USD。
err-snipe-budget = 预算不能少于单次金额。
err-snipe-budget-spent = 该规则的每日预算 { $budget } 已用完（今天不再提醒）
err-snipe-above-cap = 含手续费的价格为每枚代币 { $paid } TRX，高于规则上限 { $cap }（今天不再提醒高于此上限的代币）
err-snipe-above-cap-mc = 含手续费的价格为每枚代币 { $paid } TRX，高于规则上限 { $cap }（市值最高 { $mc } USD；今天不再提醒高于此上限的代币）

## 市场与交易金额（$venue：curve 或 dex）

err-market-unknown-token = 节点上没有该地址的发射平台代币。
err-market-curve-full = 内盘已满；代币正在等待上线。
err-market-no-pair = 代币已上线，但节点上找不到它的 DEX 交易对。
err-market-cannot-fill =
    { $venue ->
        [curve] 内盘
       *[other] 流动性池
    }无法成交这笔交易（{ $detail }）。
err-market-above-limit = 价格高于你设置的限价。
err-market-too-small = 交易太小：最低成交量舍入后为零。
err-market-order-not-now = 链上价格暂不满足该订单的触发条件。
err-market-moved =
    报价后代币已转到{ $venue ->
        [dex] { " " }DEX
       *[other] 内盘
    }；未发送任何交易。
err-amount-not-trx = 金额不是有效的 TRX 数额（最多 6 位小数）。
err-amount-zero-trx = 金额必须大于 0 TRX。
err-sell-share = 卖出比例必须大于 0% 且不超过 100%。
err-sell-not-number = 金额不是有效的代币数量。
err-sell-too-small = 卖出数量太小。
err-holding-none = 该钱包没有这种代币可卖。
err-funds-trx-buy = 余额不足：你有 { $have }；这笔交易需要 { $need }（金额加 { $fee } 网络手续费）：还差 { $missing }。
err-funds-trx-fee = 余额不足：你有 { $have }；这笔交易需要 { $need }（{ $fee } 网络手续费）：还差 { $missing }。
err-funds-tokens = 余额不足：该钱包只持有 { $held } 枚该代币。

## 出于安全考虑拒绝：报价

err-family-unknown = 出于安全考虑已停止：该代币所在的发射平台本机器人不支持交易（{ $family }）。
err-safety-no-fee-rate = 出于安全考虑已停止：报价没有注明路由手续费率。
err-safety-fee-cap = 出于安全考虑已停止：路由手续费 { $fee }% 超过本机器人的上限。
err-safety-other-side = 出于安全考虑已停止：报价的买卖方向与这笔交易相反。
err-safety-other-family = 出于安全考虑已停止：报价的发射平台与节点显示的不一致。
err-safety-other-venue =
    出于安全考虑已停止：报价在{ $quoted ->
        [dex] { " " }DEX{ " " }
        [curve] 内盘
       *[other] { " " }{ $quoted }{ " " }
    }成交，而节点显示的是{ $shown ->
        [dex] { " " }DEX
       *[other] 内盘
    }。
err-safety-not-whole = 出于安全考虑已停止：报价中的金额不是整数。
err-safety-shown-pinned = 出于安全考虑已停止：报价显示的 { $field } 与锁定的不一致。
err-safety-other-amount = 出于安全考虑已停止：报价的金额与你要求的不同。
err-safety-holding-above = 出于安全考虑已停止：API 报告的持仓高于你钱包在链上的实际持仓。
err-safety-worse-quote = 出于安全考虑已停止：报价比节点显示的市场价少 1% 以上。
err-safety-no-terms = 出于安全考虑已停止：这笔交易没有可供核对签名的自有条款。
err-approval-failed = 出于安全考虑已停止：授权未能完成。
err-approval-failed-why = 出于安全考虑已停止：授权未能完成：{ $detail }。

## 出于安全考虑拒绝：API 构建的交易（$what：transaction、contract 或其他）

err-pin-malformed = 出于安全考虑已停止：交易字节格式错误。
err-pin-field-kind = 出于安全考虑已停止：交易字节中含有 Tron 不使用的字段类型。
err-pin-field-forbidden =
    出于安全考虑已停止：{ $what ->
        [transaction] 交易
        [contract] 合约
       *[other] 合约参数
    }含有不允许的字段（{ $field }）。
err-pin-field-twice =
    出于安全考虑已停止：{ $what ->
        [transaction] 交易
        [contract] 合约
       *[other] 合约参数
    }中的字段 { $field } 出现了两次。
err-pin-no-raw = 出于安全考虑已停止：交易没有原始字节。
err-pin-txid = 出于安全考虑已停止：交易 ID 不是其字节的哈希。
err-pin-contracts = 出于安全考虑已停止：交易必须恰好包含一个合约。
err-pin-kind = 出于安全考虑已停止：机器人从不签名这类交易。
err-pin-call-data = 出于安全考虑已停止：调用数据不是单纯的参数列表。
err-pin-not-router = 出于安全考虑已停止：交易没有调用路由合约的 { $fn }。
err-pin-min = 出于安全考虑已停止：交易接受的数量低于你确认的最低值。
err-pin-fee = 出于安全考虑已停止：交易收取的路由手续费高于报价。
err-pin-deadline = 出于安全考虑已停止：交易的截止时间太远。
err-pin-expiry = 出于安全考虑已停止：交易的过期时间太远（或已过期）。
err-pin-fee-limit = 出于安全考虑已停止：交易允许的网络手续费高于设定值。
err-pin-owner = 出于安全考虑已停止：交易不是从你的钱包发出的。
err-pin-network = 出于安全考虑已停止：交易构建在另一个网络的区块上，而不是其发射台所在的网络。
err-pin-not-transfer = 出于安全考虑已停止：交易不是 TRX 转账。
err-pin-too-large = 出于安全考虑已停止：金额过大。
err-pin-not-call = 出于安全考虑已停止：交易不是合约调用。
err-pin-transfer-to = 出于安全考虑已停止：转账的目标地址与你指定的不同。
err-pin-transfer-amount = 出于安全考虑已停止：转账金额与你指定的不同。
err-pin-other-contract = 出于安全考虑已停止：交易调用的合约不是路由合约。
err-pin-approval-token = 出于安全考虑已停止：授权针对的是另一种代币。
err-pin-trc10 = 出于安全考虑已停止：交易会发送 TRC10 代币。
err-pin-spend = 出于安全考虑已停止：交易花费的金额与报价不符。
err-pin-other-trade = 出于安全考虑已停止：交易的代币或金额与你确认的不同。
err-pin-approval-spender = 出于安全考虑已停止：授权对象不是路由合约。

## 交易的结果（接在“交易失败：”等之后）

err-trade-expired = 交易在过期前未被打包；没有任何成交
err-trade-restarted = 机器人在发送这笔交易前重启了；未发送任何交易。请重新交易。
err-trade-reorg-failed = 链重组重放了这笔交易，结果失败
err-trade-reorg-failed-why = 链重组重放了这笔交易，结果失败：{ $detail }
err-trade-reorg-removed = 链重组移除了这笔交易，且未能及时重新发送：没有任何成交
err-transfer-pending = 仍在处理中；请稍后在 /wallet 查看

## API 的回答（err-api-other 的 $detail 是 API 自己的英文消息）

err-api-funds = 余额不足，无法完成这笔交易。
err-api-funds-trx = 余额不足：需要 { $need }，钱包有 { $have }：还差 { $missing }。
err-api-no-tokens = 余额不足：没有可卖出的代币。
err-api-holding = 余额不足：钱包只持有 { $held } 枚代币。
err-api-price-moved = 报价后价格已变动：这笔交易得到的数量将低于你确认的最低值。未发送任何交易；请重新报价。
err-api-slippage = 价格变动将超出你设置的滑点。请减少金额，或在 /settings 中调高滑点。
err-api-rate-limit = 当前请求过多；请 { $seconds } 秒后再试。
err-api-token-not-found = 在发射平台上找不到该代币。请检查地址。
err-api-approval = 路由合约尚未获准使用该代币；请再卖出一次，先完成授权。
err-api-curve-full = 内盘已满；代币正在等待上线
err-api-no-pair = 代币已上线，但找不到它的 DEX 交易对
err-api-not-trading = 该代币目前无法交易。
err-api-down = 服务出现问题；请稍后再试。
err-api-other = 服务返回错误：{ $detail }

## ==== Words drawn on the pictures (charts, PnL cards) ====

## 机器人发送的图片：代币卡片的K线图和可分享的盈亏卡片 (src/bot/picture-labels.ts)。

# 代币已离开内盘，上线 SunSwap
pic-on-dex = 已上线 SunSwap V2
# 内盘（联合曲线）进度
pic-curve = 内盘进度 { $pct }
pic-volume = 成交量 { $amount } TRX
pic-no-trades = 该时段暂无成交
pic-day = { $month }-{ $day }
pic-in-profit = 盈利中
pic-at-loss = 亏损中
pic-entry = 买入价 { $price } TRX
pic-now = 现价 { $price } TRX
pic-held = 持仓 { $duration }
pic-minutes = { $m } 分钟
pic-hours = { $h } 小时 { $m } 分钟
pic-days = { $d } 天
pic-brand = Tron 发射台机器人

## ==== The Mini App from the bot: /app, the card's Open button, the menu button ====

# 小程序（交易终端）：/app、代币卡片上的按钮、菜单按钮。
cmd-app = 交易终端：实时图表、交易、持仓、挂单
# 代币卡片和 /app 下的 web_app 按钮
webapp-open = 📈 打开
# 输入框旁的菜单按钮（1 到 64 个字符）
webapp-menu-button = 📈 交易终端
webapp-intro = 📈 <b>交易终端</b>：实时价格的代币列表、随每笔成交更新的K线图、带确认页的买入和卖出，以及你的持仓、挂单和钱包。点击“打开”，或输入框旁的菜单按钮。
webapp-private-only = 📈 交易终端只能在与机器人的私聊中打开：向 @{ $bot } 发送 /app。
webapp-needs-https = 📈 交易终端的地址是 <code>{ $url }</code>，但 Telegram 只能在聊天中打开 <b>https</b> 地址的应用。机器人的运营者需要把 APP_URL 设为 https 地址（见 docs/app.md）；在此之前没有“打开”按钮。

## ==== The Mini App's server answers (app-srv-) ====

# 小程序的服务端（src/web）：其 API 拒绝请求时的回答。纯文本（无 HTML）。
app-srv-init-data-invalid = 此应用不是从机器人打开的，或其数据已被更改。请关闭后从机器人重新打开。
app-srv-init-data-expired = 此应用已打开超过一小时。请关闭后从机器人重新打开。
app-srv-invalid = 请求无效：请检查 { $field }。
app-srv-bad-request = 无法读取请求。
app-srv-not-found = 未找到。
app-srv-too-many-streams = 打开的实时页面过多；请关闭一个后重试。
app-srv-order-share = 卖出数量须为持仓的百分比，0.01 至 100（例如 50）。
app-srv-order-trx = 买入数量须为正数 TRX（最多 6 位小数），例如 100。
app-srv-order-price = 价格须为每个代币的 TRX 价格（例如 0.00005）或以美元计的市值（例如 mc50k）。
app-srv-order-sells = 止盈和止损都是卖出：请选择卖出。
app-srv-order-gain = 止盈价位须为相对你买入均价的涨幅百分比，例如 +100。
app-srv-order-loss = 止损价位须为相对你买入均价的跌幅百分比，小于 100，例如 -30。

## ==== The Mini App's page (app-) ====

# 小程序（web/，从机器人的菜单按钮、/app 和代币卡片的 📈 打开按钮打开的页面）的中文文本。
# 金额和价格已格式化；数量以数字传入。

## ==== 小程序 ====

app-title = Launchpad 交易终端
app-loading = 加载中…
app-back = 返回
app-retry = 重试
app-close = 关闭
app-cancel = 取消
app-confirm = 确认
app-copy = 复制
app-copied = 已复制
app-of = { $value } / { $limit }

## 会话：initData 缺失、被篡改或超过一小时（401）

app-session-invalid-title = 会话无效或已过期
app-session-invalid-body = 本页面无法确认你的身份：Telegram 提供的会话缺失、被篡改或已超过一小时。
app-session-invalid-how = 请从机器人重新打开：发送 /app 或点击菜单按钮。

## 错误

app-error-network = 无法连接服务器。请检查网络后重试。
app-error-rate-limited = 请求过于频繁。请稍候再试。
app-error-generic = 出了点问题。请重试。

## 底部导航

app-nav-tokens = 代币
app-nav-positions = 持仓
app-nav-orders = 订单
app-nav-wallet = 钱包

## 代币

app-tokens-search = 名称、代码或地址
app-tokens-tab-new = 最新
app-tokens-tab-trending = 热门
app-tokens-tab-launching = 即将上线
app-tokens-tab-launched = 已上线
app-tokens-empty = 这里还没有代币。
app-tokens-none-found = 没有符合搜索的代币。
app-token-row-stats = 市值 { $mcap } · 24小时成交 { $volume } TRX
app-progress-label = 联合曲线进度

## 代币页面

app-token-curve = 联合曲线：{ $pct }
app-token-launching = 即将上线：{ $pct }
app-token-launched = 已在 SunSwap V2 上线
app-token-launched-liquidity = 已在 SunSwap V2 上线 · 流动性 { $liquidity } TRX
app-token-network = 网络：{ $network }
app-safety-ok = 看起来安全
app-safety-caution = 注意
app-safety-danger = 危险
app-safety-stats = { $holders } 位持有人 · 前 10 名持有 { $top10 }
app-interval-5m = 5分
app-interval-1h = 1时
app-interval-1d = 1天
app-chart-last = 最新K线 { $time }：收盘 { $close } TRX
app-chart-empty = 还没有交易。
app-chart-error = 图表加载失败。
app-chart-credit = 图表由 TradingView 提供
app-tab-trades = 成交
app-tab-holders = 持有人
app-tab-order = 挂单
app-trades-empty = 还没有交易。
app-trade-buy = 买入
app-trade-sell = 卖出
app-holders-empty = 还没有持有人。
app-holder-type = { $type ->
    [curve] 联合曲线
    [dev] 创建者
    [pool] SunSwap 池
    [trader] 交易者
   *[other] { $type }
  }

## 买入和卖出

app-buy = 买入
app-sell = 卖出
app-buy-symbol = 买入 { $symbol }
app-sell-symbol = 卖出 { $symbol }
app-amount-trx = 数量，TRX
app-amount-sell = 数量：代币数，或百分比如 50%
app-balance = 余额 { $amount }
app-holding = 你持有 { $amount } { $symbol }
app-slippage = 滑点 { $pct }
app-quoting = 正在报价…

## 确认面板：将要签名的确切条款

app-quote-title-buy = 买入 { $symbol }？
app-quote-title-sell = 卖出 { $symbol }？
app-quote-pay = 你支付
app-quote-sell = 你卖出
app-quote-expected = 你得到（预计）
app-quote-min = 至少（滑点 { $pct }）
app-quote-router-fee = 机器人手续费（{ $pct }）
app-quote-launchpad-fee = 发射平台手续费
app-quote-impact = 价格影响
app-quote-network-fee = 网络费
app-quote-venue = 交易场所
app-venue-curve = 联合曲线
app-venue-dex = SunSwap V2
app-fee-sponsored = 已赞助（≈ 0 TRX）
app-fee-unknown = 按所用能量以 TRX 支付
app-fee-up-to = ≈ { $fee }（最多 { $max }）
app-quote-valid = 有效期 { $seconds } 秒
app-quote-expired = 此报价已过期。请重新报价后交易。
app-quote-again = 重新报价
app-sending = 发送中…

## 确认后的交易

app-trade-status-quoted = 等待发送…
app-trade-status-sending = 正在发送交易…
app-trade-status-landed = 完成：交易已上链。
app-trade-status-final = 完成并已确认。
app-trade-status-failed = 交易失败。
app-trade-status-expired = 报价在发送前已过期。没有成交。
app-trade-received = 收到 { $amount }

## 订单

app-order-kind-limit = 限价
app-order-kind-tp = 止盈
app-order-kind-sl = 止损
app-order-kind-trail = 追踪止损
app-order-kind-dca = 定投
app-order-amount-trx = 数量，TRX
app-order-amount-pct = 持仓比例，%
app-order-trigger-limit = 价格，每个代币的 TRX
app-order-trigger-tp = 价格上涨多少时卖出，%
app-order-trigger-sl = 价格下跌多少时卖出，%
app-order-place = 下单
app-order-placed = 已下单：{ $text }
app-order-see-all = 全部订单
app-order-cancel = 取消
app-orders-title = 未完成订单
app-orders-empty = 没有未完成订单。可在代币页面下单。

## 持仓

app-positions-title = 持仓
app-positions-empty = 还没有持仓。买入代币即可开仓。
app-positions-value = 价值
app-positions-pnl = 盈亏
app-position-held = { $amount } 个代币
app-position-value-cost = 价值 { $value } · 成本 { $cost }

## 钱包

app-wallet-title = 钱包
app-wallet-address = 你的交易钱包地址
app-wallet-balance = 余额
app-wallet-balance-on = { $network } 余额
app-wallet-same-key = 同一地址和私钥在所有网络上都有效。
app-wallet-energy = 能量
app-wallet-bandwidth = 带宽
app-wallet-sponsored = 你的交易已获赞助：机器人的能量池支付能量，网络费约为 0 TRX。
app-wallet-not-sponsored = 交易会为所用能量燃烧 TRX（网络费），每次确认时都会显示。
app-wallet-bot-only = 导出私钥和提现请在机器人聊天中进行：/wallet。
