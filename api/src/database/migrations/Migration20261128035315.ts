import { Migration } from '@mikro-orm/migrations';

/** The client loop: Rückfragen with replies, „geprüft“ marks, the history, reminders with their due date and opt-out (also the one-click unsubscribe header of a mail). */
export class Migration20261128035315 extends Migration {
  override name = 'Migration20261128035315';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "step_review" ("project_id" uuid not null, "step_key" varchar(64) not null, "reviewed_by_id" uuid null, "reviewed_at" timestamptz not null default current_timestamp, primary key ("project_id", "step_key"));`,
    );
    this.addSql(
      `create index "step_review_reviewed_by_id_index" on "step_review" ("reviewed_by_id");`,
    );

    this.addSql(
      `create table "project_question" ("id" uuid not null, "project_id" uuid not null, "step_key" varchar(64) not null, "item_id" uuid null, "author_id" uuid null, "text" varchar(2000) not null, "created_at" timestamptz not null default current_timestamp, "resolved_at" timestamptz null, "resolved_by_id" uuid null, "mailed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create index "project_question_author_id_index" on "project_question" ("author_id");`,
    );
    this.addSql(
      `create index "project_question_resolved_by_id_index" on "project_question" ("resolved_by_id");`,
    );
    this.addSql(
      `create index "project_question_project_id_created_at_index" on "project_question" ("project_id", "created_at");`,
    );

    this.addSql(
      `create table "question_reply" ("id" uuid not null, "question_id" uuid not null, "project_id" uuid not null, "author_kind" varchar(10) not null, "author_id" uuid null, "text" varchar(2000) not null, "created_at" timestamptz not null default current_timestamp, "mailed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create index "question_reply_question_id_index" on "question_reply" ("question_id");`,
    );
    this.addSql(`create index "question_reply_author_id_index" on "question_reply" ("author_id");`);
    this.addSql(
      `create index "question_reply_project_id_created_at_index" on "question_reply" ("project_id", "created_at");`,
    );

    this.addSql(
      `create table "project_activity" ("id" uuid not null, "project_id" uuid not null, "at" timestamptz not null default current_timestamp, "actor_kind" varchar(10) not null, "actor_id" uuid null, "kind" varchar(40) not null, "step_key" varchar(64) null, "item_id" uuid null, "detail" jsonb not null default '{}', "count" int not null default 1, primary key ("id"));`,
    );
    this.addSql(
      `create index "project_activity_actor_id_index" on "project_activity" ("actor_id");`,
    );
    this.addSql(
      `create index "project_activity_project_id_at_index" on "project_activity" ("project_id", "at");`,
    );

    this.addSql(
      `create table "reminder_sent" ("id" uuid not null, "project_id" uuid not null, "contact_id" uuid not null, "rule" varchar(60) not null, "sent_at" timestamptz not null default current_timestamp, primary key ("id"));`,
    );
    this.addSql(`create index "reminder_sent_contact_id_index" on "reminder_sent" ("contact_id");`);
    this.addSql(
      `alter table "reminder_sent" add constraint "reminder_sent_project_id_contact_id_rule_unique" unique ("project_id", "contact_id", "rule");`,
    );

    this.addSql(
      `alter table "project" add "due_date" date null, add "reminders_enabled" boolean not null default true;`,
    );

    this.addSql(`alter table "customer_contact" add "reminders_off_at" timestamptz null;`);

    this.addSql(`alter table "mail_outbox" add "list_unsubscribe" text null;`);

    this.addSql(
      `alter table "step_review" add constraint "step_review_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "step_review" add constraint "step_review_reviewed_by_id_foreign" foreign key ("reviewed_by_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "project_question" add constraint "project_question_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "project_question" add constraint "project_question_author_id_foreign" foreign key ("author_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "project_question" add constraint "project_question_resolved_by_id_foreign" foreign key ("resolved_by_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "question_reply" add constraint "question_reply_question_id_foreign" foreign key ("question_id") references "project_question" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "question_reply" add constraint "question_reply_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "question_reply" add constraint "question_reply_author_id_foreign" foreign key ("author_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "project_activity" add constraint "project_activity_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "project_activity" add constraint "project_activity_actor_id_foreign" foreign key ("actor_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "reminder_sent" add constraint "reminder_sent_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "reminder_sent" add constraint "reminder_sent_contact_id_foreign" foreign key ("contact_id") references "customer_contact" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "question_reply" drop constraint "question_reply_question_id_foreign";`,
    );

    this.addSql(`drop table if exists "step_review" cascade;`);
    this.addSql(`drop table if exists "project_question" cascade;`);
    this.addSql(`drop table if exists "question_reply" cascade;`);
    this.addSql(`drop table if exists "project_activity" cascade;`);
    this.addSql(`drop table if exists "reminder_sent" cascade;`);

    this.addSql(`alter table "customer_contact" drop column "reminders_off_at";`);

    this.addSql(`alter table "mail_outbox" drop column "list_unsubscribe";`);

    this.addSql(`alter table "project" drop column "due_date", drop column "reminders_enabled";`);
  }
}
