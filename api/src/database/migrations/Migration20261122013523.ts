import { Migration } from '@mikro-orm/migrations';

export class Migration20261122013523 extends Migration {
  override name = 'Migration20261122013523';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "login_attempt" ("key" varchar(300) not null, "window_started_at" timestamptz not null, "failures" int not null, primary key ("key"));`,
    );

    this.addSql(
      `create table "session" ("sid" varchar(100) not null, "data" jsonb not null, "user_id" uuid null, "expires_at" timestamptz not null, primary key ("sid"));`,
    );
    this.addSql(`create index "session_user_id_index" on "session" ("user_id");`);
    this.addSql(`create index "session_expires_at_index" on "session" ("expires_at");`);

    this.addSql(
      `create table "app_user" ("id" uuid not null, "company" varchar(200) not null, "email" varchar(254) not null, "password_hash" varchar(200) not null, "contact_name" varchar(200) null, "contact_email" varchar(254) null, "verified_at" timestamptz null, "show_welcome_box" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "app_user" add constraint "app_user_email_unique" unique ("email");`);

    this.addSql(
      `create table "one_time_token" ("id" uuid not null, "user_id" uuid not null, "purpose" varchar(20) not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "one_time_token" add constraint "one_time_token_token_hash_unique" unique ("token_hash");`,
    );

    this.addSql(
      `create table "project" ("id" uuid not null, "owner_id" uuid not null, "customer_firm" varchar(200) not null, "project_name" varchar(200) not null, "edit_token" varchar(64) not null, "definition_version" int not null, "is_approved" boolean not null default false, "approved_at" timestamptz null, "is_archived" boolean not null default false, "is_niceview_enabled" boolean not null default false, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "project_owner_id_index" on "project" ("owner_id");`);
    this.addSql(
      `alter table "project" add constraint "project_edit_token_unique" unique ("edit_token");`,
    );

    this.addSql(
      `create table "item" ("id" uuid not null, "project_id" uuid not null, "step_key" varchar(100) not null, "position" int not null, "data" jsonb not null, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "item_project_id_step_key_position_index" on "item" ("project_id", "step_key", "position");`,
    );

    this.addSql(
      `create table "answer" ("id" uuid not null, "project_id" uuid not null, "step_key" varchar(100) not null, "data" jsonb not null, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "answer" add constraint "answer_project_id_step_key_unique" unique ("project_id", "step_key");`,
    );

    this.addSql(
      `alter table "one_time_token" add constraint "one_time_token_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "project" add constraint "project_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "item" add constraint "item_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "answer" add constraint "answer_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "one_time_token" drop constraint "one_time_token_user_id_foreign";`);
    this.addSql(`alter table "project" drop constraint "project_owner_id_foreign";`);
    this.addSql(`alter table "item" drop constraint "item_project_id_foreign";`);
    this.addSql(`alter table "answer" drop constraint "answer_project_id_foreign";`);

    this.addSql(`drop table if exists "login_attempt" cascade;`);
    this.addSql(`drop table if exists "session" cascade;`);
    this.addSql(`drop table if exists "app_user" cascade;`);
    this.addSql(`drop table if exists "one_time_token" cascade;`);
    this.addSql(`drop table if exists "project" cascade;`);
    this.addSql(`drop table if exists "item" cascade;`);
    this.addSql(`drop table if exists "answer" cascade;`);
  }
}
