import { Migration } from '@mikro-orm/migrations';

/**
 * Agencies (docs/product.md#agentur). Existing data moves in place: each account becomes the
 * owner of an agency named after its company, with the account's id as the agency's id, so every
 * project's former `owner_id` already is its agency's id; the account stays responsible for its
 * projects. Nothing else changes for anyone.
 */
export class Migration20261127215930 extends Migration {
  override name = 'Migration20261127215930';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "agency" ("id" uuid not null, "name" varchar(200) not null, "primary_color" varchar(7) null, "impressum_url" varchar(2000) null, "privacy_url" varchar(2000) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create table "agency_logo" ("agency_id" uuid not null, "content_type" varchar(40) not null, "data" bytea not null, "hash" varchar(64) not null, "updated_at" timestamptz not null, primary key ("agency_id"));`,
    );
    this.addSql(
      `create table "agency_invitation" ("id" uuid not null, "agency_id" uuid not null, "email" varchar(254) not null, "role" varchar(10) not null, "token_hash" varchar(64) not null, "invited_by_id" uuid null, "expires_at" timestamptz not null, "accepted_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "agency_invitation_agency_id_index" on "agency_invitation" ("agency_id");`,
    );
    this.addSql(
      `alter table "agency_invitation" add constraint "agency_invitation_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(
      `create index "agency_invitation_invited_by_id_index" on "agency_invitation" ("invited_by_id");`,
    );

    // Every account becomes the owner of its own agency, named after its company.
    this.addSql(
      `insert into "agency" ("id", "name", "created_at", "updated_at") select "id", "company", "created_at", now() from "app_user";`,
    );
    this.addSql(
      `alter table "app_user" add "agency_id" uuid null, add "role" varchar(10) not null default 'owner';`,
    );
    this.addSql(`update "app_user" set "agency_id" = "id";`);
    this.addSql(`alter table "app_user" alter column "agency_id" set not null;`);
    this.addSql(
      `alter table "app_user" add constraint "app_user_agency_id_foreign" foreign key ("agency_id") references "agency" ("id") on delete cascade;`,
    );
    this.addSql(`create index "app_user_agency_id_index" on "app_user" ("agency_id");`);

    // The project's owner stays responsible; its agency has the owner's id.
    this.addSql(`alter table "project" drop constraint "project_owner_id_foreign";`);
    this.addSql(`drop index "project_owner_id_index";`);
    this.addSql(`alter table "project" add "responsible_id" uuid null;`);
    this.addSql(`update "project" set "responsible_id" = "owner_id";`);
    this.addSql(`alter table "project" alter column "responsible_id" set not null;`);
    this.addSql(
      `alter table "project" add constraint "project_responsible_id_foreign" foreign key ("responsible_id") references "app_user" ("id") on delete no action;`,
    );
    this.addSql(`alter table "project" rename column "owner_id" to "agency_id";`);
    this.addSql(
      `alter table "project" add constraint "project_agency_id_foreign" foreign key ("agency_id") references "agency" ("id") on delete cascade;`,
    );
    this.addSql(`create index "project_agency_id_index" on "project" ("agency_id");`);
    this.addSql(`create index "project_responsible_id_index" on "project" ("responsible_id");`);

    this.addSql(
      `alter table "agency_logo" add constraint "agency_logo_agency_id_foreign" foreign key ("agency_id") references "agency" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "agency_invitation" add constraint "agency_invitation_agency_id_foreign" foreign key ("agency_id") references "agency" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "agency_invitation" add constraint "agency_invitation_invited_by_id_foreign" foreign key ("invited_by_id") references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    // Back to one owner per project: the responsible member (the agency's other members lose
    // nothing of their own, but their projects go to the accounts responsible for them).
    this.addSql(`drop table if exists "agency_invitation" cascade;`);
    this.addSql(`drop table if exists "agency_logo" cascade;`);
    this.addSql(`alter table "project" drop constraint "project_agency_id_foreign";`);
    this.addSql(`alter table "project" drop constraint "project_responsible_id_foreign";`);
    this.addSql(`drop index "project_agency_id_index";`);
    this.addSql(`drop index "project_responsible_id_index";`);
    this.addSql(`alter table "project" drop column "agency_id";`);
    this.addSql(`alter table "project" rename column "responsible_id" to "owner_id";`);
    this.addSql(
      `alter table "project" add constraint "project_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on update no action on delete cascade;`,
    );
    this.addSql(`create index "project_owner_id_index" on "project" ("owner_id");`);
    this.addSql(`alter table "app_user" drop constraint "app_user_agency_id_foreign";`);
    this.addSql(`drop index "app_user_agency_id_index";`);
    this.addSql(`alter table "app_user" drop column "agency_id", drop column "role";`);
    this.addSql(`drop table if exists "agency" cascade;`);
  }
}
