import { defineConfig } from 'drizzle-kit';

// the trading side's database: its tables and the Telegram chat's beside them, one migration sequence
export default defineConfig({
  dialect: 'sqlite',
  schema: ['./src/trading/schema.ts', './src/bot/schema.ts'],
  out: './drizzle/bot',
});
