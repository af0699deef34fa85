import { defineConfig } from 'drizzle-kit';

// the trading side's database on Postgres: its tables and the Telegram chat's, in the `bot` schema
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/trading/pg.schema.ts', './src/bot/pg.schema.ts'],
  out: './drizzle/pg-bot',
});
