import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/devnet/schema.ts',
  out: './drizzle/devnet',
});
