import { Migration } from '@mikro-orm/migrations';

/** Customer contacts of a project, the invitations mailed to them, and a mail's sender name and reply-to. */
export class Migration20261128022857 extends Migration {
  override name = 'Migration20261128022857';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "customer_contact" ("id" uuid not null, "project_id" uuid not null, "name" varchar(200) not null, "email" varchar(254) not null, "invited_at" timestamptz null, "created_at" timestamptz not null default current_timestamp, primary key ("id"));`,
    );
    this.addSql(
      `alter table "customer_contact" add constraint "customer_contact_project_id_email_unique" unique ("project_id", "email");`,
    );

    this.addSql(
      `create table "customer_invitation" ("id" uuid not null, "project_id" uuid not null, "contact_id" uuid not null, "invited_by_id" uuid null, "created_at" timestamptz not null default current_timestamp, primary key ("id"));`,
    );
    this.addSql(
      `create index "customer_invitation_contact_id_index" on "customer_invitation" ("contact_id");`,
    );
    this.addSql(
      `create index "customer_invitation_invited_by_id_index" on "customer_invitation" ("invited_by_id");`,
    );
    this.addSql(
      `create index "customer_invitation_project_id_created_at_index" on "customer_invitation" ("project_id", "created_at");`,
    );

    this.addSql(
      `alter table "mail_outbox" add "sender_name" varchar(200) null, add "reply_to" varchar(254) null;`,
    );

    this.addSql(
      `alter table "customer_contact" add constraint "customer_contact_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "customer_invitation" add constraint "customer_invitation_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "customer_invitation" add constraint "customer_invitation_contact_id_foreign" foreign key ("contact_id") references "customer_contact" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "customer_invitation" add constraint "customer_invitation_invited_by_id_foreign" foreign key ("invited_by_id") references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "customer_invitation" drop constraint "customer_invitation_contact_id_foreign";`,
    );

    this.addSql(`drop table if exists "customer_contact" cascade;`);
    this.addSql(`drop table if exists "customer_invitation" cascade;`);

    this.addSql(`alter table "mail_outbox" drop column "sender_name", drop column "reply_to";`);
  }
}
