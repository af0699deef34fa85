// The baseline for the read benchmarks: a bare Fastify route returning a constant JSON body, in its
// own process (as the system under test is). Prints its URL, then serves until killed.
import Fastify from 'fastify';

const app = Fastify();
app.get('/constant', async () => ({ status: 'success', code: '200', data: { name: 'constant', value: 42 } }));
// for context only: the same constant answered to a POST with a small JSON body (parsed, not validated)
app.post('/constant', async () => ({ status: 'success', code: '200', data: { name: 'constant', value: 42 } }));
await app.listen({ host: '127.0.0.1', port: 0 });
const a = app.server.address();
process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}` }) + '\n');
process.on('SIGTERM', () => process.exit(0));
