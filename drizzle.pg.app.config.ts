import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/pg/app.schema.ts',
  out: './drizzle/pg-app',
});
