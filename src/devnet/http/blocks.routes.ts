// The node's blocks and the transactions in them: /wallet answers from the head, /walletsolidity
// only up to the newest solid block (a block or transaction past it is `{}` there).
import { scalarText } from '../../text.js';
import type { BlockRow, NodeView } from '../chain/index.js';
import { intParam, truthy, type DevnetRoutes } from './routes.js';

const WITNESS = '41' + 'd1'.repeat(20);
/** The most blocks one range query answers, as java-tron. */
const MAX_BLOCK_RANGE = 100;

export function blockRoutes({ node }: DevnetRoutes): void {
  node('getnowblock', (_p, view) => blockView(view, view.top(), true));
  node('getblock', (p, view) => {
    const detail = truthy(p.detail);
    const idOrNum = p.id_or_num;
    if (idOrNum === undefined || idOrNum === '') return blockView(view, view.top(), detail);
    const num = intParam(idOrNum);
    const b = num !== undefined ? view.block(num) : view.blockById(scalarText(idOrNum));
    return b ? blockView(view, b, detail) : {};
  });
  node('getblockbynum', (p, view) => {
    const b = view.block(intParam(p.num) ?? -1);
    return b ? blockView(view, b, true) : {};
  });
  node('getblockbyid', (p, view) => {
    const b = view.blockById(scalarText(p.value));
    return b ? blockView(view, b, true) : {};
  });
  node('getblockbylimitnext', (p, view) => {
    const start = intParam(p.startNum) ?? 0;
    const end = Math.min(intParam(p.endNum) ?? start, start + MAX_BLOCK_RANGE);
    const out = [];
    for (let n = start; n < end; n++) {
      const b = view.block(n);
      if (b) out.push(blockView(view, b, true));
    }
    return out.length ? { block: out } : {};
  });
  node('getblockbylatestnum', (p, view) => {
    const count = Math.min(Math.max(intParam(p.num) ?? 1, 1), MAX_BLOCK_RANGE);
    const top = view.top().number;
    const out = [];
    for (let n = Math.max(0, top - count + 1); n <= top; n++) out.push(blockView(view, view.block(n)!, true));
    return { block: out };
  });

  node('gettransactionbyid', (p, view) => view.transaction(scalarText(p.value)) ?? {});
  node('gettransactioninfobyid', (p, view) => view.transactionInfo(scalarText(p.value)));
  node('gettransactioninfobyblocknum', (p, view) => {
    const b = view.block(intParam(p.num) ?? -1);
    if (!b) return [];
    return view.blockTransactions(b.number).map((t) => view.transactionInfo(t.txID!));
  });
}

/** A block as java-tron shows it, with its transactions when asked for detail. */
function blockView(view: NodeView, b: BlockRow, detail: boolean) {
  const txs = detail ? view.blockTransactions(b.number) : [];
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
