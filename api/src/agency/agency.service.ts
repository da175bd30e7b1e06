import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { AgencyJson } from '@fragewerk/schemas/types';
import { invalid, notFound } from '../common/api-error.ts';
import { objectBody, withoutKeys } from '../common/json-body.ts';
import { t } from '../common/messages.ts';
import { DEFINITION, type Definition } from '../definition/definition.providers.ts';
import type { UserRow } from '../users/user-row.ts';
import { agencyJson, findAgencyBranding } from './agency-json.ts';
import { AgencyLogoSchema } from './agency-logo.entity.ts';
import { AgencySchema } from './agency.entity.ts';
import settingsSchema from './agency-settings.schema.json' with { type: 'json' };
import { assertOwner } from './agency-roles.ts';
import { bodyCheck } from '../common/body-check.ts';
import { contrastOnWhite, MIN_CONTRAST_ON_WHITE, ratioText } from './contrast.ts';
import { detectLogoType, LOGO_TYPES, mediaTypeOf, type LogoType } from './logo-type.ts';
import { sanitizeSvg } from './svg-sanitizer.ts';

interface AgencySettings {
  name?: string;
  primary_color?: string | null;
  impressum_url?: string | null;
  privacy_url?: string | null;
}

/** Fields of the agency's JSON a client may send back unchanged; they are not its to set. */
const READ_ONLY = ['id', 'logo_url'];
/** Fields an empty text clears. */
const CLEARABLE = ['primary_color', 'impressum_url', 'privacy_url'];

const checkSettings = bodyCheck<AgencySettings>(settingsSchema);

/** A 422 at `logo` with one German message. */
const logoInvalid = (message: string) => invalid({ logo: [message] });

/** The agency itself (docs/product.md#agentur): its name, colour, legal links and logo. */
@Injectable()
export class AgencyService {
  constructor(
    private readonly orm: MikroORM,
    @Inject(DEFINITION) private readonly definition: Definition,
  ) {}

  /** GET /api/agency: the member's agency. */
  async json(user: UserRow): Promise<AgencyJson> {
    const agency = await findAgencyBranding(this.orm.em, user.agency.id);
    if (!agency) throw notFound();
    return agencyJson(agency);
  }

  /**
   * PATCH /api/agency (owners): the given fields, checked. An empty colour or link clears it; the
   * colour is stored in lower case and must reach 4.5:1 against white (WCAG AA), so white text on
   * it and it as text on white stay readable for the agency's customers.
   */
  async update(user: UserRow, body: unknown): Promise<AgencyJson> {
    assertOwner(user);
    const input = Object.fromEntries(
      Object.entries(withoutKeys(objectBody(body), READ_ONLY)).map(([key, value]) => [
        key,
        CLEARABLE.includes(key) && typeof value === 'string' && value.trim() === '' ? null : value,
      ]),
    );
    const changes = checkSettings(input, this.definition.messages);
    if (typeof changes.primary_color === 'string') {
      changes.primary_color = changes.primary_color.toLowerCase();
      const ratio = contrastOnWhite(changes.primary_color);
      if (ratio < MIN_CONTRAST_ON_WHITE) {
        throw invalid({ primary_color: [t('agency.contrast', { ratio: ratioText(ratio) })] });
      }
    }
    const em = this.orm.em.fork();
    const agency = await em.findOneOrFail(AgencySchema, { id: user.agency.id });
    em.assign(agency, changes);
    await em.flush();
    return this.json(user);
  }

  /**
   * PUT /api/agency/logo (owners): the bytes must be the type the request names, found by their
   * content (magic bytes, or SVG text); an SVG is stored as sanitised. Replaces the logo; its hash
   * (SHA-256 of the stored bytes) is its new address.
   */
  async setLogo(
    user: UserRow,
    contentType: string | undefined,
    bytes: Buffer,
  ): Promise<AgencyJson> {
    assertOwner(user);
    const declared = mediaTypeOf(contentType);
    const detected = detectLogoType(bytes);
    if (!LOGO_TYPES.includes(declared as LogoType) || detected !== declared) {
      throw logoInvalid(t('agency.logo.wrongType'));
    }
    let data = bytes;
    if (detected === 'image/svg+xml') {
      const clean = await sanitizeSvg(bytes.toString('utf8'));
      if (!clean) throw logoInvalid(t('agency.logo.unusableSvg'));
      data = Buffer.from(clean, 'utf8');
    }
    const hash = createHash('sha256').update(data).digest('hex');
    await this.orm.em.fork().transactional(async (em) => {
      await em.upsert(AgencyLogoSchema, {
        agency: user.agency.id,
        content_type: detected,
        data,
        hash,
        updated_at: new Date(),
      });
    });
    return this.json(user);
  }

  /** DELETE /api/agency/logo (owners): the agency shows the product's own mark again. */
  async deleteLogo(user: UserRow): Promise<AgencyJson> {
    assertOwner(user);
    await this.orm.em.fork().nativeDelete(AgencyLogoSchema, { agency: user.agency.id });
    return this.json(user);
  }

  /** The current logo of an agency if `hash` is its hash (public, see agency-logo.controller.ts). */
  async logo(
    agencyId: string,
    hash: string,
  ): Promise<{ contentType: string; data: Buffer } | undefined> {
    const [row] = await this.orm.em.execute<{ content_type: string; data: Buffer }[]>(
      'select content_type, data from agency_logo where agency_id = ? and hash = ?',
      [agencyId, hash],
    );
    return row ? { contentType: row.content_type, data: Buffer.from(row.data) } : undefined;
  }
}
