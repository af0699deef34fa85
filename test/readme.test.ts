// The README stays true: the bot's command list and every env var it names.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/bot/features/start.feature.js';
import { configSchema } from '../src/config.js';

const readme = fs.readFileSync('README.md', 'utf8');
const envExample = fs.readFileSync('.env.example', 'utf8');

describe('README', () => {
  it('lists the bot commands exactly as BotFather takes them', () => {
    for (const c of COMMANDS) expect(readme).toContain(`${c.command} - ${c.description}`);
  });

  it('documents every configuration variable, in the README and .env.example', () => {
    for (const key of Object.keys(configSchema.shape)) {
      expect(readme, key).toContain(`\`${key}\``);
      expect(envExample, key).toContain(key);
    }
  });
});
