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
cmd-snipe = Правила снайпера: /snipe add TRX name:СЛОВО [safe] [launch] [maxprice:P] [maxmc:USD]
cmd-copy = Копировать кошелёк: /copy АДРЕС TRX [pct:P max:TRX] [budget:TRX] [token:TRX] [min:TRX] [sells]
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
