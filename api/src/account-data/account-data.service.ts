import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { visibleDefinition } from '@fragewerk/engine/core';
import { AgencySchema } from '../agency/agency.entity.ts';
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
import { projectContacts } from '../projects/customer-contacts.repository.ts';
import { ActivityService } from '../projects/activity.service.ts';
import { QuestionsService } from '../client-loop/questions.service.ts';
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
    private readonly questions: QuestionsService,
    private readonly activity: ActivityService,
  ) {}

  /** Only the verified account itself (403 otherwise); call before the download starts. */
  assertSelf(actor: UserRow, id: string): void {
    this.users.assertSelf(actor, id);
  }

  /**
   * GET /user/{id}/export as chunks of one JSON document: the account, then one project after the
   * other (an owner's: every project of the agency; a member's: those they are responsible for), each with every step's answers as `GET /projects/{id}` shows them and the text of its
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
    // An owner's data is the agency's work: all its projects; a member's, the projects in their care.
    const ids = await em.execute<{ id: string }[]>(
      actor.role === 'owner'
        ? 'select id from project where agency_id = ? order by created_at, id'
        : 'select id from project where responsible_id = ? order by created_at, id',
      [actor.role === 'owner' ? actor.agency.id : actor.id],
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
    // The results as the view shows them: without the steps switched off for the project.
    const markup = resultsJson(
      visibleDefinition(definition, project.hidden_steps ?? []),
      prose,
      json as unknown as Record<string, unknown>,
    );
    const results = Object.fromEntries(
      Object.entries(markup.steps).map(([key, part]) => [key, resultsText(part ?? '')]),
    );
    // The customer's people the agency keeps for the project are its data, too, and so are the
    // Rückfragen with their replies and the project's history.
    const contacts = await projectContacts(em, id);
    const questions = await this.questions.list({ project, role: 'member' });
    const activity = await this.activity.all(project);
    return { ...json, results, contacts, questions, activity };
  }

  /**
   * DELETE /user/{id}: after the current password (guesses limited; a wrong one is a 422 at
   * `password`), in one transaction (docs/product.md#agentur):
   * - a member, or an owner beside whom the agency has another owner: the account with its
   *   one-time tokens, sessions and the outbox mails to its addresses; the agency's projects stay,
   *   those in the person's care pass to an owner;
   * - the agency's last owner: the agency with every member, project, answer, entry, progress
   *   row, migration log row, hash of a renewed share link, invitation and logo (`on delete
   *   cascade`), every member's sessions and the outbox mails to them or about the projects.
   * Then the limit rows of the addresses and the mail files.
   */
  async deleteAccount(actor: UserRow, id: string, body: unknown): Promise<void> {
    this.users.assertSelf(actor, id);
    const { password } = objectBody(body);
    await this.currentPassword.confirm(id, password, {
      field: 'password',
      status: HttpStatus.UNPROCESSABLE_ENTITY,
    });
    const erased = await this.orm.em.fork().transactional(async (em) => {
      const successor = await otherOwner(em, actor.agency.id, id);
      return successor
        ? this.eraseAccount(em, id, successor)
        : this.eraseAgency(em, actor.agency.id);
    });
    await this.cleanUpAfter(erased);
  }

  /**
   * Deletes the account `userId` in the transaction of `em`: the projects in its care pass to
   * `successorId`, its sessions end, the outbox mails and invitations to its addresses go.
   * Returns what `cleanUpAfter` removes once the transaction is committed.
   */
  async eraseAccount(em: EntityManager, userId: string, successorId: string): Promise<Erased> {
    await em.execute('update project set responsible_id = ? where responsible_id = ?', [
      successorId,
      userId,
    ]);
    const people = await this.addressesOf(em, 'u.id = ?', userId);
    const addresses = people.flatMap((person) => person.addresses);
    await deleteOutboxMailTo(em, addresses);
    // The invitation that brought the person in (and any other to their addresses) names them.
    await em.execute(
      `delete from agency_invitation
        where lower(email) in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(addresses)],
    );
    await this.sessions.destroyAllOf(userId, em);
    await em.nativeDelete(UserSchema, { id: userId });
    return { people, projectIds: [] };
  }

  /** Deletes the agency `agencyId` with its members and projects in the transaction of `em`. */
  private async eraseAgency(em: EntityManager, agencyId: string): Promise<Erased> {
    const people = await this.addressesOf(em, 'u.agency_id = ?', agencyId);
    const projects = await em.execute<{ id: string }[]>(
      'select id from project where agency_id = ?',
      [agencyId],
    );
    const projectIds = projects.map((row) => row.id);
    await deleteOutboxMailTo(
      em,
      people.flatMap((person) => person.addresses),
    );
    await deleteOutboxMailAbout(em, projectIds);
    for (const person of people) await this.sessions.destroyAllOf(person.id, em);
    await em.nativeDelete(AgencySchema, { id: agencyId });
    return { people, projectIds };
  }

  /**
   * The accounts `u` matching `where` with every address that reached them: login, contact and
   * an e-mail change waiting for its confirmation (its link was mailed to the new address).
   */
  private async addressesOf(em: EntityManager, where: string, param: string): Promise<Person[]> {
    const rows = await em.execute<{ id: string; addresses: (string | null)[] }[]>(
      `select u.id, array[u.email, u.contact_email] ||
              coalesce(array_agg(t.new_email) filter (where t.new_email is not null), '{}')
              as addresses
         from app_user u left join one_time_token t on t.user_id = u.id
        where ${where}
        group by u.id`,
      [param],
    );
    return rows.map((row) => ({
      id: row.id,
      addresses: [
        ...new Set(
          row.addresses
            .filter((address): address is string => Boolean(address))
            .map((address) => address.trim().toLowerCase()),
        ),
      ],
    }));
  }

  /**
   * After the commit: the limit rows hold only hashes of the addresses, and files are no
   * transaction's. A failure here leaves the account deleted and is logged.
   */
  async cleanUpAfter({ people, projectIds }: Erased): Promise<void> {
    try {
      for (const person of people)
        for (const address of person.addresses)
          await this.rateLimit.forgetAccount(person.id, address);
      await deleteMailFiles(mailFolder(this.config.dataDir), {
        to: people.flatMap((person) => person.addresses),
        mentioning: projectIds.map(projectMailMarker),
      });
    } catch (error) {
      this.logger.error(`Account gelöscht, Aufräumen unvollständig: ${String(error)}`);
    }
  }
}

/** A deleted account and the addresses that reached it. */
interface Person {
  id: string;
  addresses: string[];
}

/** What a deletion removed from the database, for `cleanUpAfter`. */
export interface Erased {
  people: Person[];
  projectIds: string[];
}

/**
 * An owner of the agency other than `userId` (the longest-standing), or undefined; locks the
 * agency until the transaction of `em` ends.
 */
export async function otherOwner(
  em: EntityManager,
  agencyId: string,
  userId: string,
): Promise<string | undefined> {
  // The agency's row first: two owners leaving at once are taken one after the other, so the
  // second finds no other owner and takes the agency with them.
  await em.execute('select 1 from agency where id = ? for update', [agencyId]);
  const [row] = await em.execute<{ id: string }[]>(
    `select id from app_user where agency_id = ? and role = 'owner' and id <> ?
      order by created_at, id limit 1`,
    [agencyId, userId],
  );
  return row?.id;
}
