# Тексты бота на русском. Те же сообщения и подстановки, что и в en.ftl. См. docs/bot.md#languages.

## ==== The language itself, the command menu and /language ====

## This file's language: its name in its own words (the /language buttons), and the language codes of
## Telegram apps that get it until their user chooses (the first part of Telegram's language_code).

language-name = Русский
language-codes = ru uk be

## Меню команд

cmd-start = Старт: ваш кошелёк и как торговать
cmd-token = Карточка токена: /token АДРЕС (или просто вставьте адрес)
cmd-buy = Купить: /buy АДРЕС TRX
cmd-sell = Продать: /sell АДРЕС ПРОЦЕНТ% или КОЛИЧЕСТВО
cmd-wallet = Ваши кошельки, баланс и позиции
cmd-holders = Крупнейшие держатели: /holders АДРЕС
cmd-trades = Последние сделки: /trades АДРЕС
cmd-new = Новые токены
cmd-top = Токены с наибольшим объёмом за 24 ч
cmd-positions = Ваши позиции: стоимость, затраты и прибыль
cmd-limit = Лимитный ордер: /limit АДРЕС buy TRX @ ЦЕНА (или sell 50% @ ЦЕНА)
cmd-tp = Тейк-профит: /tp АДРЕС +100% 50%
cmd-sl = Стоп-лосс: /sl АДРЕС -30% 100% [hold:N]
cmd-trail = Трейлинг-стоп: /trail АДРЕС 20% 100%
cmd-dca = DCA (усреднение): /dca АДРЕС TRX every 1h x 10 [max ЦЕНА]
cmd-orders = Ваши открытые ордера, с отменой
cmd-autotpsl = Тейк-профит и стоп-лосс на каждую покупку: /autotpsl +100% 50% -30% 100%
cmd-slhold = Стоп-лосс срабатывает, когда цена держится N блоков: /slhold N
cmd-snipe = Правила снайпера: /snipe add TRX name:СЛОВО [safe] [launch] [maxprice:P] [maxmc:USD] [family:F]
cmd-copy = Копировать кошелёк: /copy АДРЕС TRX [pct:P max:TRX] [budget:TRX] [token:TRX] [min:TRX] [sells] [family:F]
cmd-settings = Проскальзывание, пресеты, подтверждения, лимит комиссии, язык
cmd-pin = Задать или сменить PIN: /pin 482913 (или /pin СТАРЫЙ НОВЫЙ)
cmd-unlock = Действия с кошельком и защищённые настройки: /unlock PIN, на 2 минуты
cmd-referral = Реферальная ссылка: друзья платят меньше, вы получаете долю их комиссий
cmd-language = Язык: English, 中文, Русский
cmd-alerts = Оповещения для группы или канала (для админов)
cmd-cancel = Отменить текущий диалог
cmd-help = Как пользоваться ботом

## /language

language-pick = 🌐 Выберите язык (сейчас: { $current }).
language-set = 🌐 Язык: { $language }.
language-unknown = Я говорю на этих языках: { $codes }. Отправьте /language и код языка или нажмите кнопку.
language-admins-only = Менять язык группы могут только её админы.

## ==== /start, /help, the bot's own answers, alerts in groups, admins ====

## /start: приветствие и кнопки

start-welcome-new = 👋 <b>Добро пожаловать!</b> Я создал вам кошелёк:
start-welcome-back = 👋 <b>С возвращением!</b> Ваш активный кошелёк:
start-pin = 🔒 До первого пополнения задайте PIN: /pin и от 4 до 8 цифр. Он защищает экспорт ключа, вывод и ваши кошельки.
start-fund = 💰 Пополните его, отправив TRX на этот адрес: сделки идут с TRX этого кошелька.
start-trade = 🔎 Затем вставьте адрес токена с лаунчпада, чтобы открыть его карточку и торговать, или нажмите 🆕 Новые или 🔥 Топ.
start-discount = 🎁 Вы пришли по ссылке друга: ваша торговая комиссия ниже на { $pct }.
start-group = Ваш кошелёк и сделки — в личном чате со мной: откройте его и отправьте /start там.
start-btn-new = 🆕 Новые
start-btn-top = 🔥 Топ
start-btn-wallet = 👛 Кошелёк
start-btn-settings = ⚙️ Настройки
start-btn-help = ❓ Помощь

## /help: как торговать, затем страница на каждую тему

help-title = <b>❓ Как торговать</b>
help-step-1 = 1. Пополните кошелёк в TRX (/wallet покажет адрес).
help-step-2 = 2. Вставьте адрес токена (или /token АДРЕС), чтобы открыть его карточку.
help-step-3 = 3. Нажмите «Купить» или «Продать», проверьте котировку и подтвердите.
help-topics = Команды по темам:
help-btn-trading = 📈 Торговля
help-btn-orders = 🎯 Ордера
help-btn-automation = 🤖 Автоматизация
help-btn-wallet = 🔐 Кошелёк и защита
help-btn-groups = 👥 Группы
help-btn-back = ⬅️ Назад
help-trading-title = <b>📈 Торговля</b>
help-trading-intro = Ищите токены, смотрите их карточки, покупайте и продавайте.
help-orders-title = <b>🎯 Ордера</b>
help-orders-intro = Ордера, которые торгуют за вас, пока вас нет: лимитный ордер, тейк-профит, стоп-лосс, трейлинг-стоп и DCA.
help-automation-title = <b>🤖 Автоматизация</b>
help-automation-intro = Покупайте новые токены сразу при появлении (снайпер) или повторяйте сделки другого кошелька (копитрейдинг).
help-wallet-title = <b>🔐 Кошелёк и защита</b>
help-wallet-intro = Ваши кошельки, PIN, который их защищает, настройки и реферальная ссылка.
help-groups-title = <b>👥 Группы</b>
help-groups-intro = Добавьте меня в группу или канал: админы настраивают там оповещения, а любой участник может вставить адрес токена и увидеть его карточку.

## Общие ответы бота

bot-expired = Эта кнопка устарела.
bot-stray-text = Вставьте адрес токена, чтобы открыть его карточку, или отправьте /help.
bot-not-yours = Эти кнопки принадлежат тому, кто их вызвал.
bot-cancelled = Отменено.
bot-error = Извините, у нас что-то пошло не так. Попробуйте ещё раз; если повторится, сообщите владельцу бота.
bot-refused = ⚠️ { $reason }
bot-slow-down = 🐢 Помедленнее: часть ваших сообщений я пропускаю. Попробуйте снова через несколько секунд.
bot-slow-down-tap = Помедленнее, пожалуйста.

## Оповещения в группах и каналах (/alerts) и сами оповещения

alert-new = 🆕 Новый токен <b>{ $name }</b> ({ $symbol }) · <a href="{ $url }">карточка</a>
alert-launch = 🚀 { $symbol }: листинг на SunSwap · <a href="{ $url }">карточка</a>
alert-buy = 🟢 { $symbol }: покупка на { $trx } ({ $tokens } токенов) · <a href="{ $url }">карточка</a>
alert-progress = ⛽ { $symbol }: кривая заполнена на { $pct } · <a href="{ $url }">карточка</a>
alert-other = { $kind } { $symbol }
alert-rules-title = <b>🔔 Оповещения в этом чате</b>
alert-rules-new =
    Новые токены: { $on ->
        [yes] вкл.
       *[no] выкл.
    }
alert-rules-launches =
    Листинги на SunSwap: { $on ->
        [yes] вкл.
       *[no] выкл.
    }
alert-rules-buys = Покупки: от { $trx }
alert-rules-buys-off = Покупки: выкл.
alert-rules-progress = Прогресс кривой: при пересечении { $pct }
alert-rules-progress-off = Прогресс кривой: выкл.
alert-rules-tokens = Токены: { $tokens }
alert-rules-tokens-all = Токены: все
alert-rules-hint = <i>Ограничить токенами:</i> <code>/alerts tokens АДРЕС …</code> <i>или снова все:</i> <code>/alerts tokens all</code>.
alert-btn-new = Новые: { $mark }
alert-btn-launches = Листинги: { $mark }
alert-btn-buys = Покупки ≥ { $min }
alert-btn-buys-off = Покупки ≥ выкл.
alert-btn-progress = Прогресс { $pct }
alert-btn-progress-off = Прогресс выкл.
alert-private = Добавьте меня в группу или канал и отправьте там /alerts, чтобы настроить оповещения.
alert-admins-only = Настраивать оповещения могут только админы этого чата.
alert-admins-only-change = Менять оповещения могут только админы этого чата.
alert-bad-token = Это не адрес токена: <code>{ $address }</code>
alert-tokens-usage = Использование: /alerts tokens АДРЕС … или /alerts tokens all
alert-saved = Сохранено

## Команды админов (/plans, /plan, /user, /stats, /energy, /referrals)

admin-plans-title = <b>Тарифы</b>
admin-plan-terms =
    { $rpm ->
        [unlimited] без лимита
       *[other] { $rpm }
    } запр./мин, комиссия { $fee }{ $streams ->
        [yes] , поток + вебхуки
       *[no] {""}
    }
