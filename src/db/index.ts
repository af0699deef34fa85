import { openSqlite, type Db } from './open.js';
import * as schema from './schema.js';

export type AppDb = Db<typeof schema>;
export const openDb = (file: string): AppDb => openSqlite(file, schema, 'app');
export { schema };
