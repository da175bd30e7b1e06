import { http, HttpResponse, type RequestHandler } from 'msw';
import { onTestFinished } from 'vitest';
import { api, server, verifiedUser } from '../../test/render-app.tsx';
import type { Agency, AgencyInvitation, AgencyMember } from './agency-api.ts';

/** The agency of the test user (Jana Kühn, owner), as GET /api/agency answers. */
export const agency: Agency = {
  id: '5c0d0c1e-0000-4000-8000-0000000000a1',
  name: 'Agentur Nord',
  primary_color: '#1f5f8b',
  logo_url: null,
  impressum_url: null,
  privacy_url: null,
};

/** Jana (the test user, owner), Tom (member) and a member without a name. */
export const members: AgencyMember[] = [
  {
    id: verifiedUser.id,
    email: verifiedUser.email,
    contact_name: 'Jana Kühn',
    role: 'owner',
    created_at: '2026-11-01T09:00:00Z',
  },
  {
    id: '6a1f0c1e-0000-4000-8000-0000000000b2',
    email: 'tom@agentur-nord.de',
    contact_name: 'Tom Berg',
    role: 'member',
    created_at: '2026-11-05T09:00:00Z',
  },
  {
    id: '6a1f0c1e-0000-4000-8000-0000000000b3',
    email: 'praktikum@agentur-nord.de',
    contact_name: null,
    role: 'member',
    created_at: '2026-11-06T09:00:00Z',
  },
];

export const invitations: AgencyInvitation[] = [
  {
    id: '3e1f0c1e-0000-4000-8000-0000000000c1',
    email: 'lea@agentur-nord.de',
    role: 'member',
    created_at: '2026-11-20T09:00:00Z',
    expires_at: '2026-11-27T09:00:00Z',
  },
];

/** A 204 without a body, as the server answers a DELETE of a member or an invitation. */
export const noContent = (path: string, seen: string[] = []) =>
  http.delete(`*/api${path}`, ({ request }) => {
    seen.push(new URL(request.url).pathname);
    return new HttpResponse(null, { status: 204 });
  });

/** The three loads of the agency screen for an owner. */
export const ownerHandlers = (): RequestHandler[] => [
  api.get('/agency', agency),
  api.get('/agency/members', members),
  api.get('/agency/invitations', invitations),
];

/** The paths of every API request from now on (to show that something was never asked). */
export function recordRequests(): string[] {
  const paths: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    paths.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return paths;
}
