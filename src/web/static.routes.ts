// The page: `/app` and `/app/*` serve what Vite built from web/ (dist/webapp: index.html and hashed
// assets). index.html is asked for again each time (no-cache: a new build is picked up at once); the
// hashed assets never change under their names (immutable). A path that is no file (the page's own
// routes) gets index.html; a missing asset gets 404. Without a build, /app/ says how to make one.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

/** dist/webapp at the project's root (from src/web and from dist/web alike). */
export const WEBAPP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/webapp');

const NO_BUILD = 'The Mini App is not built: run `npm run build` (it builds web/ into dist/webapp/).\n';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether a request path names a file (it has an extension in its last part). */
const looksLikeFile = (p: string) => /\.[a-z0-9]+$/i.test(p.split('/').pop() ?? '');

/** A regular file under root for a URL path, relative to root; undefined when there is none (or it leaves root). */
function fileIn(root: string, urlPath: string): string | undefined {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (rel.includes('\0')) return undefined;
  const full = path.resolve(root, `.${path.posix.normalize(`/${rel}`)}`);
  if (!full.startsWith(root + path.sep)) return undefined;
  try {
    return statSync(full).isFile() ? path.relative(root, full) : undefined;
  } catch {
    return undefined;
  }
}

export const staticRoutes: FastifyPluginAsync<{ dir?: string | undefined }> = async (app, opts) => {
  const root = opts.dir ?? WEBAPP_DIR;
  // sendFile only: the routes below choose the file and its caching
  await app.register(fastifyStatic, { root, serve: false, suppressWarning: true, cacheControl: false });

  const built = () => existsSync(path.join(root, 'index.html'));
  const noBuild = (reply: FastifyReply) =>
    reply
      .code(503)
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(NO_BUILD);
  const index = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });

  app.get('/app', { config: { public: true }, schema: { hide: true } }, (_req, reply) => reply.redirect('/app/', 301));
  app.get('/app/', { config: { public: true }, schema: { hide: true } }, (_req, reply) =>
    built() ? index(reply) : noBuild(reply),
  );
  app.get<{ Params: { '*': string } }>('/app/*', { config: { public: true }, schema: { hide: true } }, (req, reply) => {
    if (!built()) return noBuild(reply);
    const wanted = req.params['*'];
    const file = fileIn(root, wanted);
    if (file === undefined || file === 'index.html') {
      if (looksLikeFile(wanted) && file === undefined)
        return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found\n');
      return index(reply);
    }
    const hashed = file.startsWith(`assets${path.sep}`);
    return reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache').sendFile(file, { cacheControl: false });
  });
};
