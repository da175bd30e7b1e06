import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CurrentPasswordService } from '../accounts/current-password.service.ts';
import { PgSessionStore } from '../accounts/pg-session-store.ts';
import { RateLimitService } from '../accounts/rate-limit.service.ts';
import { objectBody } from '../common/json-body.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import {
  DEFINITION_REVISIONS,
  type DefinitionRevisions,
} from '../definition/definition-revisions.ts';
import {
  deleteOutboxMailAbout,
  deleteOutboxMailTo,
  projectMailMarker,
} from '../mail/mail-erasure.ts';
import { deleteMailFiles, mailFolder } from '../mail/mail-files.ts';
import { projectDocuments } from '../projects/answers.repository.ts';
import { projectJson } from '../projects/project-json.ts';
import { resultsJson } from '../projects/project-results.ts';
import { findProject } from '../projects/projects.repository.ts';
import { resultsText } from '../projects/results-text.ts';
import { UserSchema } from '../users/user.entity.ts';
import { userJson } from '../users/user-json.ts';
import type { UserRow } from '../users/user-row.ts';
import { UsersService } from '../users/users.service.ts';

/** Marks the file as ours and its shape, for whoever reads it back. */
const EXPORT_FORMAT = { format: 'fragewerk-export', format_version: 1 } as const;

/**
 * The account's own data (GDPR Art. 15, 17 and 20, docs/product.md#accountendpunkte): everything
 * of an account as one JSON file, and deleting the account with everything that holds its
 * address or its projects' text.
 */
@Injectable()
export class AccountDataService {
  private readonly logger = new Logger('AccountData');

  constructor(
    private readonly orm: MikroORM,
    private readonly users: UsersService,
    private readonly currentPassword: CurrentPasswordService,
    private readonly rateLimit: RateLimitService,
    private readonly sessions: PgSessionStore,
    @Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Only the verified account itself (403 otherwise); call before the download starts. */
  assertSelf(actor: UserRow, id: string): void {
    this.users.assertSelf(actor, id);
  }

  /**
   * GET /user/{id}/export as chunks of one JSON document: the account, then one project after the
   * other, each with every step's answers as `GET /projects/{id}` shows them and the text of its
   * results view. Only one project is in memory at a time, however many the account has.
   */
  async *exportChunks(actor: UserRow): AsyncGenerator<string> {
    const em = this.orm.em.fork();
    const head = {
      ...EXPORT_FORMAT,
      exported_at: new Date().toISOString(),
      account: { ...userJson(actor), verified_at: actor.verified_at?.toISOString() ?? null },
    };
    yield `${JSON.stringify(head, null, 2).replace(/\n}$/, '')},\n  "projects": [`;
    const ids = await em.execute<{ id: string }[]>(
      'select id from project where owner_id = ? order by created_at, id',
      [actor.id],
    );
    let first = true;
    for (const { id } of ids) {
      const project = await this.projectExport(id);
      // Deleted while the file was being written: it is no longer the account's data.
      if (!project) continue;
      yield `${first ? '' : ','}\n    ${JSON.stringify(project, null, 2).replace(/\n/g, '\n    ')}`;
      first = false;
    }
    yield `${first ? '' : '\n  '}]\n}\n`;
  }

  /** One project as the project read shows it (without the share link), with its results text. */
  private async projectExport(id: string) {
    const em = this.orm.em.fork();
    const project = await findProject(em, id);
    if (!project) return undefined;
    const [{ answers, items }, revision] = await Promise.all([
      projectDocuments(em, id),
      this.revisions.of(project),
    ]);
    const { definition, prose } = revision;
    // The share link is a key to the project, not data about it: a downloaded file lying
    // around must not open it.
    const json = projectJson(project, definition, answers, items, {
      includeToken: false,
      isValid: revision.documentCheck,
    });
    const markup = resultsJson(definition, prose, json as unknown as Record<string, unknown>);
    const results = Object.fromEntries(
      Object.entries(markup.steps).map(([key, part]) => [key, resultsText(part ?? '')]),
    );
    return { ...json, results };
  }

  /**
   * DELETE /user/{id}: after the current password (guesses limited; a wrong one is a 422 at
   * `password`), in one transaction the account with its projects, answers, entries, progress
   * rows, migration log rows, hashes of renewed share links and one-time tokens (`on delete
   * cascade`), its sessions and the outbox mails to its addresses or about its projects. Then the limit rows of its addresses and
   * its mail files.
   */
  async deleteAccount(actor: UserRow, id: string, body: unknown): Promise<void> {
    this.users.assertSelf(actor, id);
    const { password } = objectBody(body);
    const user = await this.currentPassword.confirm(id, password, {
      field: 'password',
      status: HttpStatus.UNPROCESSABLE_ENTITY,
    });
    const { addresses, markers } = await this.orm.em.fork().transactional(async (em) => {
      // An e-mail change waiting for its confirmation has mailed the new address already.
      const pending = await em.execute<{ new_email: string }[]>(
        'select new_email from one_time_token where user_id = ? and new_email is not null',
        [id],
      );
      const projects = await em.execute<{ id: string }[]>(
        'select id from project where owner_id = ?',
        [id],
      );
      const addresses = [
        ...new Set(
          [user.email, user.contact_email, ...pending.map((row) => row.new_email)]
            .filter((address): address is string => Boolean(address))
            .map((address) => address.trim().toLowerCase()),
        ),
      ];
      const projectIds = projects.map((row) => row.id);
      await deleteOutboxMailTo(em, addresses);
      await deleteOutboxMailAbout(em, projectIds);
      await this.sessions.destroyAllOf(id, em);
      await em.nativeDelete(UserSchema, { id });
      return { addresses, markers: projectIds.map(projectMailMarker) };
    });
    // After the commit: the limit rows hold only hashes of the addresses, and files are no
    // transaction's. A failure here leaves the account deleted and is logged.
    try {
      for (const address of addresses) await this.rateLimit.forgetAccount(id, address);
      await deleteMailFiles(mailFolder(this.config.dataDir), {
        to: addresses,
        mentioning: markers,
      });
    } catch (error) {
      this.logger.error(`Account gelöscht, Aufräumen unvollständig: ${String(error)}`);
    }
  }
}