admin-plan-line = • <b>{ $name }</b>: { $terms }
admin-plan-saved = Тариф <b>{ $name }</b>: { $terms }.
admin-plan-usage = Использование: <code>/plan set NAME rpm=N|unlimited fee=BPS [streams=on|off]</code>
admin-not-saved = Не сохранено: { $reason }
admin-failed = Ошибка: { $reason }
admin-error = ошибка
admin-user-usage = Использование: <code>/user @name|ID</code> или <code>/user ID plan NAME</code>
admin-no-user = Такого пользователя нет.
admin-user-title = <b>Пользователь</b> { $name } <code>{ $id }</code>
admin-user-title-changed = <b>Пользователь</b> { $name } <code>{ $id }</code> — тариф изменён
admin-user-plan = Тариф: <b>{ $plan }</b>
admin-user-requests = Запросы: { $today } сегодня, { $week } за 7 дней
admin-user-trades = Сделки с комиссией: { $trades } · уплачено комиссий: { $fees }
admin-user-wallets = Кошельки: { $n }
admin-stats-title = <b>Статистика</b>
admin-stats-users = Пользователи бота: { $n }
admin-stats-keys = API-ключи: { $active } активных из { $keys }
admin-stats-volume = Токены: { $tokens } · сделки: { $trades } · объём: { $volume }
admin-stats-fees =
    Собрано комиссий: { $fees } с { $trades } { $trades ->
        [one] сделки
       *[other] сделок
    }
admin-energy-failed = Не удалось прочитать пулы: { $reason }
admin-referrals-title = <b>Рефералы</b>
admin-referrals-saved = <b>Рефералы</b> — условия сохранены
admin-referrals-usage = Использование: <code>/referrals</code> или <code>/referrals set shares=30,20,10 days=30,30 discount=10 threshold=10</code> (любые из них)
admin-referrals-unknown = Не знаю «{ $word }».
admin-referrals-twice = { $word } указан дважды.
admin-referrals-nothing = Нечего задавать.

## ==== Token cards, quotes, trades, token lists, energy ====

## Карточки токенов (card-*), ручные сделки (trade-*), держатели, сделки и списки токенов (list-*),
## энергия (energy-*).

## Карточка токена

card-price = 💰 Цена: { $price } TRX ({ $usd })
card-market-cap = 🏦 Капитализация: { $usd }
token-network = 🌐 Сеть: { $network }
card-day = 📈 24 ч: { $change } · объём { $volume } TRX
card-dex-pair = 🔄 Пара на SunSwap V2 <code>{ $pair }</code>
card-liquidity = 💧 Ликвидность: { $liquidity } TRX ({ $trx } TRX · { $tokens } токенов)
card-curve = ⛽ Кривая: { $bar }
card-curve-reserves = { $trx } TRX в кривой · осталось { $tokens } токенов
card-status = Статус: { $status }
card-status-created = 🟢 торгуется на кривой
card-status-launch-pending = 🟡 кривая заполнена, идёт листинг
card-status-launched = 🚀 листинг состоялся, торгуется на SunSwap V2
card-verdict-ok = 🛡 Безопасность: в норме
card-verdict-caution = ⚠️ Осторожно
card-verdict-danger = ⛔ Опасно
card-safety-why = { $verdict }: { $why }
card-safety-holders = { $verdict } · { $holders ->
    [one] { $holders } держатель
    [few] { $holders } держателя
   *[many] { $holders } держателей
  }, у топ-10 — { $top10 }
card-reason-creator-share = у создателя { $pct } эмиссии
card-reason-creator-dumped = создатель слил { $dumps } из { $tokens ->
    [one] { $tokens } прежнего токена
   *[other] { $tokens } прежних токенов
  }
card-reason-top10 = у топ-10 держателей { $pct }
card-reason-creator-sold = создатель продал { $pct } своей первой покупки
card-reason-bundles = { $buys ->
    [one] { $buys } связанная покупка
    [few] { $buys } связанные покупки
   *[many] { $buys } связанных покупок
  } в блоке создания ({ $pct })
card-link-web = сайт
card-link-x = X
card-link-telegram = Telegram
card-open-orders = 📋 У вас { $count ->
    [one] { $count } открытый ордер
    [few] { $count } открытых ордера
   *[many] { $count } открытых ордеров
  } по этому токену.
card-share-text = { $symbol } на лаунчпаде Tron: карточка, график и покупка в одно касание
card-token-not-found = Токен не найден
card-not-an-address = Это не похоже на адрес токена. Адреса Tron начинаются с T и состоят из 34 символов.
card-unknown-token = Токен <code>{ $address }</code> не найден на лаунчпадах.
card-usage = Формат: <code>/token АДРЕС</code>
card-updated = Обновлено
card-up-to-date = Уже актуально

## Кнопки карточки

card-interval-5m = 5м
card-interval-1h = 1ч
card-interval-1d = 1д
card-buy = Купить { $amount } TRX
card-buy-x = Купить X TRX
card-sell = Продать { $pct }%
card-sell-x = Продать X
card-holders = 👥 Держатели
card-trades = 📜 Сделки
card-refresh = 🔄 Обновить
card-share = 📤 Поделиться
card-orders = 📋 Ордера
card-positions = 📊 Позиции
card-wallet = 👛 Кошелёк

## Котировка сделки до подтверждения

trade-quote-buy-title = <b>🟢 Покупка { $symbol }</b>
trade-quote-sell-title = <b>🔴 Продажа { $symbol }</b>
trade-quote-pay = Вы платите: { $amount }
trade-quote-sell = Вы продаёте: { $amount }
trade-quote-get = Вы получите: ~{ $amount }
trade-quote-minimum = Минимум (проскальзывание { $slippage }): { $amount }
trade-quote-bot-fee = { $fee } бот ({ $pct })
trade-quote-fees-dex = Комиссии: { $pool } пул (уже в цене) + { $bot } · на SunSwap V2
trade-quote-fees-curve = Комиссии: { $launchpad } лаунчпад + { $bot }
trade-quote-impact = Влияние на цену: { $impact }
trade-quote-fills = ⚠️ Эта сделка заполнит кривую; { $refund } вернётся вам.
trade-quote-valid = <i>Котировка действует { $seconds } с.</i>
trade-fee-plain = Комиссия сети: ~{ $fee }
trade-fee-at-most = не более { $max }
trade-fee-lent = Комиссия сети: ~{ $fee } (бот одалживает вашему кошельку { $energy } энергии на эту сделку)
trade-fee-if-no-loan = до { $max }, если заём не пройдёт
trade-fee-sponsored = Комиссия сети: ~{ $fee } (бот оплачивает { $energy } энергии)
trade-fee-partial = Комиссия сети: ~{ $fee } (пул энергии бота оплачивает часть; он на исходе)
trade-fee-if-dry = до { $max }, если пул иссякнет раньше
trade-fee-empty = ⚠️ Комиссия сети: ~{ $fee }: пул энергии бота пуст, энергию оплачиваете вы
trade-confirm = ✅ Подтвердить
trade-cancel = ✖️ Отмена

## Начало сделки и ответы на её кнопки

trade-buy-usage = Формат: <code>/buy АДРЕС TRX</code>, например <code>/buy T... 100</code>
trade-sell-usage = Формат: <code>/sell АДРЕС 50%</code> или <code>/sell АДРЕС КОЛИЧЕСТВО</code>
trade-amount-help-buy = Сумма — положительное число TRX (до 6 знаков после запятой), например <code>100</code> или <code>1,5</code>.
trade-amount-help-sell = Укажите процент от позиции (например <code>50%</code>) или положительное количество токенов.
trade-sending = ⏳ Отправляем…
trade-sending-answer = Отправляем…
trade-getting-quote = Получаем котировку…
trade-getting-fresh-quote = Получаем свежую котировку…
trade-quote-expired-alert = Котировка устарела. Вот свежая: подтвердите ещё раз.
trade-quote-expired = ⌛ Котировка устарела.
trade-not-yours = Подтвердить эту сделку может только тот, кто её запросил.
trade-already-handled = Эта сделка уже обрабатывается.
trade-quote-gone = Эта котировка больше недоступна.
trade-gone = Эта сделка больше недоступна.
trade-cancelled-answer = Отменено
trade-cancelled = ✖️ Отменено.
trade-nothing-to-cancel = Нечего отменять.

## Ход и итог сделки

trade-pending = ⏳ <b>В обработке</b> — отправлено в сеть.
trade-tx = Транзакция: { $link }
trade-bought = ✅ <b>Куплено</b>
trade-bought-received = ✅ <b>Куплено</b> — получено { $amount }
trade-sold = ✅ <b>Продано</b>
trade-sold-received = ✅ <b>Продано</b> — получено { $amount }
trade-network-fee = комиссия сети { $fee }
trade-balance = Баланс: { $trx } · { $tokens }
trade-not-final = ⏳ В блоке; окончательно примерно через минуту
trade-final = 🔒 Окончательно
trade-failed = ❌ <b>Сделка не прошла</b>: { $reason }
trade-failed-unknown = причина неизвестна
trade-fee-spent = списана комиссия сети { $fee }
trade-nothing-sent = Ничего не отправлено.
trade-launched-buy = 🚀 <b>{ $symbol } вышел на SunSwap V2</b> раньше, чем прошла ваша покупка: ничего не куплено.
trade-launched-sell = 🚀 <b>{ $symbol } вышел на SunSwap V2</b> раньше, чем прошла ваша продажа: ничего не продано.
trade-launched-fee = списана только комиссия сети { $fee }
trade-launched-requote = Нажмите ниже, чтобы получить свежую котировку на DEX.
trade-requote-buy = 🔁 Купить на SunSwap
trade-requote-sell = 🔁 Продать на SunSwap

