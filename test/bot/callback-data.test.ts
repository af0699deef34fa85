// The buttons' data codecs: each kind builds the same bytes as before (buttons on old messages keep
// working), within Telegram's 64 bytes at its longest, and parses back what it built; a stray or
// forged string matches no kind.
import { describe, expect, it } from 'vitest';
import {
  alertToggleData,
  cancelTradeData,
  cardData,
  confirmTradeData,
  copyFollowData,
  customAmountData,
  MAX_DATA_BYTES,
  orderCancelData,
  orderPresetData,
  orderResumeData,
  ordersData,
  pageData,
  pnlData,
  positionsData,
  requoteData,
  settingData,
  snipeRuleData,
  tokenOrdersData,
  tradePresetData,
  walletMenuData,
  walletPickData,
  withdrawAnswerData,
  type Button,
} from '../../src/bot/callback-data/index.js';
import { button, text } from '../../src/bot/callback-data/button.js';

const TOKEN = 'TQ7Nf8mBX2eZCxEHF9v5bM8vJbr6qJzUTh';
/** the longest ids each kind takes (a trade's is 9 random bytes in base64url: 12 characters) */
const TRADE_ID = 'aB-_cD0123456789eFgH';
const SHORT_ID = 'aB-_cD012345';

interface Case {
  codec: Button<never>;
  fields: object;
  /** the data as the bot wrote it before the codecs: the same bytes */
  wire: string;
}
const kind = <T>(codec: Button<T>, fields: T, wire: string): Case => ({
  codec: codec as Button<never>,
  fields: fields as object,
  wire,
});

/** Every kind, at its longest fields, and the data it has always been. */
const CASES: Case[] = [
  kind(tradePresetData, { side: 'buy', token: TOKEN, amount: '999999999.999999' }, `b:${TOKEN}:999999999.999999`),
  kind(tradePresetData, { side: 'sell', token: TOKEN, amount: '100' }, `s:${TOKEN}:100`),
  kind(customAmountData, { side: 'buy', token: TOKEN }, `bx:${TOKEN}`),
  kind(customAmountData, { side: 'sell', token: TOKEN }, `sx:${TOKEN}`),
  kind(confirmTradeData, { id: TRADE_ID }, `cf:${TRADE_ID}`),
  kind(cancelTradeData, { id: TRADE_ID }, `cx:${TRADE_ID}`),
  kind(requoteData, { id: TRADE_ID }, `rq:${TRADE_ID}`),
  kind(cardData, { token: TOKEN }, `r:${TOKEN}`),
  kind(cardData, { token: TOKEN, interval: '5m' }, `r:${TOKEN}:5m`),
  kind(cardData, { token: TOKEN, interval: '1d' }, `r:${TOKEN}:1d`),
  kind(pageData, { list: 'holders', token: TOKEN, page: 999 }, `h:${TOKEN}:999`),
  kind(pageData, { list: 'trades', token: TOKEN, page: 1 }, `t:${TOKEN}:1`),
  kind(positionsData, {}, 'pos'),
  kind(pnlData, { token: TOKEN }, `pp:${TOKEN}`),
  ...(['r', 'new', 'imp', 'exp', 'sw', 'wd', 'rm', 'no'] as const).map((action) =>
    kind(walletMenuData, { action }, `w:${action}`),
  ),
  ...(['use', 'expok', 'rm', 'rmok'] as const).map((pick) =>
    kind(walletPickData, { pick, id: 999_999_999_999_999 }, `w:${pick}:999999999999999`),
  ),
  kind(withdrawAnswerData, { answer: 'yes' }, 'wd:yes'),
  kind(withdrawAnswerData, { answer: 'no' }, 'wd:no'),
  ...(['slip', 'fee', 'buy', 'sell', 'conf'] as const).map((setting) =>
    kind(settingData, { setting }, `st:${setting}`),
  ),
  ...(['new', 'launch', 'buy', 'prog'] as const).map((rule) => kind(alertToggleData, { rule }, `al:${rule}`)),
  kind(ordersData, {}, 'ol'),
  kind(tokenOrdersData, { token: TOKEN }, `ol:${TOKEN}`),
  kind(orderCancelData, { id: SHORT_ID }, `oc:${SHORT_ID}`),
  kind(orderResumeData, { id: SHORT_ID }, `or:${SHORT_ID}`),
  ...(['tp', 'sl', 'tr'] as const).map((k) => kind(orderPresetData, { kind: k, token: TOKEN }, `op:${k}:${TOKEN}`)),
  ...(['pause', 'resume', 'delete'] as const).flatMap((action) => [
    kind(snipeRuleData, { action, id: SHORT_ID }, `s${action[0]}:${SHORT_ID}`),
    kind(copyFollowData, { action, id: SHORT_ID }, `c${action[0]}:${SHORT_ID}`),
  ]),
];
const CODECS = [...new Set(CASES.map((c) => c.codec))];

