// The headers of every /app answer: a Content-Security-Policy that lets the page load and call only its
// own origin (no inline script, no script from elsewhere) and be framed only by Telegram's web clients,
// no MIME sniffing, no Referer sent from the page.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors https://web.telegram.org https://*.telegram.org',
].join('; ');

export const securityHeaders = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;