## Держатели, сделки и списки токенов

list-holders-usage = Формат: <code>/holders АДРЕС</code>
list-trades-usage = Формат: <code>/trades АДРЕС</code>
list-holders-title = <b>Держатели { $symbol }</b> — страница { $page }
list-holders-none = У { $symbol } пока нет держателей.
list-holders-no-more = Больше держателей нет.
list-holder-curve = кривая
list-holder-dev = разработчик
list-holder-pool = пул
list-trades-title = <b>Сделки { $symbol }</b> — страница { $page }
list-trades-none = По { $symbol } пока нет сделок.
list-trades-no-more = Больше сделок нет.
list-prev = ◀️ Назад
list-next = Далее ▶️
list-back-to-token = ⬅️ Токен
list-new-title = 🆕 Новые токены
list-top-title = 🔥 Топ по объёму за 24 ч
list-tokens-none = Токенов пока нет.
list-token-volume = объём { $volume } TRX

## Энергия: /wallet, /settings, /energy и уведомления админам

energy-wallet-no-answer = Энергия и пропускная способность: узел не ответил; попробуйте ещё раз.
energy-wallet-energy = Энергия: осталось <b>{ $left }</b> из { $limit } в сутки ({ $staked } в стейкинге)
energy-wallet-energy-none = Энергия: стейкинга нет
energy-wallet-bandwidth = Пропускная способность: сегодня осталось <b>{ $left }</b> из { $limit } бесплатных байт
energy-wallet-bandwidth-staked = в стейкинге { $left } из { $limit } ({ $staked })
energy-sponsorship = ⚡ Комиссии сети: { $how }. Карточка сделки показывает, сколько вы платите.
energy-sponsored = спонсируются: бот оплачивает энергию ваших сделок
energy-sponsored-part = частично спонсируются: бот оплачивает { $pct } энергии ваших сделок
energy-not-sponsored-empty = пока не спонсируются (пул энергии бота пуст): ваши сделки сжигают TRX на энергию
energy-not-sponsored = не спонсируются: ваши сделки сжигают TRX на энергию
energy-pools-title = <b>⚡ Пулы энергии</b>
energy-pool-title = <b>{ $family }</b> · роутер <code>{ $router }</code>
energy-pool-origin = Пул: <code>{ $origin }</code>
energy-pool-shared = (общий с { $families })
energy-pool-none = Пул: нет (узел не показывает там роутер)
energy-pool-staked = В стейкинге: { $staked } под энергию
energy-pool-staked-lent = В стейкинге: { $staked } под энергию ({ $lent } одолжено)
energy-pool-energy = Энергия: осталось { $left } из { $limit } в сутки
energy-pool-users-pay-sponsored = Пользователи платят { $pct } энергии сделки: <b>спонсируется</b>
energy-pool-users-pay-not-sponsored = Пользователи платят { $pct } энергии сделки: <b>не спонсируется</b>
energy-pool-covers = Хватит на { $now } типичных сделок сейчас, { $day } в сутки (по { $each } энергии)
energy-pool-last-day = За 24 ч: { $trades ->
    [one] { $trades } сделка через роутер
    [few] { $trades } сделки через роутер
   *[many] { $trades } сделок через роутер
  } ({ $curve } на кривой, { $dex } на DEX)
energy-pool-hours-left = { $perHour } энергии в час: осталось { $hours ->
    [one] { $hours } час
    [few] { $hours } часа
    [many] { $hours } часов
   *[other] { $hours } часа
  }
energy-pool-low-line = ⚠️ Энергии осталось меньше чем на час сделок: добавьте стейкинг (<code>npm run cli -- energy stake TRX</code>)
energy-pool-unstaking = Вывод из стейкинга: { $amount } ({ $resource }), доступно с { $when }
energy-low-title = ⚠️ <b>Пул энергии на исходе</b>
energy-low-body = В пуле { $pool } осталось { $left } энергии: меньше чем на час сделок в темпе последних суток ({ $perHour } энергии в час).
energy-low-then = Когда она закончится, пользователи будут оплачивать энергию сделок сожжёнными TRX.
energy-low-stake = Добавьте стейкинг: <code>npm run cli -- energy stake TRX</code> (ключ через stdin). /energy показывает пулы.
energy-recovered-title = ✅ <b>Пул энергии восстановлен</b>
energy-recovered-body = В пуле { $pool } осталось { $left } энергии: на { $hours ->
    [one] { $hours } час
    [few] { $hours } часа
    [many] { $hours } часов
   *[other] { $hours } часа
  } сделок в темпе последних суток.
energy-recovered-idle = В пуле { $pool } осталось { $left } энергии: за последние сутки сделок через него не было.

## ==== Wallets, PIN, settings, dialogues, referrals ====

## Общие слова текстов аккаунта

# отрезок времени (винительный падеж: «на 2 минуты», «через 60 секунд»): $unit — day, hour, minute или second; $n — число
common-duration =
    { $unit ->
        [day]
            { $n ->
                [one] { $n } день
                [few] { $n } дня
               *[many] { $n } дней
            }
        [hour]
            { $n ->
                [one] { $n } час
                [few] { $n } часа
               *[many] { $n } часов
            }
        [second]
            { $n ->
                [one] { $n } секунду
                [few] { $n } секунды
               *[many] { $n } секунд
            }
       *[minute]
            { $n ->
                [one] { $n } минуту
                [few] { $n } минуты
               *[many] { $n } минут
            }
    }
common-open-private = Откройте для этого личный чат со мной: настройки, кошельки, PIN и правила меняются только там.
common-open-private-button = 💬 Открыть личный чат

## /wallet

wallet-title = <b>👛 Кошелёк { $index } из { $count }</b>
wallet-balance = Баланс: <b>{ $balance }</b>
wallet-balance-on = В сети { $network }: <b>{ $balance }</b>
wallet-same-key = Один и тот же адрес и ключ действуют во всех сетях.
wallet-positions = <b>Позиции</b>
wallet-no-positions = Позиций в токенах пока нет.
wallet-btn-new = ➕ Новый кошелёк
wallet-btn-import = 📥 Импорт
wallet-btn-export = 🔑 Экспорт
wallet-btn-switch = 🔀 Сменить
wallet-btn-withdraw = 💸 Вывести TRX
wallet-btn-remove = 🗑 Удалить
wallet-btn-refresh = 🔄 Обновить
wallet-btn-cancel = ✖️ Отмена
wallet-btn-remove-for-good = 🗑 Удалить навсегда
wallet-btn-open = 👛 Открыть кошелёк
wallet-created = Новый кошелёк создан и выбран активным
wallet-switched = Активный кошелёк изменён
wallet-removed = Кошелёк удалён
wallet-cancelled = Отменено
wallet-none = Такого кошелька нет
wallet-not-removed-only = Это ваш единственный кошелёк: его нельзя удалить.
wallet-not-removed-active = Это ваш активный кошелёк: сначала переключитесь на другой.
wallet-not-removed-orders = С этого кошелька торгуют открытые ордера: сначала отмените их (/orders).
wallet-not-removed-rules = С этого кошелька торгуют правила снайпера или копитрейдинга: сначала удалите их (/snipe, /copy).
wallet-not-removed-trading = По этому кошельку идёт сделка: попробуйте снова, когда она завершится.
wallet-switch-ask = Выберите активный кошелёк:
wallet-export-ask =
    ⚠️ <b>Экспортировать приватный ключ?</b>
    Кто его увидит, тот управляет кошельком. Я удалю сообщение через { $span }. Выберите кошелёк:
wallet-export-sent = 🔑 Ключ отправлен ниже; он исчезнет через { $span }.
wallet-key-title = <b>Приватный ключ</b> кошелька <code>{ $address }</code>:
wallet-key-deleted-in = Это сообщение будет удалено через { $span }.
wallet-remove-ask = 🗑 <b>Удалить кошелёк из бота?</b> Выберите кошелёк (не активный):
wallet-remove-title = ⚠️ <b>Удалить кошелёк <code>{ $address }</code>?</b>
wallet-holds = На нём <b>{ $balance }</b>.
wallet-holds-tokens =
    На нём <b>{ $balance }</b> и { $tokens ->
        [one] { $tokens } токен
        [few] { $tokens } токена
       *[many] { $tokens } токенов
    }.
