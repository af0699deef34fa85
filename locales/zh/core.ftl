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
cmd-snipe = 狙击规则：/snipe add TRX数量 name:关键词 [safe] [launch] [maxprice:P] [maxmc:USD]
cmd-copy = 跟单钱包：/copy 地址 TRX数量 [pct:P max:TRX] [budget:TRX] [token:TRX] [min:TRX] [sells]
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
