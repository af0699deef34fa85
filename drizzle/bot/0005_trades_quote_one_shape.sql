-- trades.quote held three shapes: the facade's whole quote with the shown symbol (trades by hand and
-- by orders) and {symbol, exact: {amountIn}} (snipes and copies). Each becomes the one shape of
-- src/trading/trade-row.ts: {symbol, venue, amountIn, allowance}. Only the old shapes have `exact`.
UPDATE `trades` SET `quote` = json_object(
	'symbol', coalesce(json_extract(`quote`, '$.symbol'), substr(`token`, 1, 6)),
	'venue', json_extract(`quote`, '$.venue'),
	'amountIn', coalesce(json_extract(`quote`, '$.exact.amountIn'), '0'),
	'allowance', json_extract(`quote`, '$.wallet.allowance')
) WHERE json_type(`quote`, '$.exact') = 'object';