wallet-holds-unknown = Не удалось прочитать, что на нём лежит.
wallet-remove-warning = Его приватный ключ будет стёрт из бота <b>навсегда</b>. Если вы его не экспортировали, всё, что лежит на этом кошельке сейчас или придёт позже, уже никогда нельзя будет вывести.
wallet-import-prompt = 📥 Пришлите приватный ключ для импорта (64 шестнадцатеричных символа). Я удалю ваше сообщение, как только прочитаю его. /cancel — отмена.
wallet-import-expired = Запрос на импорт истёк; нажмите «Импорт» ещё раз. (Ваше сообщение я удалил.)
wallet-import-deleted = (Ваше сообщение я удалил.)
wallet-import-not-a-key = Это не приватный ключ: нужно 64 шестнадцатеричных символа. (Ваше сообщение я удалил.) Нажмите «Импорт», чтобы попробовать снова.
wallet-import-invalid-key = Это не действительный приватный ключ secp256k1. (Ваше сообщение я удалил.) Нажмите «Импорт», чтобы попробовать снова.
wallet-import-failed = Импорт не удался; попробуйте ещё раз.
wallet-imported = ✅ Кошелёк <code>{ $address }</code> импортирован и выбран активным.

## PIN (/pin, /unlock) и его защита

pin-set-one = Сначала задайте PIN: /pin и 4–8 цифр (например, /pin 482913). Он нужен для экспорта, вывода, импорта, смены и удаления кошелька.
pin-unlock-first = Сначала отправьте /unlock и ваш PIN: это откроет действие на { $span }.
pin-locked = Слишком много неверных PIN: блокировка на { $span }, до { $until }.
pin-held = Заморожено до { $until }: { $hold } после установки PIN на кошельке со средствами или его смены никто не может экспортировать, выводить, импортировать, менять или удалять кошельки.
pin-wrong =
    Неверный PIN ({ $left ->
        [one] осталась { $left } попытка
        [few] осталось { $left } попытки
       *[many] осталось { $left } попыток
    }).
pin-change-how = Сменить PIN: /pin СТАРЫЙ НОВЫЙ.
pin-exists = У вас уже есть PIN: смените его командой /pin СТАРЫЙ НОВЫЙ.
pin-bad = PIN — это 4–8 цифр, например /pin 482913.
pin-done =
    🔒 PIN { $changed ->
        [yes] изменён
       *[no] задан
    }. Чтобы экспортировать, выводить, импортировать, менять и удалять кошельки, сначала отправьте /unlock и ваш PIN: это откроет их на { $span }.
pin-hold-notice = ⏳ Для вашей безопасности эти действия заморожены на { $hold }, до { $until }. Это были не вы? Значит, кто-то получил доступ к вашему Telegram: завершите другие сеансы в настройках Telegram → Устройства.
pin-unlocked = 🔓 Разблокировано на { $span }: можно экспортировать, выводить, импортировать, менять и удалять кошельки, а также менять защищённые настройки.
pin-unlocked-held = ⏳ Экспорт, вывод, импорт, смена и удаление заморожены до { $until }.
pin-group-also = Этот PIN видели другие: задайте там новый командой /pin СТАРЫЙ НОВЫЙ.

## /settings

settings-title = <b>⚙️ Настройки</b>
settings-slippage = Проскальзывание: { $pct }%
settings-buy-presets = Пресеты покупки: { $presets } TRX
settings-sell-presets = Пресеты продажи: { $presets } %
settings-confirm =
    Подтверждать сделки: { $on ->
        [yes] вкл.
       *[no] выкл.
    }
settings-fee-limit = Доп. лимит комиссии: { $fee } TRX
settings-auto-tpsl = Авто тейк-профит/стоп-лосс на каждую покупку: { $what } (<code>/autotpsl +100% 50% -30% 100%</code> или <code>off</code>)
settings-auto-tp = TP +{ $gain }%, продать { $sell }%
settings-auto-sl = SL −{ $loss }%, продать { $sell }%
settings-off = выкл.
settings-stop-loss = Стоп-лосс: { $hold } (1 = сразу; меняется командой <code>/slhold N</code>)
settings-btn-slippage = Проскальзывание { $pct }%
settings-btn-fee = Лимит комиссии +{ $fee }
settings-btn-buy = Пресеты покупки
settings-btn-sell = Пресеты продажи
settings-btn-confirm =
    Подтверждение: { $on ->
        [yes] вкл. ✅
       *[no] выкл.
    }
settings-btn-language = 🌐 Язык: { $language }
settings-saved = Сохранено.

## Диалоги

ask-cancel-hint = (/cancel — отмена)
ask-answer-with-message = Пожалуйста, ответьте сообщением
ask-give-up = Давайте на этом остановимся; начните заново, когда будете готовы.
ask-buy-amount = Сколько TRX вы хотите потратить?
ask-sell-amount = Сколько вы хотите продать? Процент, например <code>30%</code>, или количество токенов.
ask-withdraw-to = Пришлите адрес, на который вывести TRX.
ask-withdraw-not-address = Это не адрес Tron (T…, 34 символа).
ask-withdraw-amount = Сколько TRX?
ask-withdraw-amount-help = Пришлите положительное число TRX, не более 6 знаков после запятой.
ask-withdraw-confirm = Отправить <b>{ $amount }</b> на <code>{ $to }</code>?
ask-withdraw-confirm-on = Отправить <b>{ $amount }</b> на <code>{ $to }</code> в сети { $network }?
ask-withdraw-network = Из какой сети? У одного и того же адреса TRX в каждой:
ask-btn-send = ✅ Отправить
ask-btn-cancel = ✖️ Отмена
ask-tap-send-or-cancel = Нажмите «Отправить» или «Отмена» выше.
ask-withdraw-cancelled = Вывод отменён.
ask-sending = ⏳ Отправляю…
ask-withdraw-new-address = ⚠️ Вы ещё никогда не отправляли на <code>{ $to }</code>. Проверьте адрес и через { $seconds } с снова нажмите «Отправить», чтобы отправить <b>{ $amount }</b>.
ask-wait-more = Подождите ещё { $seconds } с: это новый адрес.
ask-withdraw-sent = ✅ Отправлено { $amount } на <code>{ $to }</code>
ask-withdraw-failed = ❌ Не удалось отправить { $amount } на <code>{ $to }</code>
ask-withdraw-pending = ⏳ { $amount } отправлено на <code>{ $to }</code>, но ещё не подтверждено: загляните в /wallet позже.
ask-withdraw-tx = Транзакция: <code>{ $txid }</code>
ask-slippage = Новое проскальзывание в процентах (от { $min } до { $max })?
ask-fee-limit = Доп. лимит комиссии в TRX (от { $min } до { $max })? Он повышает максимум, который сделка может сжечь на комиссии.
ask-buy-presets = Три пресета покупки в TRX, например <code>50 200 1000</code>.
ask-buy-presets-help = Пришлите три положительных числа через пробел.
ask-sell-presets = Три пресета продажи в процентах, например <code>25 50 100</code>.
ask-sell-presets-help = Пришлите три процента от 1 до 100 через пробел.
ask-number-range = Пришлите число от { $min } до { $max }.
ask-slippage-guarded = Проскальзывание выше { $pct }% без этого не сохраняется.

## Реферальная программа (/referral, выплаты, вид для админов)

ref-title = 🤝 <b>Приглашайте друзей и зарабатывайте на их сделках</b>
ref-your-link = Ваша ссылка:
ref-joined = Пришли по ней: <b>{ $count }</b>
ref-volume = Их объём: { $volume }
ref-earned = Заработано: { $earned }
ref-paid = Выплачено: { $paid }
ref-paid-pending = Выплачено: { $paid } (+{ $pending } в пути)
ref-owed = К выплате: <b>{ $owed }</b>
ref-terms-share = Вы получаете долю комиссий, которые платит каждый друг, со дня его прихода: { $schedule }.
ref-terms-discount = Друзья, пришедшие по вашей ссылке, платят комиссию на { $pct }% меньше.
ref-terms-payout = Выплаты приходят на ваш активный кошелёк, когда к выплате набирается не меньше { $threshold }.
ref-period = { $pct }% за дни { $from }–{ $to }
ref-after = { $pct }% после
ref-share-button = 📤 Поделиться ссылкой
ref-pitch = Торгуйте токенами лаунчпадов Tron прямо в Telegram
ref-pitch-discount = Торгуйте токенами лаунчпадов Tron прямо в Telegram: по моей ссылке комиссия на { $pct }% ниже
ref-payout =
    💸 Реферальная выплата: { $amount } отправлено на <code>{ $address }</code>
    Транзакция: { $tx }
ref-admin-shares = Доли: { $schedule }
ref-admin-discount = Скидка приглашённым: { $pct }% от комиссии тарифа
ref-admin-threshold = Порог выплаты: { $threshold }
ref-admin-totals = Рефералы: { $referrers } пригласивших, { $referees } приглашённых · заработано { $earned }, выплачено { $paid }, к выплате { $owed }
ref-admin-totals-pending = Рефералы: { $referrers } пригласивших, { $referees } приглашённых · заработано { $earned }, выплачено { $paid } (+{ $pending } в пути), к выплате { $owed }

## ==== Orders, positions, sniper and copy trading ====

## Автоматические ордера: /limit, /tp, /sl, /trail, /dca, /orders, /autotpsl, /slhold

