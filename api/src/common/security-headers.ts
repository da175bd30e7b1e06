import type { NextFunction, Request, Response } from 'express';

/**
 * The Content-Security-Policy: everything from our own origin only. No inline scripts and no
 * `eval` (the browser's validators are precompiled), no plugins, no framing, forms post home.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Security headers on every response. `Referrer-Policy: no-referrer` matters most here: a share
 * link carries its edit token in the URL, and no outside site (a competitor's website linked in
 * the answers) may learn it from the Referer header.
 */
export function securityHeaders(options: { https: boolean }) {
  return (_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('X-Frame-Options', 'DENY');
    response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    response.setHeader(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=()',
    );
    if (options.https)
      response.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}
