// Ids the trading side makes for its rows (trades, orders, rules, follows): random, URL-safe, short
// enough for a button's data (8 characters from 6 bytes, 12 from 9).
import { randomBytes } from 'node:crypto';

export const newId = (bytes = 6): string => randomBytes(bytes).toString('base64url');