order-usage-title = <b>Автоматические ордера</b> (торгуют с вашего активного кошелька, с вашим проскальзыванием, без подтверждения)
order-usage-limit-buy = <code>/limit ADDRESS buy TRX @ PRICE</code> — купить, когда цена опустится до PRICE или ниже (TRX за токен)
order-usage-limit-sell = <code>/limit ADDRESS sell 50% @ PRICE</code> — продать долю, когда цена поднимется до PRICE или выше
order-usage-level-mc = PRICE можно задать капитализацией в USD: <code>mc50k</code>, <code>mc1.2m</code>
order-usage-tp = <code>/tp ADDRESS +100% 50%</code> — тейк-профит: продать 50 % при +100 % к цене входа
order-usage-sl = <code>/sl ADDRESS -30% 100%</code> — стоп-лосс: продать всё при −30 % от цены входа
order-usage-sl-hold = добавьте <code>hold:3</code>, чтобы продавать, только если цена продержится там 3 блока (~3 с каждый; по умолчанию: /slhold)
order-usage-trail = <code>/trail ADDRESS 20% 100%</code> — трейлинг-стоп: продать, когда цена упадёт на 20 % от максимума с момента установки
order-usage-dca = <code>/dca ADDRESS 50 every 1h x 10 [max PRICE]</code> — DCA: покупать на 50 TRX каждый час, 10 раз
order-usage-orders = <code>/orders</code> — ваши открытые ордера (<code>/orders ADDRESS</code> — по одному токену)
order-usage-autotpsl = <code>/autotpsl +100% 50% -30% 100%</code> — тейк-профит и стоп-лосс на каждую новую покупку (<code>off</code> — выключить)
order-usage-slhold = <code>/slhold N</code> — стоп-лоссы ждут, пока цена продержится N блоков (от 1 до { $max }; 1 = сразу)

# ордер одной строкой
order-line-limit-buy = 🎯 Лимитная покупка { $symbol } на { $amount } при цене ≤ { $level }
order-line-limit-sell = 🎯 Лимитная продажа { $share } { $symbol } при цене ≥ { $level }
order-line-tp = 💰 Тейк-профит по { $symbol }: продать { $share } при цене ≥ { $level } (вход { $entry })
order-line-sl = 🛑 Стоп-лосс по { $symbol }: продать { $share } при цене ≤ { $level } (вход { $entry })
order-line-holds = удержание { $blocks } { $blocks ->
    [one] блок
    [few] блока
   *[many] блоков
}
order-line-trail = 📉 Трейлинг-стоп по { $symbol }: продать { $share } при падении на { $drop } от максимума (максимум { $high }, сработает при ≤ { $level })
order-line-dca = 🔁 DCA { $symbol } по { $amount }, выполнено { $done }/{ $rounds }
order-dca-next-now = следующий раунд сейчас
order-dca-next-in = следующий через { $minutes } { $minutes ->
    [one] минуту
    [few] минуты
   *[many] минут
}
order-dca-max = макс. { $level }
order-auto = <i>(авто)</i>
order-paused-note = ⏸ на паузе: { $note }
order-executing = ⏳ сейчас исполняется
order-sl-hold = продаёт, когда цена продержится на уровне или ниже { $blocks } { $blocks ->
    [one] блок
    [few] блока
   *[many] блоков
}

# почему ордер остановился или изменился
order-note-holding-gone = токенов в позиции больше нет
order-note-cancelled-by-you = отменён вами
order-note-resumed = возобновлён
order-note-filled = исполнен
order-note-failed = не удался
order-note-wallet-gone = его кошелёк удалён
order-note-launched = токен вышел на SunSwap; теперь ордер торгует на DEX
order-note-launched-under = токен вышел на SunSwap во время сделки
order-note-tp-filled = сработал его тейк-профит
order-note-sl-filled = сработал его стоп-лосс
order-note-above-cap = цена была выше лимита
order-note-round-filled = раунд { $done } из { $rounds } исполнен
order-note-round-failed = раунд { $done } из { $rounds } не удался: { $reason }
order-note-round-skipped = раунд { $done } из { $rounds } пропущен: цена была выше { $level }

# ордер выставлен, список и кнопки
order-set = ✅ <b>Ордер выставлен</b>
order-set-executing = Условие уже выполнено: исполняется.
order-btn-cancel = ✖️ Отменить
order-btn-orders = 📋 Ордера
order-btn-resume = ▶️ Возобновить
order-btn-cancel-n = ✖️ Отменить #{ $n }
order-btn-resume-n = ▶️ Возобновить #{ $n }
order-btn-preset-tp = 💰 TP +{ $gain } ×{ $share }
order-btn-preset-sl = 🛑 SL −{ $loss } ×{ $share }
order-btn-preset-trail = 📉 Трейлинг { $drop } ×{ $share }
order-btn-token = ⬅️ Токен
order-list-title = <b>📋 Ваши открытые ордера</b>
order-list-title-token = <b>📋 Ордера по { $symbol }</b>
order-list-title-this-token = <b>📋 Ордера по этому токену</b>
order-none = Открытых ордеров нет.
order-cancelled = Ордер отменён
order-cancel-executing = Он сейчас исполняется
order-cancel-none = Такого открытого ордера нет
order-resumed = Ордер возобновлён
order-not-paused = Этот ордер не на паузе

# /autotpsl и /slhold
order-autotpsl-off = Автоматические TP/SL выключены.
order-autotpsl-usage = Формат: <code>/autotpsl +100% 50% -30% 100%</code> (тейк-профит: рост, доля; стоп-лосс: падение, доля) или <code>/autotpsl off</code>
order-autotpsl-on = Автоматические TP/SL включены: после каждой покупки — тейк-профит при +{ $gain } (продать { $tpShare }) и стоп-лосс при −{ $loss } (продать { $slShare }), от новой средней цены входа.
order-autotpsl-on-held = Автоматические TP/SL включены: после каждой покупки — тейк-профит при +{ $gain } (продать { $tpShare }) и стоп-лосс при −{ $loss } (продать { $slShare }, когда цена продержится там { $blocks } { $blocks ->
    [one] блок
    [few] блока
   *[many] блоков
} (/slhold)), от новой средней цены входа.
order-slhold-now = Стоп-лосс: { $rule }.
order-slhold-usage = Формат: <code>/slhold N</code> (от 1 до { $max } блоков по ~3 с; 1 = сразу)
order-slhold-set = ✅ Стоп-лосс: { $rule }.
order-slhold-set-note = Это для новых стоп-лоссов (автоматического SL и /sl без <code>hold:</code>); уже выставленные остаются как были.

# сообщения движка ордеров
order-did-buy = куплено { $symbol } на { $cost }
order-did-buy-got = куплено { $amount } { $symbol } на { $cost }
order-did-sell = продано { $share } позиции
order-did-sell-got = продано { $share } позиции за { $got }
order-filled = ✅ <b>Ордер исполнен</b>: { $did }
order-filled-at = ✅ <b>Ордер исполнен</b>: { $did } по ~{ $price }
order-dca-done = Выполнено раундов: { $done } из { $rounds }.
order-paused = ⏸ <b>Ордер на паузе</b>: { $reason }
order-paused-retry = Нажмите «Возобновить», чтобы попробовать снова.
order-paused-top-up = Пополните кошелёк и нажмите «Возобновить».
order-cancelled-by-engine = ✖️ <b>Ордер отменён</b>: { $reason }
order-dca-skipped = ⏭ <b>Раунд DCA пропущен</b>: { $reason }
order-launched = 🚀 <b>{ $symbol } вышел на SunSwap</b> во время сделки ордера: ничего не куплено и не продано; ордер продолжает работать, теперь на SunSwap V2.
order-failed = ❌ <b>Ордер не исполнен</b>: { $reason }
order-tx = Транзакция: { $link }

## /positions

pos-title = <b>📊 Позиции</b>
pos-none = Позиций пока нет. Пришлите адрес токена, чтобы торговать.
pos-head = <b>{ $symbol }</b> — { $amount }
pos-value = стоимость { $value } · затраты { $cost }
pos-pnl = PnL { $pnl }
pos-pnl-pct = PnL { $pnl } ({ $pct })
pos-btn-sell-all = Продать 100 % { $symbol }
pos-btn-orders = 📋 Ордера
pos-btn-share-pnl = 🖼 Поделиться PnL
pos-btn-refresh = 🔄 Обновить
pos-btn-wallet = 👛 Кошелёк
pos-up-to-date = Уже актуально
pos-updated = Обновлено
pos-no-position = Позиции по этому токену нет
pos-pnl-caption = PnL { $symbol }

## /snipe

