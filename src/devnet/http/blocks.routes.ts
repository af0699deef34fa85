// The node's blocks and the transactions in them (/wallet and /walletsolidity alike: every devnet
// block is solid at once).
import { scalarText } from '../../text.js';
import type { BlockRow, Chain } from '../chain/index.js';
import { intParam, truthy, type DevnetRoutes } from './routes.js';

const WITNESS = '41' + 'd1'.repeat(20);
/** The most blocks one range query answers, as java-tron. */
const MAX_BLOCK_RANGE = 100;

export function blockRoutes({ node, chain }: DevnetRoutes): void {
  const blockJson = (b: BlockRow, detail: boolean) => blockView(chain, b, detail);
  node('getnowblock', () => blockJson(chain.head(), true));
  node('getblock', (p) => {
    const detail = truthy(p.detail);
    const idOrNum = p.id_or_num;
    if (idOrNum === undefined || idOrNum === '') return blockJson(chain.head(), detail);
    const num = intParam(idOrNum);
    const b = num !== undefined ? chain.block(num) : chain.blockById(scalarText(idOrNum));
    return b ? blockJson(b, detail) : {};
  });
  node('getblockbynum', (p) => {
    const b = chain.block(intParam(p.num) ?? -1);
    return b ? blockJson(b, true) : {};
  });
  node('getblockbyid', (p) => {
    const b = chain.blockById(scalarText(p.value));
    return b ? blockJson(b, true) : {};
  });
  node('getblockbylimitnext', (p) => {
    const start = intParam(p.startNum) ?? 0;
    const end = Math.min(intParam(p.endNum) ?? start, start + MAX_BLOCK_RANGE);
    const out = [];
    for (let n = start; n < end; n++) {
      const b = chain.block(n);
      if (b) out.push(blockJson(b, true));
    }
    return out.length ? { block: out } : {};
  });
  node('getblockbylatestnum', (p) => {
    const count = Math.min(Math.max(intParam(p.num) ?? 1, 1), MAX_BLOCK_RANGE);
    const head = chain.head().number;
    const out = [];
    for (let n = Math.max(0, head - count + 1); n <= head; n++) out.push(blockJson(chain.block(n)!, true));
    return { block: out };
  });

  node('gettransactionbyid', (p) => chain.transaction(scalarText(p.value)) ?? {});
  node('gettransactioninfobyid', (p) => chain.transactionInfo(scalarText(p.value)));
  node('gettransactioninfobyblocknum', (p) => {
    const b = chain.block(intParam(p.num) ?? -1);
    if (!b) return [];
    return chain.blockTransactions(b.number).map((t) => chain.transactionInfo(t.txID!));
  });
}

/** A block as java-tron shows it, with its transactions when asked for detail. */
function blockView(chain: Chain, b: BlockRow, detail: boolean) {
  const txs = detail ? chain.blockTransactions(b.number) : [];
  return {
    blockID: b.blockId,
    block_header: {
      raw_data: {
        number: b.number,
        txTrieRoot: '0'.repeat(64),
        witness_address: WITNESS,
        parentHash: b.parentId,
        version: 30,
        timestamp: b.timestamp,
      },
      witness_signature: '',
    },
    ...(txs.length ? { transactions: txs } : {}),
  };
}
