import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/pg/bot.schema.ts',
  out: './drizzle/pg-bot',
});