snipe-usage-title = <b>Снайпер</b>: покупка новых токенов в момент создания (торгует с вашего активного кошелька, без подтверждения)
snipe-usage-add = <code>/snipe add 50 name:cat</code> — на 50 TRX каждого нового токена, в названии или тикере которого есть «cat»
snipe-usage-options = Опции: <code>creator:ADDRESS</code> · <code>maxdev:5</code> (создатель купил не больше 5 % эмиссии) · <code>safe</code> (только с вердиктом безопасности ok) · <code>launch</code> (покупать при листинге на SunSwap, на DEX) · <code>budget:500</code> (TRX в день; по умолчанию 10× сумма)
snipe-usage-caps = Лимиты: <code>maxprice:0.00002</code> (TRX за токен, с комиссиями) · <code>maxmc:50k</code> (капитализация в USD): сначала запрашивается котировка, выше лимита покупка пропускается, а подписывается так, чтобы получить не меньше, чем позволяет лимит
snipe-usage-family = Лаунчпад: <code>family:launchpad2</code> (только токены одного лаунчпада: { $choices }; по умолчанию все лаунчпады)
snipe-usage-list = <code>/snipe</code> — ваши правила: пауза, возобновление, удаление
snipe-list-title = <b>🎯 Ваши правила снайпера</b>
snipe-none = Правил снайпера пока нет.
snipe-added = ✅ <b>Правило снайпера задано</b>
snipe-rule-new = { $amount } на каждый новый токен
snipe-rule-launch = { $amount } на каждый листинг
snipe-rule-with = { $rule } ({ $conds })
snipe-cond-sep = {", "}
snipe-cond-name = в названии «{ $word }»
snipe-cond-creator = создатель <code>{ $creator }</code>
snipe-cond-maxdev = создатель купил ≤ { $pct }
snipe-cond-safe = только безопасные
snipe-cond-maxprice = цена ≤ { $price }
snipe-cond-maxmc = капитализация ≤ { $mc }
snipe-cond-family = только { $family }
snipe-today = { $spent }/{ $budget } TRX сегодня
snipe-btn-pause = ⏸ Пауза
snipe-btn-pause-n = ⏸ Пауза #{ $n }
snipe-btn-resume-n = ▶️ Возобновить #{ $n }
snipe-btn-delete = 🗑 Удалить
snipe-btn-delete-n = 🗑 Удалить #{ $n }
snipe-done-pause = Правило на паузе
snipe-done-resume = Правило возобновлено
snipe-done-delete = Правило удалено
snipe-unchanged = Нечего менять

# что сделал снайпер
snipe-who = 🎯 <b>Снайпер</b>
snipe-bought = { $who }: куплено { $symbol } на { $cost }
snipe-bought-got = { $who }: куплено { $amount } { $symbol } на { $cost }
snipe-sold = { $who }: продано { $share } ваших { $symbol }
snipe-sold-got = { $who }: продано { $share } ваших { $symbol } за { $got }
snipe-skipped = ⏭ Снайпинг { $symbol } пропущен: { $reason }
snipe-failed = ❌ Снайпинг { $symbol } не удался: { $reason }
snipe-tx = Транзакция: { $link }
snipe-reason-unknown = причина неизвестна

## /copy

copy-usage-title = <b>Копитрейдинг</b>: повторять сделки другого кошелька с вашего активного кошелька, без подтверждения
copy-usage-add = <code>/copy ADDRESS 20</code> — покупать на 20 TRX всё, что покупает он
copy-usage-options = Опции: <code>pct:50 max:100</code> (вместо этого 50 % от TRX, которые тратит он, не больше 100 TRX за копию; pct: требует max:) · <code>sells</code> (продавать ту же долю вашей позиции, когда он продаёт)
copy-usage-limits = Лимиты: <code>budget:200</code> (TRX в день; по умолчанию 10 копий) · <code>token:40</code> (TRX в день на один токен; по умолчанию одна копия) · <code>min:5</code> (пропускать его покупки меньше 5 TRX; по умолчанию 1)
copy-usage-family = Лаунчпад: <code>family:launchpad2</code> (только его сделки с токенами одного лаунчпада: { $choices }; по умолчанию все лаунчпады)
copy-usage-list = <code>/copy</code> — кошельки, которые вы копируете (не больше 10): пауза и удаление
copy-list-title = <b>👀 Кошельки, которые вы копируете</b>
copy-none = Вы пока никого не копируете.
copy-added = ✅ <b>Копирование включено</b>
copy-buys = покупки: { $size }
copy-size-pct = { $pct } от его TRX, не больше { $max }
copy-sells-too = продажи тоже
copy-token-cap = ≤ { $amount } на токен
copy-min = его покупки от { $amount }
copy-family = только { $family }
copy-btn-remove = 🗑 Удалить
copy-btn-remove-n = 🗑 Удалить #{ $n }
copy-done-pause = На паузе
copy-done-resume = Возобновлено
copy-done-delete = Удалено
copy-unchanged = Нечего менять

# что сделал копитрейдинг
copy-who = 👀 <b>Скопировано</b> <code>{ $source }</code>
copy-skipped = ⏭ Копия сделки по { $symbol } пропущена: { $reason }
copy-failed = ❌ Копия сделки по { $symbol } не удалась: { $reason }

## ==== Why a trade or an action did not go through ====

## Почему торговая часть отказала или что не удалось (ключи src/trading/reasons.ts; src/bot/error-text.ts).
## Простой текст без HTML: бот экранирует его целиком. Суммы приходят уже отформатированными ($have, $need, ...).

## Ошибка без собственного ключа: её английская подробность в рамке

err-detail = { $detail }.
err-detail-safety = Остановлено ради вашей безопасности: { $detail }.
err-detail-funds = Недостаточно средств: { $detail }.
err-detail-user = { $detail }
err-unknown = Что-то пошло не так; попробуйте ещё раз.

## Аккаунты и запросы

err-no-wallet = У вас ещё нет кошелька: отправьте /start.
err-key-not-hex = Это не приватный ключ: он должен состоять из 64 шестнадцатеричных символов.
err-key-invalid = Этот ключ не является действительным приватным ключом secp256k1.
err-wallet-removed = Этот кошелёк удалён: его ключа в боте больше нет.
err-start-first = Сначала отправьте /start.
err-amount-zero = Сумма должна быть больше 0 TRX.

## Ордера ($what: share, gain, loss или drop)

err-order-pct =
    { $what ->
        [gain] Рост для тейк-профита
        [loss] Падение для стоп-лосса
        [drop] Откат для трейлинг-стопа
       *[share] Доля продажи
    }: допустимо больше 0 % и не больше { $max } %.
err-order-price-zero = Цена должна быть больше 0.
err-order-hold = Удержание должно быть от 1 до { $max } блоков.
err-order-rounds = Число раундов DCA должно быть от 1 до 1000.
err-order-interval = Интервал должен быть не меньше 1 минуты.
err-order-indexing = Ваши сделки с ${ $symbol } ещё индексируются; попробуйте через несколько секунд.
err-order-no-entry = Этот кошелёк не покупал здесь ${ $symbol }, поэтому нет цены входа, от которой можно считать.
err-order-max-open = Открытых ордеров у вас уже { $max }; сначала отмените часть (/orders).

## Копитрейдинг (причина пропуска идёт после «пропущено:»)

err-copy-pct = pct: должно быть больше 0 и не больше 1000 %.
err-copy-pct-needs-max = Для копирования в процентах нужен max: (сколько TRX максимум вкладывает одна копия), например pct:50 max:100.
err-copy-max-zero = max: должно быть больше 0 TRX.
err-copy-budget-min = budget: не меньше одной копии ({ $one }).
err-copy-token-min = token: не меньше одной копии ({ $one }).
err-copy-not-address = Это не адрес Tron.
err-copy-max-follows = Вы уже копируете максимум кошельков ({ $max }); сначала удалите один.
err-copy-following = Вы уже копируете этот кошелёк.
err-copy-own-wallet = Это ваш собственный кошелёк.
err-copy-budget-spent = дневной бюджет этого копитрейдинга ({ $budget }) исчерпан; копирование возобновится, когда бюджет освободится (сегодня больше без уведомлений)

## Снайпер (причины пропуска идут после «пропущено:»)

err-snipe-max-rules = Правил снайпера у вас уже { $max }; сначала удалите одно.
err-snipe-creator = creator: должен быть адрес Tron.
err-snipe-maxdev = maxdev: должен быть процент от 0 до 100.
err-snipe-maxprice = maxprice: должно быть больше 0.
err-snipe-maxmc = maxmc: должно быть больше 0 USD.
err-snipe-budget = Бюджет должен быть не меньше суммы.
err-snipe-budget-spent = дневной бюджет правила ({ $budget }) исчерпан (сегодня больше без уведомлений)
err-snipe-above-cap = цена с комиссиями, { $paid } TRX за токен, выше лимита правила { $cap } (сегодня больше без уведомлений о токенах выше этого лимита)
err-snipe-above-cap-mc = цена с комиссиями, { $paid } TRX за токен, выше лимита правила { $cap } (капитализация не больше { $mc } USD; сегодня больше без уведомлений о токенах выше этого лимита)

## Рынок и сумма сделки ($venue: curve или dex)

err-market-unknown-token = Узел не знает токена лаунчпада по этому адресу.
err-market-curve-full = Кривая заполнена; токен ждёт листинга на SunSwap.
err-market-no-pair = Токен вышел на листинг, но узел не показывает его пару на DEX.
err-market-cannot-fill =
    { $venue ->
        [curve] Кривая
       *[other] Пул
    } не может исполнить эту сделку ({ $detail }).
err-market-above-limit = Цена выше заданного вами лимита.
err-market-too-small = Сделка слишком мала: её минимум округляется до нуля.
err-market-order-not-now = Цена в сети пока не позволяет исполнить этот ордер.
err-market-moved =
    После котировки токен перешёл { $venue ->
        [dex] на DEX
       *[other] на кривую
    }; ничего не отправлено.