describe('every kind of button', () => {
  it.each(CASES.map((c) => [c.wire, c] as const))('%s: built as before, within 64 bytes, read back', (_, c) => {
    const data = c.codec.build(c.fields as never);
    expect(data).toBe(c.wire);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(MAX_DATA_BYTES);
    expect(c.codec.parse(data)).toEqual(c.fields);
    expect(data).toMatch(c.codec.filter());
    expect(c.codec.unpack(data.match(c.codec.filter())!)).toEqual(c.fields);
  });

  it('no two kinds read the same data', () => {
    for (const c of CASES) {
      const readers = CODECS.filter((codec) => codec.parse(c.wire) !== undefined);
      expect(readers, c.wire).toEqual([c.codec]);
    }
  });

  it('a stray or forged string matches no kind', () => {
    const forged = [
      '',
      'pos:',
      'ol:',
      ' ol',
      'w:r ',
      'W:R',
      'w:',
      'w:use:',
      'w:use:abc',
      'w:use:-1',
      'w:use:1:2',
      'w:use:1234567890123456',
      'w:root',
      'st:conf:1',
      'al:NEW',
      'wd:maybe',
      `b:${TOKEN}`,
      `b:${TOKEN}:`,
      `b:${TOKEN}:1e9`,
      `b:${TOKEN}:-5`,
      `b:${TOKEN}:1000000000`,
      `b:${TOKEN}:0.1234567`,
      `b:${TOKEN}:100:1`,
      `x:${TOKEN}:100`,
      `b:${TOKEN.slice(0, -1)}:100`,
      `b:${TOKEN}0:100`,
      `b:T${'0'.repeat(33)}:100`,
      `b:T${'l'.repeat(33)}:100`,
      `r:${TOKEN}:2h`,
      `r:${TOKEN}:`,
      `h:${TOKEN}:1000`,
      `h:${TOKEN}:0x1`,
      `op:buy:${TOKEN}`,
      'cf:short',
      `cf:${'a'.repeat(21)}`,
      'cf:abc:defghij',
      'cf:abcdefgh\n',
      'cf:abc/defgh',
      'cf:ab😀defghi',
      'oc:12345',
      `oc:${'a'.repeat(13)}`,
      'sx:aaaaaaaa',
      'sq:aaaaaaaa',
      'cz:aaaaaaaa',
    ];
    for (const data of forged) {
      const readers = CODECS.filter((codec) => codec.parse(data) !== undefined || codec.filter().test(data));
      expect(readers, JSON.stringify(data)).toEqual([]);
    }
  });

  it('a filter with fields matches only those values', () => {
    expect(walletMenuData.filter({ action: 'r' }).test('w:r')).toBe(true);
    expect(walletMenuData.filter({ action: 'r' }).test('w:rm')).toBe(false);
    expect(walletPickData.filter({ pick: 'rm' }).test('w:rm:3')).toBe(true);
    expect(walletPickData.filter({ pick: 'rm' }).test('w:rmok:3')).toBe(false);
    expect(settingData.filter({ setting: 'conf' }).test('st:slip')).toBe(false);
    // an optional field asked for is no longer optional
    expect(cardData.filter({ interval: '1h' }).test(`r:${TOKEN}`)).toBe(false);
    expect(cardData.filter({ interval: '1h' }).test(`r:${TOKEN}:1h`)).toBe(true);
  });

  it('a handler given data of another kind throws (a wiring bug, not a tap)', () => {
    expect(() => confirmTradeData.unpack(`cx:${TRADE_ID}`)).toThrow(/not of this kind/);
  });
});

describe('building', () => {
  it('refuses a field its kind could not read back', () => {
    expect(() => tradePresetData.build({ side: 'buy', token: TOKEN, amount: '1000000000' })).toThrow(/amount/);
    expect(() => tradePresetData.build({ side: 'buy', token: TOKEN, amount: '1e-7' })).toThrow(/amount/);
    expect(() => cardData.build({ token: 'Tnotatoken' })).toThrow(/token/);
    expect(() => confirmTradeData.build({ id: 'abc:defghij' })).toThrow(/id/);
    expect(() => pageData.build({ list: 'trades', token: TOKEN, page: 1000 })).toThrow(/page/);
    expect(() => pageData.build({ list: 'trades', token: TOKEN, page: 1.5 })).toThrow(/page/);
    expect(() => walletPickData.build({ pick: 'use', id: -1 })).toThrow(/id/);
    expect(() => tradePresetData.build({ side: 'hold' as 'buy', token: TOKEN, amount: '1' })).toThrow(/side/);
  });

  it('tryBuild says undefined instead (a preset a button cannot carry gets no button)', () => {
    expect(tradePresetData.tryBuild({ side: 'buy', token: TOKEN, amount: '1000000000' })).toBeUndefined();
    expect(tradePresetData.tryBuild({ side: 'buy', token: TOKEN, amount: '0.5' })).toBe(`b:${TOKEN}:0.5`);
  });

  it('never passes 64 bytes, counted in bytes', () => {
    const wide = button('x', { v: text('[^:]{1,80}') });
    expect(wide.build({ v: 'a'.repeat(62) })).toHaveLength(64);
    expect(() => wide.build({ v: 'a'.repeat(63) })).toThrow(/65 bytes, over 64/);
    // 16 characters, 64 bytes
    expect(() => wide.build({ v: '😀'.repeat(16) })).toThrow(/66 bytes/);
  });
});
