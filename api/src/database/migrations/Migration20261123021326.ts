import { Migration } from '@mikro-orm/migrations';

export class Migration20261123021326 extends Migration {
  override name = 'Migration20261123021326';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "definition_migration_log" ("id" uuid not null, "project_id" uuid not null, "from_revision" varchar(64) not null, "to_revision" varchar(64) not null, "migrations" varchar(200) not null, "step_key" varchar(100) not null, "item_id" uuid null, "before" jsonb not null, "after" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "definition_migration_log_project_id_index" on "definition_migration_log" ("project_id");`,
    );

    this.addSql(
      `create table "definition_revision" ("id" varchar(64) not null, "version" int not null, "definition" text not null, "created_at" timestamptz not null, "activated_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(`alter table "project" add "definition_revision_id" varchar(64) null;`);
    this.addSql(
      `alter table "project" add constraint "project_definition_revision_id_foreign" foreign key ("definition_revision_id") references "definition_revision" ("id") on delete restrict;`,
    );
    this.addSql(
      `create index "project_definition_revision_id_index" on "project" ("definition_revision_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "project" drop constraint "project_definition_revision_id_foreign";`);

    this.addSql(`drop table if exists "definition_migration_log" cascade;`);
    this.addSql(`drop table if exists "definition_revision" cascade;`);

    this.addSql(`drop index "project_definition_revision_id_index";`);
    this.addSql(`alter table "project" drop column "definition_revision_id";`);
  }
}