err-amount-not-trx = Сумма должна быть в TRX, не более 6 знаков после запятой.
err-amount-zero-trx = Сумма должна быть больше 0 TRX.
err-sell-share = Доля должна быть больше 0 % и не больше 100 %.
err-sell-not-number = Сумма должна быть количеством токенов.
err-sell-too-small = Сумма слишком мала для продажи.
err-holding-none = На этом кошельке нет этого токена для продажи.
err-funds-trx-buy = Недостаточно средств: у вас { $have }; нужно { $need } (сумма и { $fee } комиссии сети): не хватает { $missing }.
err-funds-trx-fee = Недостаточно средств: у вас { $have }; нужно { $need } ({ $fee } комиссии сети): не хватает { $missing }.
err-funds-tokens = Недостаточно средств: этого токена на кошельке только { $held }.

## Отказ ради безопасности пользователя: котировка

err-family-unknown = Остановлено ради вашей безопасности: токен на лаунчпаде, которым этот бот не торгует ({ $family }).
err-safety-no-fee-rate = Остановлено ради вашей безопасности: в котировке не указана ставка комиссии роутера.
err-safety-fee-cap = Остановлено ради вашей безопасности: комиссия роутера { $fee } % выше предела этого бота.
err-safety-other-side = Остановлено ради вашей безопасности: котировка для противоположной стороны сделки.
err-safety-other-family = Остановлено ради вашей безопасности: котировка называет другой лаунчпад, чем показывает узел.
err-safety-other-venue =
    Остановлено ради вашей безопасности: котировка торгует { $quoted ->
        [dex] на DEX
        [curve] на кривой
       *[other] на { $quoted }
    }, а узел показывает { $shown ->
        [dex] DEX
       *[other] кривую
    }.
err-safety-not-whole = Остановлено ради вашей безопасности: суммы в котировке не целые числа.
err-safety-shown-pinned = Остановлено ради вашей безопасности: котировка показывает одно значение { $field }, а закрепляет другое.
err-safety-other-amount = Остановлено ради вашей безопасности: котировка на другую сумму, чем вы просили.
err-safety-holding-above = Остановлено ради вашей безопасности: API сообщает о позиции больше той, что есть на вашем кошельке в сети.
err-safety-worse-quote = Остановлено ради вашей безопасности: котировка даёт более чем на 1 % меньше рынка, который показывает узел.
err-safety-no-terms = Остановлено ради вашей безопасности: у сделки нет собственных условий, по которым можно проверить подпись.
err-approval-failed = Остановлено ради вашей безопасности: одобрение (approve) не прошло.
err-approval-failed-why = Остановлено ради вашей безопасности: одобрение (approve) не прошло: { $detail }.

## Отказ ради безопасности пользователя: транзакция, собранная API ($what: transaction, contract или другое)

err-pin-malformed = Остановлено ради вашей безопасности: байты транзакции повреждены.
err-pin-field-kind = Остановлено ради вашей безопасности: в байтах транзакции есть поле типа, который Tron не использует.
err-pin-field-forbidden =
    Остановлено ради вашей безопасности: { $what ->
        [transaction] транзакция
        [contract] контракт
       *[other] параметр контракта
    } содержит запрещённое поле ({ $field }).
err-pin-field-twice =
    Остановлено ради вашей безопасности: { $what ->
        [transaction] транзакция
        [contract] контракт
       *[other] параметр контракта
    } содержит поле { $field } дважды.
err-pin-no-raw = Остановлено ради вашей безопасности: у транзакции нет исходных байтов.
err-pin-txid = Остановлено ради вашей безопасности: ID транзакции не является хешем её байтов.
err-pin-contracts = Остановлено ради вашей безопасности: транзакция должна содержать ровно один контракт.
err-pin-kind = Остановлено ради вашей безопасности: бот никогда не подписывает транзакции такого типа.
err-pin-call-data = Остановлено ради вашей безопасности: данные вызова не являются простым списком аргументов.
err-pin-not-router = Остановлено ради вашей безопасности: транзакция не вызывает { $fn } роутера.
err-pin-min = Остановлено ради вашей безопасности: транзакция принимает меньше подтверждённого вами минимума.
err-pin-fee = Остановлено ради вашей безопасности: транзакция берёт комиссию роутера больше, чем в котировке.
err-pin-deadline = Остановлено ради вашей безопасности: у транзакции слишком далёкий дедлайн.
err-pin-expiry = Остановлено ради вашей безопасности: срок действия транзакции слишком далёк (или уже истёк).
err-pin-fee-limit = Остановлено ради вашей безопасности: транзакция допускает комиссию сети больше установленной.
err-pin-owner = Остановлено ради вашей безопасности: транзакция не с вашего кошелька.
err-pin-network = Остановлено ради вашей безопасности: транзакция собрана на блоках другой сети, не той, где её лаунчпад.
err-pin-not-transfer = Остановлено ради вашей безопасности: транзакция не является переводом TRX.
err-pin-too-large = Остановлено ради вашей безопасности: сумма слишком велика.
err-pin-not-call = Остановлено ради вашей безопасности: транзакция не является вызовом контракта.
err-pin-transfer-to = Остановлено ради вашей безопасности: перевод идёт на другой адрес, чем вы указали.
err-pin-transfer-amount = Остановлено ради вашей безопасности: сумма перевода не та, что вы указали.
err-pin-other-contract = Остановлено ради вашей безопасности: транзакция вызывает другой контракт, а не роутер.
err-pin-approval-token = Остановлено ради вашей безопасности: одобрение выдаётся для другого токена.
err-pin-trc10 = Остановлено ради вашей безопасности: транзакция отправляет токен TRC10.
err-pin-spend = Остановлено ради вашей безопасности: транзакция тратит не ту сумму, что в котировке.
err-pin-other-trade = Остановлено ради вашей безопасности: транзакция торгует другим токеном или суммой, чем вы подтвердили.
err-pin-approval-spender = Остановлено ради вашей безопасности: одобрение выдаётся не роутеру.

## Чем закончилась сделка (идёт после «Сделка не прошла:» и т. п.)

err-trade-expired = транзакция истекла, так и не попав в блок; ничего не куплено и не продано
err-trade-restarted = бот перезапустился до отправки этой сделки; ничего не отправлено. Пожалуйста, повторите сделку.
err-trade-reorg-failed = реорганизация цепочки повторила её, и она не прошла
err-trade-reorg-failed-why = реорганизация цепочки повторила её, и она не прошла: { $detail }
err-trade-reorg-removed = реорганизация цепочки удалила её, и её не удалось вовремя отправить снова: ничего не куплено и не продано
err-transfer-pending = ещё в обработке; проверьте /wallet позже

## Ответы API ($detail у err-api-other — собственное английское сообщение API)

err-api-funds = Недостаточно средств для этой транзакции.
err-api-funds-trx = Недостаточно средств: нужно { $need }, на кошельке { $have }: не хватает { $missing }.
err-api-no-tokens = Недостаточно средств: нет токенов для продажи.
err-api-holding = Недостаточно средств: этого токена на кошельке только { $held }.
err-api-price-moved = Цена изменилась после котировки: сделка дала бы меньше подтверждённого вами минимума. Ничего не отправлено; запросите котировку заново.
err-api-slippage = Цена сдвинется сильнее, чем позволяет ваше проскальзывание. Уменьшите сумму или увеличьте проскальзывание в /settings.
err-api-rate-limit = Слишком много запросов; попробуйте через { $seconds } с.
err-api-token-not-found = Не удалось найти этот токен на лаунчпадах. Проверьте адрес.
err-api-approval = Роутеру ещё не разрешено тратить этот токен; продайте ещё раз, чтобы сначала выдать одобрение.
err-api-curve-full = Кривая заполнена; токен ждёт листинга на SunSwap
err-api-no-pair = Токен вышел на листинг, но его пара на DEX не найдена
err-api-not-trading = Этим токеном сейчас нельзя торговать.
err-api-down = У сервиса возникла проблема; попробуйте чуть позже.
err-api-other = Сервис вернул ошибку: { $detail }

## ==== Words drawn on the pictures (charts, PnL cards) ====

## Картинки бота: график на карточке токена и карточка PnL, чтобы поделиться (src/bot/picture-labels.ts).

# токен ушёл с кривой и торгуется на DEX
pic-on-dex = листинг на SunSwap V2
# насколько заполнена кривая (bonding curve)
pic-curve = кривая { $pct }
pic-volume = объём { $amount } TRX
pic-no-trades = нет сделок за этот период
pic-day = { $day }.{ $month }
pic-in-profit = в прибыли
pic-at-loss = в убытке
pic-entry = вход { $price } TRX
pic-now = сейчас { $price } TRX
pic-held = в позиции { $duration }
pic-minutes = { $m } мин
pic-hours = { $h } ч { $m } мин
pic-days =
    { $d ->
        [one] { $d } день
        [few] { $d } дня
       *[many] { $d } дней
    }
pic-brand = Tron launchpad бот

## ==== The Mini App from the bot: /app, the card's Open button, the menu button ====

