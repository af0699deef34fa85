import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/bot/schema.ts',
  out: './drizzle/bot',
});