# Мини-приложение (торговый терминал): /app, кнопка на карточке токена, кнопка меню.
cmd-app = Торговый терминал: живые графики, сделки, позиции, ордера
# кнопка web_app на карточках токенов и под /app
webapp-open = 📈 Открыть
# кнопка меню рядом с полем ввода (от 1 до 64 символов)
webapp-menu-button = 📈 Терминал
webapp-intro = 📈 <b>Торговый терминал</b>: токены с живыми ценами, свечные графики, которые двигаются с каждой сделкой, покупка и продажа с окном подтверждения, ваши позиции, ордера и кошелёк. Нажмите «Открыть» или кнопку меню рядом с полем ввода.
webapp-private-only = 📈 Торговый терминал открывается в личном чате с ботом: отправьте /app в @{ $bot }.
webapp-needs-https = 📈 Торговый терминал доступен по адресу <code>{ $url }</code>, но Telegram открывает приложение в чате только с адреса <b>https</b>. Оператор бота задаёт такой адрес в APP_URL (см. docs/app.md); до тех пор кнопки «Открыть» нет.

## ==== The Mini App's server answers (app-srv-) ====

# Сервер мини-приложения (src/web): что отвечает его API, когда отказывает в запросе. Простой текст (без HTML).
app-srv-init-data-invalid = Приложение открыто не из бота, или его данные изменены. Закройте его и откройте снова из бота.
app-srv-init-data-expired = Приложение открыто больше часа назад. Закройте его и откройте снова из бота.
app-srv-invalid = Запрос неверен: проверьте { $field }.
app-srv-bad-request = Не удалось прочитать запрос.
app-srv-not-found = Не найдено.
app-srv-too-many-streams = Открыто слишком много живых страниц; закройте одну и попробуйте снова.
app-srv-order-share = Сумма продажи — процент от вашей позиции, от 0,01 до 100 (например, 50).
app-srv-order-trx = Сумма покупки — положительное число TRX (до 6 знаков после запятой), например 100.
app-srv-order-price = Цена — цена в TRX за токен (например, 0.00005) или капитализация в USD (например, mc50k).
app-srv-order-sells = Тейк-профит и стоп-лосс продают: выберите продажу.
app-srv-order-gain = Уровень тейк-профита — рост в процентах от вашей цены входа, например +100.
app-srv-order-loss = Уровень стоп-лосса — падение в процентах от вашей цены входа, меньше 100, например -30.

## ==== The Mini App's page (app-) ====

# Тексты мини-приложения на русском (web/, страница, которая открывается кнопкой меню бота, командой
# /app и кнопкой 📈 Открыть на карточке токена). Суммы и цены приходят отформатированными, количества — числами.

## ==== Мини-приложение ====

app-title = Терминал Launchpad
app-loading = Загрузка…
app-back = Назад
app-retry = Повторить
app-close = Закрыть
app-cancel = Отмена
app-confirm = Подтвердить
app-copy = Копировать
app-copied = Скопировано
app-of = { $value } / { $limit }

## Сессия: initData нет, она изменена или старше часа (401)

app-session-invalid-title = Сессия недействительна или истекла
app-session-invalid-body = Страница не смогла подтвердить, кто вы: сессии от Telegram нет, она изменена или ей больше часа.
app-session-invalid-how = Откройте приложение заново из бота: отправьте /app или нажмите кнопку меню.

## Ошибки

app-error-network = Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.
app-error-rate-limited = Слишком много запросов. Подождите немного и попробуйте ещё раз.
app-error-generic = Что-то пошло не так. Попробуйте ещё раз.

## Нижнее меню

app-nav-tokens = Токены
app-nav-positions = Позиции
app-nav-orders = Ордера
app-nav-wallet = Кошелёк

## Токены

app-tokens-search = Название, тикер или адрес
app-tokens-tab-new = Новые
app-tokens-tab-trending = В тренде
app-tokens-tab-launching = Скоро запуск
app-tokens-tab-launched = Запущены
app-tokens-empty = Здесь пока нет токенов.
app-tokens-none-found = Ни один токен не подходит под поиск.
app-token-row-stats = Кап. { $mcap } · Объём 24 ч { $volume } TRX
app-progress-label = Прогресс кривой

## Страница токена

app-token-curve = Кривая: { $pct }
app-token-launching = Скоро запуск: { $pct }
app-token-launched = Запущен на SunSwap V2
app-token-launched-liquidity = Запущен на SunSwap V2 · ликвидность { $liquidity } TRX
app-token-network = Сеть: { $network }
app-safety-ok = Выглядит безопасно
app-safety-caution = Осторожно
app-safety-danger = Опасно
app-safety-stats = { $holders ->
    [one] { $holders } держатель
    [few] { $holders } держателя
   *[other] { $holders } держателей
  } · у топ-10 { $top10 }
app-interval-5m = 5м
app-interval-1h = 1ч
app-interval-1d = 1д
app-chart-last = Последняя свеча { $time }: закрытие { $close } TRX
app-chart-empty = Сделок пока нет.
app-chart-error = Не удалось загрузить график.
app-chart-credit = Графики: TradingView
app-tab-trades = Сделки
app-tab-holders = Держатели
app-tab-order = Ордер
app-trades-empty = Сделок пока нет.
app-trade-buy = Покупка
app-trade-sell = Продажа
app-holders-empty = Держателей пока нет.
app-holder-type = { $type ->
    [curve] кривая
    [dev] создатель
    [pool] пул SunSwap
    [trader] трейдер
   *[other] { $type }
  }

## Покупка и продажа

app-buy = Купить
app-sell = Продать
app-buy-symbol = Купить { $symbol }
app-sell-symbol = Продать { $symbol }
app-amount-trx = Сумма, TRX
app-amount-sell = Количество токенов или процент, например 50%
app-balance = Баланс { $amount }
app-holding = У вас { $amount } { $symbol }
app-slippage = проскальзывание { $pct }
app-quoting = Получаем котировку…

## Окно подтверждения: точные условия, которые будут подписаны

app-quote-title-buy = Купить { $symbol }?
app-quote-title-sell = Продать { $symbol }?
app-quote-pay = Вы платите
app-quote-sell = Вы продаёте
app-quote-expected = Вы получите (ожидается)
app-quote-min = Не меньше (проскальзывание { $pct })
app-quote-router-fee = Комиссия бота ({ $pct })
app-quote-launchpad-fee = Комиссия лаунчпада
app-quote-impact = Влияние на цену
app-quote-network-fee = Комиссия сети
app-quote-venue = Площадка
app-venue-curve = кривая
app-venue-dex = SunSwap V2
app-fee-sponsored = оплачивает бот (≈ 0 TRX)
app-fee-unknown = оплачивается в TRX за потраченную энергию
app-fee-up-to = ≈ { $fee } (не больше { $max })
app-quote-valid = Действует ещё { $seconds ->
    [one] { $seconds } секунду
    [few] { $seconds } секунды
   *[other] { $seconds } секунд
  }
app-quote-expired = Котировка истекла. Запросите новую, чтобы совершить сделку.
app-quote-again = Новая котировка
app-sending = Отправляем…

## Сделка после подтверждения

app-trade-status-quoted = Ждёт отправки…
app-trade-status-sending = Отправляем транзакцию…
app-trade-status-landed = Готово: транзакция в блоке.
app-trade-status-final = Готово и окончательно.
app-trade-status-failed = Сделка не прошла.
app-trade-status-expired = Котировка истекла до отправки. Сделки не было.
app-trade-received = Получено { $amount }

## Ордера

app-order-kind-limit = Лимит
app-order-kind-tp = Тейк-профит
app-order-kind-sl = Стоп-лосс
app-order-kind-trail = Трейлинг-стоп
app-order-kind-dca = DCA
app-order-amount-trx = Сумма, TRX
app-order-amount-pct = Доля позиции, %
app-order-trigger-limit = Цена, TRX за токен
app-order-trigger-tp = Продать при росте цены на, %
app-order-trigger-sl = Продать при падении цены на, %
app-order-place = Разместить ордер
app-order-placed = Ордер размещён: { $text }
app-order-see-all = Все ордера
app-order-cancel = Отменить
app-orders-title = Открытые ордера
app-orders-empty = Открытых ордеров нет. Разместите ордер на странице токена.

## Позиции

app-positions-title = Позиции
app-positions-empty = Позиций пока нет. Купите токен, чтобы открыть позицию.
app-positions-value = Стоимость
app-positions-pnl = Прибыль / убыток
app-position-held = Токенов: { $amount }
app-position-value-cost = стоимость { $value } · затраты { $cost }

## Кошелёк

app-wallet-title = Кошелёк
app-wallet-address = Адрес вашего торгового кошелька
app-wallet-balance = Баланс
app-wallet-balance-on = Баланс в сети { $network }
app-wallet-same-key = Один и тот же адрес и ключ действуют во всех сетях.
app-wallet-energy = Энергия
app-wallet-bandwidth = Пропускная способность
app-wallet-sponsored = Ваши сделки спонсируются: энергию оплачивает пул бота, комиссия сети около 0 TRX.
app-wallet-not-sponsored = Сделки сжигают TRX за потраченную энергию (комиссия сети); сумма видна при каждом подтверждении.
app-wallet-bot-only = Экспорт ключа и вывод средств — в чате с ботом: /wallet.
